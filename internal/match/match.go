// Package match judges whether a person a people search returned is the
// person a sheet's row names by name and company. It decides for
// precision: a name agrees only when its given and family names do, in
// any of the spellings sheets use (case, accents, punctuation, "Last,
// First", a middle name or its initial, titles and degrees around it); a
// company agrees only when its name does once legal forms, case and "The"
// are set aside, or when the sheet gives the company's web domain. A row
// is matched only when exactly one candidate agrees; a location or title
// on the row narrows several down to one.
package match

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/enrich-dev/enrich/internal/sheet"
)

// Name is a person's name as words folded to lower-case base letters.
type Name struct {
	Given  string   // the first given name
	Middle []string // further given names or their initials, in order
	Family []string // the family name, one or more words
	// Marked says the sheet told the family name apart (a last-name
	// column, or "Last, First"): a profile may then write the name family
	// first, as Vietnamese, Chinese, Korean and Hungarian names are.
	Marked bool
}

// IsZero reports whether the name has no given or no family name: it
// cannot be matched.
func (n Name) IsZero() bool { return n.Given == "" || len(n.Family) == 0 }

// String returns the name's words, given names first.
func (n Name) String() string {
	return strings.Join(slices.Concat([]string{n.Given}, n.Middle, n.Family), " ")
}

// honorifics come before a name (courtesy titles, and the academic and
// professional titles of German, Austrian, Swiss, French, Spanish,
// Italian, Dutch, Polish and Nordic usage: "Dipl.-Ing.", "Dr. med.",
// "Prof. Dr.-Ing. habil.", "Mag.", "Lic.", "Dott.ssa", "Mgr. inż.",
// "cand. jur."), degrees, credentials and generations after it ("PhD",
// ", RN, BSN", ", CISSP", ", Dipl.-Kfm."); they are not part of it. Words
// that are also names in some language ("Don", "Do", "Ra", "Ek") are left
// out.
var (
	honorifics = set("mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "herr", "frau", "mme", "mlle",
		"dipl", "ing", "med", "dent", "vet", "rer", "nat", "pol", "oec", "phil", "jur", "habil", "mag", "fh", "univ",
		"priv", "doz", "lic", "licda", "lcda", "lcdo", "dra", "arq", "abog", "dott", "dottssa", "dottoressa", "avv",
		"sigra", "mgr", "inz", "hab", "drs", "ir", "me", "pr", "sra", "srta", "rev", "fr", "cand", "civ", "oecon",
		"merc", "kfm", "techn", "bakk", "ddr", "dipl-ing", "sr")
	postnames = set("jr", "sr", "ii", "iii", "iv", "phd", "md", "mba", "cpa", "esq", "msc", "bsc", "ma", "ba", "dds",
		"rn", "pe", "pmp", "cfa", "bsn", "msn", "np", "cissp", "cisa", "cism", "ceh", "cma", "acca", "aca", "fca",
		"cfp", "shrm", "scp", "phr", "sphr", "dnp", "pharmd", "jd", "llm", "llb", "mph", "mpa", "mfa", "meng",
		"beng", "dvm", "lpn", "crna", "facs", "frcs", "frcp", "mrcp", "peng", "cga", "itil", "csm", "ccna",
		"ccnp", "psyd", "edd", "lcsw", "lmft", "obe", "mbe", "cbe", "qc", "kc", "dipl", "kfm", "ing", "mag",
		"eng", "fh", "hons", "bcom", "mcom", "bba", "msw", "aprn", "fnp", "bc")
)

// ParseName reads a full name as sheets write it: "First Middle Last",
// "Last, First Middle" (a comma followed by given names, not by a
// degree), or "LAST First", the family name first in capitals as French
// and East Asian lists write it ("LIN Che-Wei"). Honorifics and degrees
// are dropped. A name of one word is zero: it names nobody.
func ParseName(full string) Name {
	if before, after, ok := strings.Cut(full, ","); ok {
		rest := words(after)
		// After one word, the words after the comma are the given name
		// even where they spell a credential: "Zhong, Peng" is Peng Zhong,
		// not Zhong, a professional engineer.
		named := words(before)
		for len(named) > 1 && honorifics[named[0]] {
			named = named[1:]
		}
		alone := len(named) == 1
		if given := trimName(rest, 1); len(given) > 0 && (alone || !allPostnames(rest)) {
			family := trimName(words(before), 1)
			if len(family) == 0 {
				return Name{}
			}
			return Name{Given: given[0], Middle: given[1:], Family: family, Marked: true}
		}
		full = before // "John Smith, PhD"
	}
	if n, ok := capitalFirst(full); ok {
		return n
	}
	if n, ok := localPart(full); ok {
		return n
	}
	return fromWords(nameWords(full, 2))
}

