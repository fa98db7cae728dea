package ident

// Seen is a set of identifiers with a few bits of marks each, for counting
// distinct identifiers on sheets of millions of rows in little memory: an
// identifier takes one 8-byte slot of an open-addressing table (at most
// 80% full), holding 56 bits of a hash of the identifier and 8 bits of
// marks. A Go map of strings would take 60 to 100 bytes per profile URL,
// a map[uint64]uint8 about twice the table here. The table is cut in
// shards that grow one at a time, so that growing never holds two copies
// of the whole set.
//
// Two distinct identifiers share a 56-bit hash with probability about
// n²/2⁵⁷: one in 50,000 for a million identifiers, one in 500 for ten
// million. A collision merges two identifiers, so a count is off by one;
// use Seen for estimates, never for deciding what to look up. The zero
// value is an empty set.
type Seen struct {
	shards [seenShards]seenTable
	n      int
}

const (
	seenShards = 64
	shardShift = 58 // top 6 bits of the mixed key pick the shard
	markBits   = 8
	markMask   = 1<<markBits - 1
	hashMask   = ^uint64(markMask)
	fibonacci  = 0x9E3779B97F4A7C15 // 2⁶⁴/φ, spreads the hash's bits over the slots
)

// seenTable is one shard: linear probing over slots of hash|marks, 0 empty.
type seenTable struct {
	slots []uint64
	shift uint // 64 - log2(len(slots))
	n     int
}

// Mark adds marks to the identifier (kind, value) and returns the marks it
// had before, and whether it was new.
func (s *Seen) Mark(kind Kind, value string, marks uint8) (before uint8, added bool) {
	key := hashID(kind, value) & hashMask
	if key == 0 {
		key = 1 << markBits // 0 marks an empty slot
	}
	mixed := key * fibonacci
	before, added = s.shards[mixed>>shardShift].mark(key, mixed, marks)
	if added {
		s.n++
	}
	return before, added
}

// Len returns the number of identifiers in the set.
func (s *Seen) Len() int { return s.n }

func (t *seenTable) mark(key, mixed uint64, marks uint8) (uint8, bool) {
	if (t.n+1)*5 > len(t.slots)*4 {
		t.grow()
	}
	mask := len(t.slots) - 1
	for i := int(mixed<<6>>t.shift) & mask; ; i = (i + 1) & mask {
		slot := t.slots[i]
		switch {
		case slot == 0:
			t.slots[i] = key | uint64(marks)
			t.n++
			return 0, true
		case slot&hashMask == key:
			t.slots[i] = slot | uint64(marks)
			return uint8(slot & markMask), false
		}
	}
}

func (t *seenTable) grow() {
	old := t.slots
	size := 1 << 8
	if len(old) > 0 {
		size = 2 * len(old)
	}
	t.slots = make([]uint64, size)
	t.shift = 64
	for n := size; n > 1; n >>= 1 {
		t.shift--
	}
	mask := size - 1
	for _, slot := range old {
		if slot == 0 {
			continue
		}
		mixed := (slot & hashMask) * fibonacci
		for i := int(mixed<<6>>t.shift) & mask; ; i = (i + 1) & mask {
			if t.slots[i] == 0 {
				t.slots[i] = slot
				break
			}
		}
	}
}

// hashID hashes the kind and the value eight bytes at a time (FNV-1a
// byte by byte took a tenth of a plan's time), each word mixed in by a
// multiply and a shift as splitmix64 does, and the whole finished by its
// finalizer: well spread, deterministic, and allocating nothing.
func hashID(kind Kind, value string) uint64 {
	const m = 0xbf58476d1ce4e5b9
	h := uint64(14695981039346656037) ^ uint64(kind) ^ uint64(len(value))<<8
	for ; len(value) >= 8; value = value[8:] {
		w := uint64(value[0]) | uint64(value[1])<<8 | uint64(value[2])<<16 | uint64(value[3])<<24 |
			uint64(value[4])<<32 | uint64(value[5])<<40 | uint64(value[6])<<48 | uint64(value[7])<<56
		h = (h ^ w) * m
		h ^= h >> 31
	}
	for i := 0; i < len(value); i++ {
		h = (h ^ uint64(value[i])) * m
	}
	h = (h ^ h>>30) * m
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}
