package search

import (
	"math/bits"
	"slices"
)

// Set is a set of people, by person index: a dense bitmap over the world.
// A million people take 125 KB, and AND, OR and NOT of two sets take a few
// microseconds, so a query is evaluated by set algebra over whole sets.
type Set struct {
	w []uint64
	n int // universe size: people 0..n-1
}

// newSet returns an empty set over n people.
func newSet(n int) *Set { return &Set{w: make([]uint64, (n+63)/64), n: n} }

// fullSet returns the set of all n people.
func fullSet(n int) *Set {
	s := newSet(n)
	for i := range s.w {
		s.w[i] = ^uint64(0)
	}
	s.trim()
	return s
}

// trim clears the bits past the universe.
func (s *Set) trim() {
	if r := s.n % 64; r != 0 {
		s.w[len(s.w)-1] &= 1<<r - 1
	}
}

// Add puts person i in the set.
func (s *Set) Add(i int32) { s.w[i>>6] |= 1 << (uint(i) & 63) }

// Has reports whether person i is in the set.
func (s *Set) Has(i int32) bool { return s.w[i>>6]&(1<<(uint(i)&63)) != 0 }

// Len returns the number of people in the set.
func (s *Set) Len() int {
	n := 0
	for _, w := range s.w {
		n += bits.OnesCount64(w)
	}
	return n
}

func (s *Set) and(o *Set) {
	for i := range s.w {
		s.w[i] &= o.w[i]
	}
}

func (s *Set) or(o *Set) {
	for i := range s.w {
		s.w[i] |= o.w[i]
	}
}

func (s *Set) andNot(o *Set) {
	for i := range s.w {
		s.w[i] &^= o.w[i]
	}
}

func (s *Set) not() {
	for i := range s.w {
		s.w[i] = ^s.w[i]
	}
	s.trim()
}

// next returns the first member at or after i, or -1.
func (s *Set) next(i int32) int32 {
	if int(i) >= s.n || i < 0 {
		return -1
	}
	k := int(i >> 6)
	w := s.w[k] >> (uint(i) & 63)
	if w != 0 {
		return i + int32(bits.TrailingZeros64(w))
	}
	for k++; k < len(s.w); k++ {
		if s.w[k] != 0 {
			return int32(k*64 + bits.TrailingZeros64(s.w[k]))
		}
	}
	return -1
}

// Members returns the people of a set, ascending; for tests and tools.
func (s *Set) Members() []int32 {
	var out []int32
	for i := s.next(0); i >= 0; i = s.next(i + 1) {
		out = append(out, i)
	}
	return slices.Clip(out)
}

// posting is the people a key occurs for, stored compactly: as a dense
// bitmap when the key is common, otherwise as the low 16 bits of each
// index grouped by block of 65,536 people (2 bytes an entry).
type posting struct {
	dense  []uint64 // when not nil, the members as a bitmap
	blocks []uint32 // pairs: block number, end offset of the block in lo
	lo     []uint16 // low 16 bits of the members, ascending within a block
}

const blockBits = 16

// orInto adds the posting's people to s.
func (p *posting) orInto(s *Set) {
	if p == nil {
		return
	}
	if p.dense != nil {
		for i, w := range p.dense {
			s.w[i] |= w
		}
		return
	}
	start := uint32(0)
	for k := 0; k < len(p.blocks); k += 2 {
		base := p.blocks[k] << blockBits
		end := p.blocks[k+1]
		for _, lo := range p.lo[start:end] {
			i := base | uint32(lo)
			s.w[i>>6] |= 1 << (i & 63)
		}
		start = end
	}
}

// count returns the number of people of the posting.
func (p *posting) count() int {
	if p == nil {
		return 0
	}
	if p.dense != nil {
		n := 0
		for _, w := range p.dense {
			n += bits.OnesCount64(w)
		}
		return n
	}
	return len(p.lo)
}

// postingBuilder collects one key's members block by block, in ascending
// block order.
type postingBuilder struct {
	parts [][]uint16 // members' low bits of each block
	nums  []uint32   // the block numbers of parts
	total int
}

func (b *postingBuilder) add(block uint32, lows []uint16) {
	if len(lows) == 0 {
		return
	}
	b.parts = append(b.parts, lows)
	b.nums = append(b.nums, block)
	b.total += len(lows)
}

// build compacts the members into a posting over n people: dense when it
// holds more than one person in sixteen (where a bitmap is smaller than
// two bytes an entry).
func (b *postingBuilder) build(n int) *posting {
	if b.total == 0 {
		return nil
	}
	p := &posting{}
	if b.total > n/16 {
		s := newSet(n)
		for k, lows := range b.parts {
			base := b.nums[k] << blockBits
			for _, lo := range lows {
				s.Add(int32(base | uint32(lo)))
			}
		}
		p.dense = s.w
		return p
	}
	p.lo = make([]uint16, 0, b.total)
	p.blocks = make([]uint32, 0, 2*len(b.parts))
	for k, lows := range b.parts {
		p.lo = append(p.lo, lows...)
		p.blocks = append(p.blocks, b.nums[k], uint32(len(p.lo)))
	}
	return p
}