// localPart reads a name written as the local part of an e-mail address
// ("rahul.shukla", "rahul_shukla"): one word of letters with dots or
// underscores between parts of two letters or more.
func localPart(full string) (Name, bool) {
	full = strings.TrimSpace(full)
	if strings.ContainsAny(full, " \t,") || !strings.ContainsAny(full, "._") {
		return Name{}, false
	}
	parts := strings.FieldsFunc(full, func(r rune) bool { return r == '.' || r == '_' })
	for _, p := range parts {
		if utf8.RuneCountInString(p) < 2 || strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) >= 0 {
			return Name{}, false
		}
	}
	return fromWords(words(strings.Join(parts, " "))), len(parts) >= 2
}

// capitalFirst reads a name whose first word (after any title) is in
// capitals and some later word is not: the family name written first.
func capitalFirst(full string) (Name, bool) {
	fields := strings.Fields(full)
	for len(fields) > 2 && honorifics[strings.Join(words(fields[0]), "")] {
		fields = fields[1:]
	}
	if len(fields) < 2 || !capitals(fields[0]) {
		return Name{}, false
	}
	lower := false
	for _, f := range fields[1:] {
		lower = lower || !capitals(f) && !isInitial(f)
	}
	family, given := words(fields[0]), trimName(words(strings.Join(fields[1:], " ")), 1)
	if !lower || len(family) == 0 || len(given) == 0 {
		return Name{}, false
	}
	return Name{Given: given[0], Middle: given[1:], Family: family, Marked: true}, true
}

// capitals reports whether a word has two letters or more, all capitals.
func capitals(s string) bool {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			n++
		}
	}
	return n >= 2
}

// isInitial reports whether a word is an initial: one letter, with or
// without its dot ("D.", "D"). It says nothing of how a name is cased.
func isInitial(s string) bool {
	s = strings.TrimSuffix(s, ".")
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && unicode.IsLetter(r)
}

// SplitName reads a name given as first and last name columns.
func SplitName(first, last string) Name {
	given, family := trimName(words(first), 1), trimName(words(last), 1)
	if len(given) == 0 || len(family) == 0 {
		return Name{}
	}
	return Name{Given: given[0], Middle: given[1:], Family: family, Marked: true}
}

func fromWords(w []string) Name {
	if len(w) < 2 {
		return Name{}
	}
	return Name{Given: w[0], Middle: w[1 : len(w)-1], Family: w[len(w)-1:]}
}

// trimName drops honorifics before a name and degrees after it, as long
// as keep words are left: "Tao Ma" keeps its family name, which is also a
// degree's.
func trimName(w []string, keep int) []string {
	for len(w) > keep && honorifics[w[0]] {
		w = w[1:]
	}
	for len(w) > keep && postnames[w[len(w)-1]] {
		w = w[:len(w)-1]
	}
	return w
}

// nameWords is trimName of a name's words, except that a last word
// written as a name ("Tao Ma", "Ana Pe") is kept even where a degree of
// that spelling ("MA", "PE") would go.
func nameWords(full string, keep int) []string {
	w := words(full)
	fields := strings.Fields(full)
	if n := len(fields); n > 0 && len(w) > 0 && !capitals(fields[n-1]) && strings.Count(fields[n-1], ".") == 0 &&
		surnamePostnames[w[len(w)-1]] {
		return append(trimName(w[:len(w)-1], keep-1), w[len(w)-1])
	}
	return trimName(w, keep)
}

// surnamePostnames are degrees spelt as family names are: "Ma", "Pe",
// "Eng".
var surnamePostnames = set("ma", "ba", "pe", "md", "np", "ca", "aca", "ing", "mag", "bc", "eng")

func allPostnames(w []string) bool {
	for _, x := range w {
		if !postnames[x] {
			return false
		}
	}
	return len(w) > 0
}

// NamesAgree reports whether a row's name and a candidate's full name
// name the same person: the same first given name and the same family
// name, and middle names that do not contradict (either side may have
// more, and an initial stands for a name it begins). A row without a
// family name marked takes its last word for it, and then a profile's
// given name first; so "Gabriel García Márquez" agrees with "Gabriel José
// García Márquez". A profile that writes the family name first
// ("Huỳnh Minh Tuấn" for Minh Tuấn Huỳnh) agrees with a marked name, and
// with an unmarked one of the very same words.
func NamesAgree(row Name, candidate string) bool {
	if row.IsZero() {
		return false
	}
	w := nameWords(candidate, 2)
	if namesAgree(row, w) {
		return true
	}
	// Jörg Müller is Joerg Mueller: umlauts written out as German
	// and Nordic spelling does when the letters are missing.
	if spelt := umlauts.Replace(candidate); spelt != candidate && namesAgree(row, nameWords(spelt, 2)) {
		return true
	}
	// Al-Qahtani is AlQahtani, Van Der Berg Vanderberg: a particle
	// written with the name or apart.
	glued := row
	glued.Family = glue(row.Family)
	return namesAgree(glued, glue(w))
}

