package world

import (
	"math/bits"
	"math/rand/v2"
)

// Stream salts keep the random sequences of different purposes apart, so
// that adding a draw to one (say, rendering) never shifts another (say, the
// person's jobs).
const (
	streamPerson uint64 = iota + 1
	streamRender
	streamCompany
	streamCompanyInfo
	streamUnique
	streamSample
	streamPhonePlan
	streamContacts
	streamHeadline
	streamSummary
	streamJob
	streamCareer
	streamPeak
	streamSeats
	streamRetire
	streamHire
	streamNamesakes
	streamAddress  // a home's street line, drawn again in a new city
	streamBirthday // a birthday, the same in every snapshot
)

// mix64 is the splitmix64 finalizer: a cheap bijective scramble used to turn
// structured seeds (seed, index, stream) into well-spread PCG seeds.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// seedFor derives the seed of item i of a kind from the world seed.
func seedFor(worldSeed int64, stream uint64, i int) uint64 {
	return mix64(mix64(uint64(worldSeed)^stream<<56) + uint64(i))
}

// newRand returns a generator for one (seed, stream) pair.
func newRand(seed, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, mix64(seed^stream)))
}

// reseed points an existing generator at a new (seed, stream) pair, so hot
// loops can reuse one generator instead of allocating one per item.
func reseed(src *rand.PCG, seed, stream uint64) {
	src.Seed(seed, mix64(seed^stream))
}

// uint64N returns a uniform number in [0, n), n > 0. math/rand/v2's own
// Uint64N and IntN take a 32-bit path for small n on 32-bit platforms,
// which draws different numbers; this one uses only Uint64, so a world
// is the same on every platform. (Lemire's multiply-and-reject method.)
func uint64N(r *rand.Rand, n uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		threshold := -n % n
		for lo < threshold {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}

// intN returns a uniform int in [0, n), n > 0; see uint64N.
func intN(r *rand.Rand, n int) int {
	if n <= 0 {
		panic("world: intN of a non-positive bound")
	}
	return int(uint64N(r, uint64(n)))
}

// pick returns a uniformly chosen element of xs, which must not be empty.
func pick[T any](r *rand.Rand, xs []T) T {
	return xs[intN(r, len(xs))]
}

// chance reports true with the given probability in percent.
func chance(r *rand.Rand, percent int) bool {
	return intN(r, 100) < percent
}

// between returns a uniform integer in [lo, hi].
func between(r *rand.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + intN(r, hi-lo+1)
}

// pickDistinct returns n distinct elements of xs (all of them if n is
// larger), in random order: a partial Fisher–Yates shuffle of a copy, drawn
// with intN so that the result is the same on every platform.
func pickDistinct[T any](r *rand.Rand, xs []T, n int) []T {
	c := append([]T(nil), xs...)
	n = min(n, len(c))
	for i := range n {
		j := i + intN(r, len(c)-i)
		c[i], c[j] = c[j], c[i]
	}
	return c[:n]
}

// weighted draws indexes with probability proportional to integer
// weights, in constant time (Walker's alias method, in exact integer
// arithmetic). Integers, not floats, so every platform draws the same
// index; constant time, because the big tables (every city, every
// employer) are drawn from tens of millions of times.
type weighted struct {
	total   uint64 // sum of the weights
	buckets []bucket
}

// bucket i of an alias table keeps i for draws below keep (out of the
// table's total) and gives alias otherwise. One struct, so a draw touches
// one cache line.
type bucket struct {
	keep  uint64
	alias int32
}

// newWeighted builds the table; zero weights are never drawn. At least
// one weight must be positive, and len(w)·sum(w) must fit in 64 bits.
func newWeighted(w []uint64) weighted {
	n := uint64(len(w))
	t := weighted{buckets: make([]bucket, n)}
	for _, x := range w {
		t.total += x
	}
	// Each bucket holds total units; item i brings w[i]·n units.
	scaled := make([]uint64, n)
	var small, large []int32
	for i, x := range w {
		scaled[i] = x * n
		if scaled[i] < t.total {
			small = append(small, int32(i))
		} else {
			large = append(large, int32(i))
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s := small[len(small)-1]
		small = small[:len(small)-1]
		l := large[len(large)-1]
		t.buckets[s] = bucket{keep: scaled[s], alias: l}
		scaled[l] -= t.total - scaled[s]
		if scaled[l] < t.total {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	for _, i := range append(small, large...) {
		t.buckets[i] = bucket{keep: t.total, alias: i}
	}
	return t
}

// draw returns an index with probability proportional to its weight.
func (t *weighted) draw(r *rand.Rand) int {
	i := intN(r, len(t.buckets))
	if b := t.buckets[i]; uint64N(r, t.total) >= b.keep {
		return int(b.alias)
	}
	return i
}

// slab hands out small slices cut from large shared arrays, so a million
// people cost a few thousand allocations instead of several million. A slab
// belongs to one goroutine.
type slab[T any] struct{ buf []T }

// slabSize is how many elements each backing array of a slab holds.
const slabSize = 8192

// take returns a copy of xs whose backing array is shared with other takes.
// The result has no spare capacity, so appending to it never overwrites a
// neighbour.
func (s *slab[T]) take(xs []T) []T {
	n := len(xs)
	if n == 0 {
		return nil
	}
	if len(s.buf) < n {
		s.buf = make([]T, max(n, slabSize))
	}
	out := s.buf[:n:n]
	s.buf = s.buf[n:]
	copy(out, xs)
	return out
}
