package world

// keyKind separates the identifier kinds inside one hash index, so that a
// slug and an e-mail with the same text never meet.
type keyKind uint8

const (
	keySlug keyKind = iota + 1
	keyUID
	keyEmail
	keyPhone
)

// FNV-1a, written out so that hashing a string or a byte array never
// allocates, and fixed (unlike hash/maphash) so that the world, whose
// collision handling depends on it, is the same in every process.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// keyHash is the 64-bit index key of a normalized identifier.
func keyHash(kind keyKind, s string) uint64 {
	h := uint64(fnvOffset)
	h = (h ^ uint64(kind)) * fnvPrime
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	return mix64(h)
}

// uidHash is the index key of a uid.
func uidHash(u UID) uint64 {
	h := uint64(fnvOffset)
	h = (h ^ uint64(keyUID)) * fnvPrime
	for _, b := range u {
		h = (h ^ uint64(b)) * fnvPrime
	}
	return mix64(h)
}

// phoneHash is the index key of an E.164 number given as digits.
func phoneHash(number uint64) uint64 {
	return mix64(number ^ uint64(keyPhone)<<59)
}

// keyIndex maps the hash of every identifier of every person to the
// person's index: 12 bytes of payload an identifier instead of a string
// key. A hit is verified against the person, so a hash collision with an
// unknown identifier cannot return the wrong profile. It is split into
// shards by the key's top bits so that a big world is indexed by several
// goroutines at once, each owning whole shards.
type keyIndex struct {
	shards [indexShards]map[uint64]int32
}

const (
	indexShardBits = 6
	indexShards    = 1 << indexShardBits
)

func newKeyIndex(capacity int) *keyIndex {
	x := &keyIndex{}
	for i := range x.shards {
		x.shards[i] = make(map[uint64]int32, capacity/indexShards+1)
	}
	return x
}

// shardOf returns the shard a key lives in.
func shardOf(key uint64) int { return int(key >> (64 - indexShardBits)) }

// claim records key for person i and reports whether it was free.
func (x *keyIndex) claim(key uint64, i int32) bool {
	m := x.shards[shardOf(key)]
	if _, taken := m[key]; taken {
		return false
	}
	m[key] = i
	return true
}

// get returns the person holding key.
func (x *keyIndex) get(key uint64) (int32, bool) {
	i, ok := x.shards[shardOf(key)][key]
	return i, ok
}