// particles stand before family names, written apart from them or not.
var particles = set("al", "el", "abu", "bin", "ben", "van", "von", "der", "den", "de", "da", "di", "du", "le", "la", "mac", "mc")

// glue writes each particle together with the word after it:
// "al qahtani" is "alqahtani", "van der berg" "vanderberg".
func glue(w []string) []string {
	var out []string
	carry := ""
	for i, x := range w {
		if particles[x] && i+1 < len(w) {
			carry += x
			continue
		}
		out = append(out, carry+x)
		carry = ""
	}
	return out
}

// umlauts writes out the vowels German and Nordic names spell with two
// letters where a keyboard lacks the one.
var umlauts = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ø", "oe", "Ø", "Oe", "å", "aa", "Å", "Aa")

// namesAgree is NamesAgree of a candidate's name as words.
func namesAgree(row Name, w []string) bool {
	if len(w) < 2 {
		return false
	}
	if w[0] == row.Given {
		rest := w[1:]
		if n := len(rest) - len(row.Family); n >= 0 && slices.Equal(rest[n:], row.Family) && middlesAgree(row.Middle, rest[:n]) {
			return true
		}
	}
	if len(w) <= len(row.Family) || !slices.Equal(w[:len(row.Family)], row.Family) {
		return false
	}
	given := w[len(row.Family):]
	if !row.Marked {
		// Unmarked, the row's last word is taken for the family name:
		// the profile must then hold the very same names.
		return slices.Equal(given, slices.Concat([]string{row.Given}, row.Middle))
	}
	return given[0] == row.Given && middlesAgree(row.Middle, given[1:])
}

// middlesAgree reports whether two lists of middle names do not
// contradict: one is found in the other, in order.
func middlesAgree(a, b []string) bool { return compatible(a, b) || compatible(b, a) }

// compatible reports whether every name of a appears in b, in order, an
// initial standing for a name it begins.
func compatible(a, b []string) bool {
	j := 0
	for _, x := range a {
		for j < len(b) && !sameGiven(x, b[j]) {
			j++
		}
		if j == len(b) {
			return false
		}
		j++
	}
	return true
}

func sameGiven(a, b string) bool {
	if a == b {
		return true
	}
	short, long := a, b
	if len(short) > len(long) {
		short, long = long, short
	}
	return len(short) == 1 && strings.HasPrefix(long, short)
}

// words returns the words of s folded: lower case, accents and the
// letters Unicode does not decompose set to base letters, dots and
// apostrophes dropped inside words ("O'Brien" is "obrien", "J.R." is
// "jr"), any other mark between letters a space.
func words(s string) []string {
	var out []string
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == '.' || r == '\'' || r == '’' || r == '/':
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if rep, ok := foldSpecial[r]; ok {
				cur = append(cur, rep...)
			} else {
				cur = utf8.AppendRune(cur, unicode.ToLower(r))
			}
		case r == '&':
			flush()
			out = append(out, "and")
		default:
			flush()
		}
	}
	flush()
	return out
}

// foldSpecial covers letters that Unicode does not decompose into a base
// letter and a mark.
var foldSpecial = map[rune]string{
	'ł': "l", 'Ł': "l", 'ø': "o", 'Ø': "o", 'ß': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe",
	'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d", 'þ': "th", 'Þ': "th", 'ı': "i", 'ħ': "h", 'Ħ': "h",
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// Fold returns the words of s folded (see words), joined by spaces.
func Fold(s string) string { return strings.Join(words(s), " ") }

// RowOf reads what a sheet's row says of its person for matching: the
// name from the first and last name cells, else from the full name.
func RowOf(p sheet.Person) Row {
	var name Name
	if p.First != "" || p.Last != "" {
		name = SplitName(p.First, p.Last)
	}
	if name.IsZero() && p.Name != "" {
		name = ParseName(p.Name)
	}
	return Row{Name: name, Company: p.Company, Location: p.Location, Title: p.Title}
}

// Key names what a search for a row's person looks for, the same for
// every spelling of the same name, company, place and title. ok is false
// when the person cannot be searched for: no given and family name, or no
// company.
func Key(p sheet.Person) (key string, ok bool) {
	r := RowOf(p)
	company := CompanyOf(r.Company)
	if r.Name.IsZero() || company == "" {
		return "", false
	}
	return strings.Join([]string{r.Name.String(), company, Fold(r.Location), Fold(r.Title)}, "|"), true
}

// Display writes the name for a sentence: "Jane Q Doe".
func (n Name) Display() string { return title(n.String()) }
