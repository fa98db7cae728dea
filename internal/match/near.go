package match

import (
	"slices"
	"strings"

	"github.com/agnivade/levenshtein"
)

// A near miss is a name or a company that is not written as the
// candidate's but that a careful person would still read as theirs: a
// nickname (Bob for Robert), an initial for the given name (W. for
// William), a spelling of the family name (Mueller for
// Müller, AlQahtani for Al-Qahtani), the first of two surnames (García
// for García Márquez), a short brand (Oakworth for Oakworth Software), a
// company misspelt by a letter or two, a web address that is the brand's.
// A near miss alone never matches: something else on the row must agree.

// nearName reports whether a row's name agrees with a candidate's through
// near misses, and which: the reading of the candidate's words with the
// fewest.
func nearName(row Name, candidate string) ([]string, bool) {
	if row.IsZero() {
		return nil, false
	}
	w := nameWords(candidate, 2)
	var best []string
	found := false
	try := func(given, family []string) {
		g, ok := nearGiven(row, given, candidate)
		if !ok {
			return
		}
		f, ok := nearFamily(row.Family, family, candidate)
		if !ok {
			return
		}
		relaxed := slices.Concat(g, f)
		if len(relaxed) > 0 && (!found || len(relaxed) < len(best)) {
			best, found = relaxed, true
		}
	}
	for k := 1; k < len(w); k++ {
		try(w[:k], w[k:])
		try(w[k:], w[:k]) // the family name first
	}
	return best, found
}

// nearGiven compares the row's given names with a candidate's: the first
// the same or a nickname of it, the middle ones compatible.
func nearGiven(row Name, given []string, candidate string) ([]string, bool) {
	if !middlesAgree(row.Middle, given[1:]) {
		return nil, false
	}
	switch {
	case given[0] == row.Given:
		return nil, true
	case isNickname(row.Given, given[0]):
		return []string{"nickname " + title(row.Given) + "→" + spelt(candidate, given[:1])}, true
	case Vowels(row.Given) == Vowels(given[0]):
		return []string{"spelling " + title(row.Given) + "→" + spelt(candidate, given[:1])}, true
	case len(row.Given) == 1 && len(given[0]) > 1 && strings.HasPrefix(given[0], row.Given):
		return []string{"initial " + title(row.Given) + ".→" + spelt(candidate, given[:1])}, true
	}
	return nil, false
}

// nearFamily compares family names: the same, the same once spelt
// loosely (umlauts written out, particles glued), or the first of the
// candidate's surnames.
func nearFamily(row, family []string, candidate string) ([]string, bool) {
	switch {
	case slices.Equal(row, family):
		return nil, true
	case Vowels(strings.Join(row, "")) == Vowels(strings.Join(family, "")):
		return []string{"spelling " + title(strings.Join(row, " ")) + "→" + spelt(candidate, family)}, true
	case len(row) < len(family) && Vowels(strings.Join(row, "")) == Vowels(strings.Join(family[:len(row)], "")):
		return []string{"first surname " + title(strings.Join(row, " ")) + " of " + spelt(candidate, family)}, true
	}
	return nil, false
}

// Vowels spells a folded word as transliterations agree on: German and
// Nordic vowels written out (ue, oe, ae, aa) read as the letter folded
// ("juergen" is "jurgen").
func Vowels(w string) string { return vowelsOut.Replace(w) }

var vowelsOut = strings.NewReplacer("ue", "u", "oe", "o", "ae", "a", "aa", "a")

// nearCompany reports whether a row's company agrees with a candidate's
// employer through a near miss, and which.
func nearCompany(row, candidate string) (string, bool) {
	key := CompanyKey(candidate)
	cw := strings.Fields(key)
	if len(cw) == 0 {
		return "", false
	}
	if label, ok := domainName(row); ok {
		if domainBrand(label, cw) {
			return "web address " + strings.ToLower(strings.TrimSpace(row)) + " for " + candidate, true
		}
		return "", false
	}
	rw := strings.Fields(CompanyKey(row))
	switch {
	case len(rw) == 0:
		return "", false
	case len(rw) < len(cw) && slices.Equal(rw, cw[:len(rw)]) && len(strings.Join(rw, "")) >= 3:
		return "short brand " + strings.TrimSpace(row) + " for " + candidate, true
	case len(cw) < len(rw) && slices.Equal(cw, rw[:len(cw)]) && len(strings.Join(cw, "")) >= 3:
		return "company " + strings.TrimSpace(row) + " for " + candidate, true
	}
	a, b := strings.Join(rw, " "), key
	if n := min(len([]rune(a)), len([]rune(b))); n >= 5 {
		allowed := 1
		if n >= 10 {
			allowed = 2
		}
		if d := levenshtein.ComputeDistance(a, b); (d <= allowed || transposed(a, b)) && a[0] == b[0] {
			return "company spelling " + strings.TrimSpace(row) + " for " + candidate, true
		}
	}
	return "", false
}

// transposed reports whether b is a with two neighbouring letters
// swapped: one slip of the fingers, which an edit distance counts twice.
func transposed(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// domainBrand reports whether a domain's label is a company's brand
// without being its whole name: the first words of the name
// ("oakworth.com" for Oakworth Software), the name with a word the
// business adds ("oakworthlabs"), or "get…" and "…hq" around it.
func domainBrand(label string, name []string) bool {
	full := strings.Join(name, "")
	for k := 1; k < len(name); k++ {
		if label == strings.Join(name[:k], "") && len(label) >= 3 {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(label, full); ok && rest != "" && len(rest) <= 6 {
		return true
	}
	return label == "get"+full || label == full+"hq" || label == full+"app"
}

// spelt writes folded words of a candidate's name as the name spells
// them: "Köhler", not "kohler".
func spelt(candidate string, folded []string) string {
	raw := strings.FieldsFunc(candidate, func(r rune) bool { return r == ' ' || r == '-' || r == ',' })
	out := make([]string, len(folded))
	for i, f := range folded {
		out[i] = title(f)
		for _, t := range raw {
			if Fold(t) == f {
				out[i] = t
				break
			}
		}
	}
	return strings.Join(out, " ")
}

// title writes folded words with capitals, for what a person reads.
func title(s string) string {
	b := []byte(s)
	for i := range b {
		if (i == 0 || b[i-1] == ' ') && 'a' <= b[i] && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}
