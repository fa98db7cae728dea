package runsheet

import (
	"cmp"
	"slices"

	"github.com/enrich-dev/enrich/state"
)

// FoundAnswer is a found lookup whose stored result a row's outcome
// reads.
type FoundAnswer struct {
	Lookup int32
	Result uint64
}

// FoundAnswers returns the found lookups the rows' outcomes read from the
// model (each row's first identifier that found the person), each once,
// in the order of their results' ids: the order the journal holds them in.
func (m *Sheet) FoundAnswers() []FoundAnswer {
	var out []FoundAnswer
	marked := make([]bool, len(m.Lookups))
	for r := range m.Rows {
		for _, li := range m.LookupsOf(int32(r)) {
			l := &m.Lookups[li]
			if !l.Settled || (l.Phase != state.Found && l.Phase != state.NotFound) {
				break // read from the journal as the row is written
			}
			if l.Phase == state.Found {
				if !marked[li] {
					marked[li] = true
					out = append(out, FoundAnswer{li, l.Result})
				}
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b FoundAnswer) int { return cmp.Compare(a.Result, b.Result) })
	return out
}

// FoundResults returns the stored results that the rows' outcomes read
// from the model's settled answers, each once, in the order of their ids:
// the order the journal holds them in.
func (m *Sheet) FoundResults() []uint64 {
	answers := m.FoundAnswers()
	ids := make([]uint64, len(answers))
	for i, a := range answers {
		ids[i] = a.Result
	}
	return slices.Compact(ids)
}
