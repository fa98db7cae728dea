package runsheet

import (
	"slices"
	"testing"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/state"
)

// TestFoundResults: the results preloaded are those the rows' waterfalls
// read: each row's first identifier that found the person, past those
// that found nobody, and none past an identifier still open.
func TestFoundResults(t *testing.T) {
	m := &Sheet{}
	add := func(id string, phase state.Phase, result uint64) int32 {
		i := m.intern(ident.ID{Kind: ident.Email, Value: id})
		m.Lookups[i].Phase, m.Lookups[i].Result = phase, result
		m.Lookups[i].Settled = phase == state.Found || phase == state.NotFound
		return i
	}
	found1 := add("a@x.co", state.Found, 7)
	found2 := add("b@x.co", state.Found, 3)
	none := add("c@x.co", state.NotFound, 0)
	open := add("d@x.co", state.Queued, 0)
	later := add("e@x.co", state.Found, 9)
	unsettled := add("f@x.co", state.Found, 11)
	m.Lookups[unsettled].Settled = false // answered during the run: read from the journal
	for _, ids := range [][]int32{
		{none, found1, later}, // 7
		{found2, found1},      // 3
		{open, later},         // nothing: the row waits on open
		{found1},              // 7 again
		{unsettled, later},    // nothing: the row reads unsettled as it is written
	} {
		m.Rows = append(m.Rows, Row{First: int32(len(m.IDs)), Pos: int32(len(m.IDs))})
		m.IDs = append(m.IDs, ids...)
	}
	if got, want := m.FoundResults(), []uint64{3, 7}; !slices.Equal(got, want) {
		t.Errorf("foundResults = %v, want %v", got, want)
	}
}
