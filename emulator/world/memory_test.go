package world

import (
	"runtime"
	"testing"
)

// worldBytesPerPerson bounds the live heap of a world ten years on, per
// person of its start (the newcomers and every change of the clock
// included): measured 1.9 KB at 20,000 people. The emulator's documented bound, about 4.5 KB a person at
// the peak of an advance (cmd/enrich, measured at a million people:
// 1.9 GB once built, 4.1 GB at the peak), holds this, the people search
// index of the world and the garbage of the advance.
const worldBytesPerPerson = 2300

// A world ten years on keeps within worldBytesPerPerson: a change that
// makes people or their changes much bigger fails here before the
// documented bound stops being true.
func TestMemoryPerPerson(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a world of 20,000 people")
	}
	New(Config{People: 10}) // the vocabularies, loaded once a process, do not count
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	w := New(Config{People: 20000, Seed: 3})
	later, err := w.Advance(MaxDays)
	if err != nil {
		t.Fatal(err)
	}
	w = nil
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / 20000
	t.Logf("a world of 20,000 people ten years on: %d bytes a person live", per)
	if per > worldBytesPerPerson {
		t.Errorf("a world ten years on holds %d bytes a person, more than the %d the documented bound allows for", per, worldBytesPerPerson)
	}
	runtime.KeepAlive(later)
}
