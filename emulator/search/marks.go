package search

import (
	"encoding/binary"

	"github.com/enrich-dev/enrich/emulator/world"
)

// Mark is a per-account state of a person that the exclude* filters read
// and that the emulator cannot observe, since it happens in the service's
// web application: viewed, put in a list, added to a job, e-mailed.
type Mark uint8

// Marks, with the exclude* filter of each.
const (
	Watched    Mark = iota // excludeWatched: viewed in the web app or extension
	InLists                // excludeInLists: in one of the account's lists
	InProgress             // excludeInProgress: added to a job
	Emailed                // excludeEmailed: e-mailed from the service
	NumMarks
)

// MarkRates are the shares of people each account has marked, in basis
// points (1/100 of a percent): 8% watched, 5% in lists, 3% in progress,
// 4% e-mailed.
var MarkRates = [NumMarks]uint64{Watched: 800, InLists: 500, InProgress: 300, Emailed: 400}

// String names the mark as its exclude filter does.
func (m Mark) String() string {
	return [...]string{"watched", "inLists", "inProgress", "emailed", "?"}[min(m, NumMarks)]
}

// Marked reports whether the account with the API key has marked the
// person with uid. The answer is a fixed function of the key, the uid and
// the mark (a hash compared with the mark's rate), so every run of the
// emulator agrees and a test can predict it.
func Marked(accountKey string, uid world.UID, m Mark) bool {
	return markHash(keyHash(accountKey, m), uid)%10000 < MarkRates[m]
}

// keyHash is the part of the mark hash that depends on the account: FNV-1a
// of the key and the mark.
func keyHash(accountKey string, m Mark) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(accountKey); i++ {
		h = (h ^ uint64(accountKey[i])) * 1099511628211
	}
	return mix64(h ^ (uint64(m)+1)*0x9e3779b97f4a7c15)
}

func markHash(k uint64, uid world.UID) uint64 {
	h := mix64(k ^ binary.LittleEndian.Uint64(uid[:8]))
	return mix64(h ^ binary.LittleEndian.Uint64(uid[8:]))
}

// mix64 is the splitmix64 finalizer.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// MarkedSet returns everyone the account has marked with m. It takes tens
// of milliseconds on a million people: callers keep it per account.
func (ix *Index) MarkedSet(accountKey string, m Mark) *Set {
	s := newSet(ix.n)
	k := keyHash(accountKey, m)
	rate := MarkRates[m]
	for i := 0; i < ix.n; i++ {
		if markHash(k, ix.w.Person(i).UID)%10000 < rate {
			s.Add(int32(i))
		}
	}
	return s
}

// PeopleSet returns the set of the given people.
func (ix *Index) PeopleSet(people []int32) *Set {
	s := newSet(ix.n)
	for _, i := range people {
		if i >= 0 && int(i) < ix.n {
			s.Add(i)
		}
	}
	return s
}
