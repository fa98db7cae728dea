package sources

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/enrich-dev/enrich/internal/ident"
)

// headerAliases are header keys (see headerKey) that name a kind of
// identifier outright, each kind's spellings (ident.HeaderSpellings).
var headerAliases = map[string]ident.Kind{}

func init() {
	for _, kind := range ident.Kinds {
		for _, k := range ident.HeaderSpellings(kind) {
			headerAliases[k] = kind
		}
	}
}

// negativeTokens are header words that say a column is about something
// else than the person in the row (a company's page, the record owner's
// e-mail, a verification status). Such columns are never detected, by
// header or by content; --column can still name them.
var negativeTokens = map[string]bool{
	"owner": true, "manager": true, "assistant": true, "rep": true, "created": true, "modified": true,
	"updated": true, "company": true, "companies": true, "organization": true, "organisation": true,
	"org": true, "account": true, "employer": true, "referrer": true, "referred": true, "recruiter": true,
	"agent": true, "status": true, "confidence": true, "verified": true, "verification": true, "score": true,
	"type": true, "source": true, "sent": true, "opened": true, "open": true, "bounced": true, "bounce": true,
	"opt": true, "optout": true, "unsubscribed": true, "unsubscribe": true, "domain": true, "count": true,
	"date": true, "ext": true, "extension": true, "country": true, "hash": true, "md5": true, "sha": true,
	"sha256": true, "valid": true, "validity": true, "quality": true, "provider": true, "consent": true,
	"enrich": true, "catchall": true,
}

// headerKey folds a header for matching: accents removed, lower case,
// letters and digits only. "E-Mail Address", "email_address" and
// "EmailAddress" all give "emailaddress".
func headerKey(h string) string {
	folded, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), h)
	if err != nil {
		folded = h
	}
	var b strings.Builder
	for _, r := range strings.ToLower(folded) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// headerTokens splits a header into lower-case words at punctuation,
// spaces and camelCase boundaries.
func headerTokens(h string) []string {
	var tokens []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			tokens = append(tokens, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prev := rune(0)
	for _, r := range h {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return tokens
}

// excluded reports whether a header says its column is not about the
// person in the row.
func excluded(h string) bool {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(h)), "enrich_") {
		return true // a column this tool wrote: not an input identifier
	}
	for _, t := range headerTokens(h) {
		if negativeTokens[t] {
			return true
		}
	}
	return false
}

