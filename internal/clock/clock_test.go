package clock

import (
	"testing"
	"time"
)

func TestFakeTimersFireInOrder(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f := NewFake(start)
	a := f.NewTimer(2 * time.Second)
	b := f.NewTimer(time.Second)
	if next, ok := f.Next(); !ok || !next.Equal(start.Add(time.Second)) {
		t.Fatalf("Next = %v, %v", next, ok)
	}
	f.Advance(time.Second)
	select {
	case <-b.C():
	default:
		t.Fatal("the 1 s timer did not fire at 1 s")
	}
	select {
	case <-a.C():
		t.Fatal("the 2 s timer fired at 1 s")
	default:
	}
	if a.Stop() != true || a.Stop() != false {
		t.Fatal("Stop should report true once, then false")
	}
	f.Advance(time.Hour)
	select {
	case <-a.C():
		t.Fatal("a stopped timer fired")
	default:
	}
	a.Reset(0)
	select {
	case <-a.C():
	default:
		t.Fatal("Reset(0) did not fire at once")
	}
	if _, ok := f.Next(); ok {
		t.Fatal("no timer should be pending")
	}
	f.Set(start) // never backwards
	if !f.Now().Equal(start.Add(time.Hour + time.Second)) {
		t.Fatalf("Set moved the clock back to %v", f.Now())
	}
}
