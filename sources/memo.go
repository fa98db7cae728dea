package sources

import "github.com/enrich-dev/enrich/internal/ident"

// phoneMemo remembers recent phone normalizations. libphonenumber takes
// 10 to 100 µs a number, most of the time of reading a large sheet, and
// sheets repeat numbers (a company's switchboard, the same person on
// several rows). The memo holds 65,536 numbers (about 6 MB), enough for
// the people of a sheet of several hundred thousand rows, and is cleared
// when full, which bounds its memory. Each reading worker has its own.
type phoneMemo struct {
	m map[string]phoneResult
}

type phoneResult struct {
	value string
	err   error
}

const phoneMemoSize = 1 << 16

func (p *phoneMemo) normalize(raw, region string) (string, error) {
	if r, ok := p.m[raw]; ok {
		return r.value, r.err
	}
	if p.m == nil || len(p.m) >= phoneMemoSize {
		p.m = make(map[string]phoneResult, 1024)
	}
	value, err := ident.NormalizePhone(raw, region)
	p.m[raw] = phoneResult{value, err}
	return value, err
}
