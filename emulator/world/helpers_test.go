package world

import (
	"sync"
	"testing"
)

// testWorld is the default-size world most tests share: building it once
// keeps the race-enabled test run short.
var testWorld = sync.OnceValue(func() *World { return New(Config{}) })

// personWith returns the first person of the shared world that satisfies
// ok, failing the test if nobody does.
func personWith(t *testing.T, ok func(*Person) bool) *Person {
	t.Helper()
	w := testWorld()
	for i := range w.Len() {
		if p := w.Person(i); ok(p) {
			return p
		}
	}
	t.Fatal("no person in the world matches")
	return nil
}
