package ident

import (
	"fmt"
	"testing"
)

func TestSeen(t *testing.T) {
	var s Seen
	const n = 200000
	for i := 0; i < n; i++ {
		before, added := s.Mark(Email, fmt.Sprintf("person%d@example.com", i), 1)
		if !added || before != 0 {
			t.Fatalf("identifier %d: added %v, marks before %d; want new", i, added, before)
		}
	}
	// The same value of another kind is another identifier.
	if _, added := s.Mark(Phone, "person0@example.com", 1); !added {
		t.Error("same value, other kind: not added")
	}
	for i := 0; i < n; i += 1000 {
		before, added := s.Mark(Email, fmt.Sprintf("person%d@example.com", i), 2)
		if added || before != 1 {
			t.Fatalf("identifier %d again: added %v, marks before %d; want old with mark 1", i, added, before)
		}
		if before, _ := s.Mark(Email, fmt.Sprintf("person%d@example.com", i), 0); before != 3 {
			t.Fatalf("identifier %d: marks %d; want both marks", i, before)
		}
	}
	if s.Len() != n+1 {
		t.Errorf("Len = %d; want %d", s.Len(), n+1)
	}
	slots := 0
	for _, sh := range s.shards {
		slots += len(sh.slots)
		if len(sh.slots)*4 < sh.n*5 {
			t.Errorf("shard of %d slots over 80%% full with %d", len(sh.slots), sh.n)
		}
	}
	if slots > 2*n*5/4 {
		t.Errorf("%d slots for %d identifiers: more than 20 bytes each", slots, n)
	}
}

func BenchmarkSeenMark(b *testing.B) {
	values := make([]string, 1<<16)
	for i := range values {
		values[i] = fmt.Sprintf("https://www.linkedin.com/in/person-%d", i)
	}
	var s Seen
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Mark(LinkedIn, values[i&(len(values)-1)], 1)
	}
}