// fuzzyKinds returns the kinds a header hints at without being a known
// spelling; the content must then agree.
func fuzzyKinds(h string) []ident.Kind {
	key, words := headerKey(h), headerTokens(h)
	var kinds []ident.Kind
	for _, k := range ident.Kinds {
		if ident.HintedBy(k, key, words) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}

// detectColumns decides which columns hold identifiers: overrides first,
// then headers, then content, each column for at most one kind. The
// result is in waterfall order, then left to right.
func detectColumns(layout Layout, sample []record, overrides []override, region string, order []ident.Kind) ([]Column, error) {
	kindOf, overridden, err := overriddenColumns(layout, overrides)
	if err != nil {
		return nil, err
	}
	byHeader(layout, sample, region, kindOf, overridden)
	byContent(layout, sample, region, kindOf, overridden)
	columns := make([]Column, 0, len(kindOf))
	for _, c := range kindOf {
		if c.Index < len(layout.Header) {
			c.Header = layout.Header[c.Index]
		}
		c.Name = layout.Name(c.Index)
		columns = append(columns, c)
	}
	rank := make(map[ident.Kind]int, len(order))
	for i, k := range order {
		rank[k] = i
	}
	rankOf := func(c Column) int {
		if c.Mixed {
			return len(order) // after the columns of one kind; its cells take their kind's place in each row
		}
		return rank[c.Kind]
	}
	slices.SortFunc(columns, func(a, b Column) int {
		if d := rankOf(a) - rankOf(b); d != 0 {
			return d
		}
		return a.Index - b.Index
	})
	return columns, nil
}

// overriddenColumns are the columns --column gives, by index, and the
// kinds it gives a column of their own (which no other column takes).
func overriddenColumns(layout Layout, overrides []override) (map[int]Column, map[ident.Kind]bool, error) {
	kindOf := make(map[int]Column)
	overridden := make(map[ident.Kind]bool)
	for _, o := range overrides {
		if o.field != "" {
			continue // a person column: detectPeople
		}
		idx := matchHeader(layout, o.header)
		if len(idx) == 0 {
			return nil, nil, &missingColumnError{spec: o.spec, header: o.header, layout: layout}
		}
		for _, i := range idx {
			if prev, ok := kindOf[i]; ok && (prev.Kind != o.kind || prev.Mixed != o.mixed) {
				return nil, nil, fmt.Errorf("column override %q: column %q is already given as %s", o.spec, layout.Names[i], prev.KindName())
			}
			kindOf[i] = Column{Index: i, Kind: o.kind, Mixed: o.mixed, By: ByOverride}
		}
		if !o.mixed {
			overridden[o.kind] = true
		}
	}
	return kindOf, overridden, nil
}

// byHeader adds the columns whose header names a kind: an alias at once,
// a fuzzy match when the content does not disagree.
func byHeader(layout Layout, sample []record, region string, kindOf map[int]Column, overridden map[ident.Kind]bool) {
	for i, h := range layout.Header {
		if _, ok := kindOf[i]; ok || excluded(h) {
			continue
		}
		if kind, ok := headerAliases[headerKey(h)]; ok {
			if !overridden[kind] {
				kindOf[i] = Column{Index: i, Kind: kind, By: ByHeader}
			}
			continue
		}
		for _, kind := range fuzzyKinds(h) {
			if overridden[kind] {
				continue
			}
			plausible, nonEmpty := contentVotes(sample, i, kind, region)
			if nonEmpty == 0 || plausible*2 > nonEmpty {
				kindOf[i] = Column{Index: i, Kind: kind, By: ByHeader}
				break
			}
		}
	}
}

// byContent adds the columns whose header said nothing, by their
// content: more than half of the values must look like the kind, and at
// least three (or, in a short file, more than half of the rows), so that
// one address in a notes column does not make it an e-mail column.
func byContent(layout Layout, sample []record, region string, kindOf map[int]Column, overridden map[ident.Kind]bool) {
	width := len(layout.Header)
	for _, rec := range sample {
		width = max(width, len(rec.cells), len(rec.values))
	}
	for i := 0; i < width; i++ {
		if _, ok := kindOf[i]; ok || i < len(layout.Header) && excluded(layout.Header[i]) {
			continue
		}
		if i < len(layout.Header) && len(fuzzyKinds(layout.Header[i])) > 0 {
			continue // the header spoke and the content disagreed
		}
		votes := classifyVotes(sample, i, region)
		if votes.mixed() {
			kindOf[i] = Column{Index: i, Mixed: true, By: ByContent}
			continue
		}
		for _, kind := range ident.Kinds {
			if overridden[kind] {
				continue
			}
			plausible, nonEmpty := contentVotes(sample, i, kind, region)
			if plausible*2 > nonEmpty && (plausible >= 3 || plausible*2 > len(sample)) {
				col := Column{Index: i, Kind: kind, By: ByContent}
				if votes.plausible > votes.counts[kind] {
					// Mostly of one kind, but not only: a CRM's Contact of
					// e-mails, and a phone or two. Its cells are read each
					// as what it is, whatever the column, and plan shows the mix.
					col = Column{Index: i, Mixed: true, By: ByContent}
				}
				kindOf[i] = col
				break
			}
		}
	}
}

// contentVotes counts the sampled values of column i that look like kind,
// and the non-empty ones.
func contentVotes(sample []record, i int, kind ident.Kind, region string) (plausible, nonEmpty int) {
	for _, rec := range sample {
		v := strings.TrimSpace(rec.value(i))
		if v == "" || placeholders[strings.ToLower(v)] {
			continue
		}
		nonEmpty++
		if ident.Plausible(kind, v, region) {
			plausible++
		}
	}
	return plausible, nonEmpty
}

// kindVotes are the sampled values of a column: how many are not empty,
// how many are plausible as some kind (ident.Classify), and of each kind.
type kindVotes struct {
	counts              map[ident.Kind]int
	plausible, nonEmpty int
}

// classifyVotes counts the sampled values of column i by their kind.
func classifyVotes(sample []record, i int, region string) kindVotes {
	v := kindVotes{counts: map[ident.Kind]int{}}
	for _, rec := range sample {
		s := strings.TrimSpace(rec.value(i))
		if s == "" || placeholders[strings.ToLower(s)] {
			continue
		}
		v.nonEmpty++
		if k, ok := ident.Classify(s, region); ok {
			v.counts[k]++
			v.plausible++
		}
	}
	return v
}

// mixed reports whether the values are identifiers of several kinds, none
// of them most: more than half of them are plausible as some kind (and
// at least three), and at least two kinds each make a tenth of them.
// Such a column (a CRM's "Contact") is read cell by cell.
func (v kindVotes) mixed() bool {
	if v.plausible < 3 || v.plausible*2 <= v.nonEmpty {
		return false
	}
	kinds := 0
	for _, n := range v.counts {
		if n*10 >= v.nonEmpty && n >= 2 {
			kinds++
		}
	}
	return kinds >= 2
}
