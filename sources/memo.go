package sources

import "github.com/enrich-dev/enrich/internal/ident"

// phoneMemo remembers recent phone normalizations. libphonenumber takes
// 50 to 100 µs a number, most of the time of reading a large sheet, and
// sheets repeat numbers (a company's switchboard, the same person twice).
// The memo is cleared when full, which bounds its memory.
type phoneMemo struct {
	m map[string]phoneResult
}

type phoneResult struct {
	value string
	err   error
}

const phoneMemoSize = 8192

func (p *phoneMemo) normalize(raw, region string) (string, error) {
	if r, ok := p.m[raw]; ok {
		return r.value, r.err
	}
	if p.m == nil || len(p.m) >= phoneMemoSize {
		p.m = make(map[string]phoneResult, phoneMemoSize)
	}
	value, err := ident.NormalizePhone(raw, region)
	p.m[raw] = phoneResult{value, err}
	return value, err
}
