package sources

import (
	"errors"
	"strings"
	"sync"

	"github.com/enrich-dev/enrich/internal/ident"
)

// phoneMemo remembers recent phone normalizations that needed
// libphonenumber (see normalize). libphonenumber takes 10 to 100 µs a
// number, most of the time of reading a large sheet, and sheets repeat
// numbers (a company's switchboard, the same person on
// several rows). The memo holds 65,536 numbers (about 6 MB), enough for
// the people of a sheet of several hundred thousand rows, and is cleared
// when full, which bounds its memory. Every table of the process shares
// one (phones), so that each number is parsed once however many workers
// and passes read it (a run reads its input twice: to plan, then to write
// the output); it is safe for concurrent use.
type phoneMemo struct {
	mu sync.Mutex
	m  map[phoneKey]phoneResult
}

// phones is the process's memo.
var phones phoneMemo

type phoneKey struct{ raw, region string }

type phoneResult struct {
	value string
	err   error
}

const phoneMemoSize = 1 << 16

func (p *phoneMemo) normalize(raw, region string) (string, error) {
	// The fast path's numbers cost less to read again than to look up:
	// the memo keeps the library's.
	if value, err := ident.QuickPhone(raw, region); !errors.Is(err, ident.ErrNeedsLibrary) {
		return value, err
	}
	key := phoneKey{raw, region}
	p.mu.Lock()
	r, ok := p.m[key]
	p.mu.Unlock()
	if ok {
		return r.value, r.err
	}
	value, err := ident.NormalizePhone(raw, region)
	p.mu.Lock()
	if p.m == nil || len(p.m) >= phoneMemoSize {
		p.m = make(map[phoneKey]phoneResult, 1024)
	}
	// Copies: the number may share the memory of its whole input line.
	key.raw, key.region = strings.Clone(raw), strings.Clone(region)
	p.m[key] = phoneResult{value, err}
	p.mu.Unlock()
	return value, err
}
