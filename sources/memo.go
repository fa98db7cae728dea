package sources

import (
	"sync"

	"github.com/enrich-dev/enrich/internal/ident"
)

// phoneMemo remembers recent phone normalizations. libphonenumber takes
// 10 to 100 µs a number, most of the time of reading a large sheet, and
// sheets repeat numbers (a company's switchboard, the same person on
// several rows). The memo holds 65,536 numbers (about 6 MB), enough for
// the people of a sheet of several hundred thousand rows, and is cleared
// when full, which bounds its memory. The reading workers share it, so
// that each number is parsed once; it is safe for concurrent use.
type phoneMemo struct {
	mu sync.Mutex
	m  map[string]phoneResult
}

type phoneResult struct {
	value string
	err   error
}

const phoneMemoSize = 1 << 16

func (p *phoneMemo) normalize(raw, region string) (string, error) {
	p.mu.Lock()
	r, ok := p.m[raw]
	p.mu.Unlock()
	if ok {
		return r.value, r.err
	}
	value, err := ident.NormalizePhone(raw, region)
	p.mu.Lock()
	if p.m == nil || len(p.m) >= phoneMemoSize {
		p.m = make(map[string]phoneResult, 1024)
	}
	p.m[raw] = phoneResult{value, err}
	p.mu.Unlock()
	return value, err
}
