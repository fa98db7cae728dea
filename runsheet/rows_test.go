package runsheet

import (
	"slices"
	"testing"
)

// TestRowsEndsAndDone: a row's lookups end where the next row's start, the
// last row's at the end of IDs, a row without identifiers has none; done
// bits are the row's own, across the words that hold them.
func TestRowsEndsAndDone(t *testing.T) {
	m := &Sheet{}
	lookups := [][]int32{{0, 1}, {}, {2}}
	for range 130 {
		lookups = append(lookups, []int32{3})
	}
	for _, ids := range lookups {
		m.Rows = append(m.Rows, Row{First: int32(len(m.IDs)), Pos: int32(len(m.IDs))})
		m.IDs = append(m.IDs, ids...)
	}
	for r, want := range lookups {
		if got := m.LookupsOf(int32(r)); !slices.Equal(got, want) {
			t.Fatalf("row %d: lookups %v, want %v", r, got, want)
		}
	}
	done := []int32{0, 63, 64, 132}
	for _, r := range done {
		m.SetDone(r)
	}
	for r := range m.Rows {
		if got, want := m.Done(int32(r)), slices.Contains(done, int32(r)); got != want {
			t.Errorf("row %d: done %v, want %v", r, got, want)
		}
	}
}
