package sinks

import "sync/atomic"

// Cells keeps the profile columns of one profile as an output formatted
// them, so that the rows naming the same person again copy them rather
// than format each value anew. An export gives every outcome whose
// Profile is the same record the same Cells (Outcome.Cells); the first
// row to need them formats them, and any number of rows may read them at
// once. They take about the memory of the profile's values (in .xlsx,
// with each cell's markup), for as long as the export keeps the record.
type Cells struct {
	formatted atomic.Pointer[formattedCells]
}

// formattedCells are a profile's columns as one writer formatted them:
// each profile column's piece, one after the other.
type formattedCells struct {
	by   any // the writer
	text []byte
	ends []int32 // where each profile column's piece ends in text, in the order of the columns
}

// fields returns the pieces of the k-th through (k+n-1)-th profile
// columns.
func (f *formattedCells) fields(k, n int) []byte {
	start := int32(0)
	if k > 0 {
		start = f.ends[k-1]
	}
	return f.text[start:f.ends[k+n-1]]
}

// formatted returns the profile columns of out as the writer by formats
// them, each value's piece appended by format, from out.Cells once by
// formatted them there; nil when out has no profile or no Cells.
func formatted(by any, out *Outcome, columns []Column, format func(b []byte, v string) []byte) *formattedCells {
	if out == nil || out.Cells == nil || out.Profile == nil {
		return nil
	}
	if f := out.Cells.formatted.Load(); f != nil && f.by == by {
		return f
	}
	f := &formattedCells{by: by}
	for _, col := range columns {
		if col.FromProfile {
			f.text = format(f.text, col.Value(out))
			f.ends = append(f.ends, int32(len(f.text)))
		}
	}
	out.Cells.formatted.Store(f)
	return f
}

// profileRuns returns, for each column that begins a run of profile
// columns, the run's length (0 for the others).
func profileRuns(columns []Column) []int {
	runs := make([]int, len(columns))
	for i := len(columns) - 1; i >= 0; i-- {
		if !columns[i].FromProfile {
			continue
		}
		runs[i] = 1
		if i+1 < len(columns) && columns[i+1].FromProfile {
			runs[i] += runs[i+1]
			runs[i+1] = 0
		}
	}
	return runs
}
