package runsheet

// Row is a row's place in its waterfall: its lookups are
// Sheet.IDs[First:End], End being the next row's First (LookupsOf gives
// them); Pos is the one it waits on, and Pos == End means every
// identifier failed. Rows hold offsets into one shared slice rather than
// a slice each: a million rows, one allocation. A row takes 16 bytes,
// which is why it holds neither its End nor whether it is done (Done).
type Row struct {
	First, Pos int32
	Num        int32 // the row's number in the sheet
	// Name is 1 + the index of the row's name in Sheet.Names, or 0: the
	// last step of its waterfall, once its identifiers found nobody; or
	// UnreadName.
	Name int32
}

// end returns where row r's lookups end in IDs: rows take their
// identifiers in turn, so a row's end is the next row's start.
func (m *Sheet) end(r int32) int32 {
	if int(r)+1 < len(m.Rows) {
		return m.Rows[r+1].First
	}
	return int32(len(m.IDs))
}

// LookupsOf returns row r's lookups, in the order of its waterfall.
func (m *Sheet) LookupsOf(r int32) []int32 {
	return m.IDs[m.Rows[r].First:m.end(r)]
}

// Done reports whether row r is decided for this run: found, found by
// nobody, or waiting for the next run.
func (m *Sheet) Done(r int32) bool {
	w := int(r >> 6)
	return w < len(m.done) && m.done[w]&(1<<(r&63)) != 0
}

// SetDone marks row r done for this run.
func (m *Sheet) SetDone(r int32) {
	w := int(r >> 6)
	if w >= len(m.done) {
		m.done = append(m.done, make([]uint64, max(w+1, (len(m.Rows)+63)/64)-len(m.done))...)
	}
	m.done[w] |= 1 << (r & 63)
}
