package runsheet

import "hash/maphash"

// lookupIndex finds a lookup by its identifier: an open-addressing table
// (linear probing, at most half full) of indices into Sheet.Lookups, keyed
// by the lookups' own IDs. A map[string]int32 holds every identifier's
// string header a second time: for the 315,000 lookups of a million-row
// sheet it took 26 MB, which the garbage collector scanned at every
// cycle. This table takes 4 bytes a slot, 4 MB there, and holds no
// pointer. Its zero value is an empty index.
type lookupIndex struct {
	slots []int32 // 1 + the index of a lookup; 0 is a free slot
	n     int     // lookups held
	seed  maphash.Seed
}

// find returns the lookup whose ID is id.
func (x *lookupIndex) find(lookups []Lookup, id string) (int32, bool) {
	if x.n == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	for at := maphash.String(x.seed, id) & mask; x.slots[at] != 0; at = (at + 1) & mask {
		if li := x.slots[at] - 1; lookups[li].ID == id {
			return li, true
		}
	}
	return 0, false
}

// findBytes is find for an identifier read as bytes, which it does not
// copy.
func (x *lookupIndex) findBytes(lookups []Lookup, id []byte) (int32, bool) {
	if x.n == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	for at := maphash.Bytes(x.seed, id) & mask; x.slots[at] != 0; at = (at + 1) & mask {
		if li := x.slots[at] - 1; lookups[li].ID == string(id) {
			return li, true
		}
	}
	return 0, false
}

// add indexes lookup li, whose ID the index does not hold.
func (x *lookupIndex) add(lookups []Lookup, li int32) {
	if 2*(x.n+1) > len(x.slots) {
		x.reserve(lookups, max(x.n+1, len(x.slots)))
	}
	x.place(lookups[li].ID, li)
	x.n++
}

// reserve grows the table to hold n lookups without growing again.
func (x *lookupIndex) reserve(lookups []Lookup, n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if size <= len(x.slots) {
		return
	}
	if x.slots == nil {
		x.seed = maphash.MakeSeed()
	}
	old := x.slots
	x.slots = make([]int32, size)
	for _, s := range old {
		if s != 0 {
			x.place(lookups[s-1].ID, s-1)
		}
	}
}

// place puts lookup li, of identifier id, in the first free slot from
// the identifier's hash.
func (x *lookupIndex) place(id string, li int32) {
	mask := uint64(len(x.slots) - 1)
	at := maphash.String(x.seed, id) & mask
	for x.slots[at] != 0 {
		at = (at + 1) & mask
	}
	x.slots[at] = li + 1
}
