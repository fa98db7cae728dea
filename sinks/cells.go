package sinks

import "sync/atomic"

// Cells keeps the profile columns of one profile as a CSV output
// formatted them, so that the rows naming the same person again copy
// them rather than format each value anew. An export gives every outcome
// whose Profile is the same record the same Cells (Outcome.Cells); the
// first row to need them formats them, and any number of rows may read
// them at once.
type Cells struct {
	formatted atomic.Pointer[formattedCells]
}

// formattedCells are a profile's columns as one writer formatted them:
// each profile column's field, its delimiter first, one after the other.
type formattedCells struct {
	by   *csvWriter
	text []byte
	ends []int32 // where each profile column's field ends in text, in the order of the columns
}

// fields returns the k-th through (k+n-1)-th profile columns' fields.
func (f *formattedCells) fields(k, n int) []byte {
	start := int32(0)
	if k > 0 {
		start = f.ends[k-1]
	}
	return f.text[start:f.ends[k+n-1]]
}

// profileCells returns the profile columns of out as c formats them, from
// out.Cells when c formatted them there already; nil when out has no
// profile or no Cells.
func (c *csvWriter) profileCells(out *Outcome) *formattedCells {
	if out.Cells == nil || out.Profile == nil {
		return nil
	}
	if f := out.Cells.formatted.Load(); f != nil && f.by == c {
		return f
	}
	f := &formattedCells{by: c, ends: make([]int32, 0, c.profileColumns)}
	for _, col := range c.columns {
		if col.FromProfile {
			f.text = append(f.text, c.delim...)
			f.text = c.appendField(f.text, col.Value(out), c.guard)
			f.ends = append(f.ends, int32(len(f.text)))
		}
	}
	out.Cells.formatted.Store(f)
	return f
}

// profileRuns returns, for each column that begins a run of profile
// columns, the run's length (0 for the others), and the number of profile
// columns.
func profileRuns(columns []Column) ([]int, int) {
	runs := make([]int, len(columns))
	n := 0
	for i := len(columns) - 1; i >= 0; i-- {
		if !columns[i].FromProfile {
			continue
		}
		n++
		runs[i] = 1
		if i+1 < len(columns) && columns[i+1].FromProfile {
			runs[i] += runs[i+1]
			runs[i+1] = 0
		}
	}
	return runs, n
}
