package world_test

import (
	"strconv"
	"testing"

	"github.com/enrich-dev/enrich/emulator/search"
	"github.com/enrich-dev/enrich/emulator/world"
)

// The schools people list are the well-known ones a recruiter searches
// for: the people search finds alumni of Stanford, Harvard and Oxford in
// a world of a few thousand people, and its location filter knows cities
// by the conventional English names profiles show.
func TestRealSchoolsAndPlacesFindable(t *testing.T) {
	w := world.New(world.Config{Seed: 3, People: 4000})
	ix := search.New(w)
	count := func(body string) int {
		t.Helper()
		q, err := ix.Parse([]byte(body))
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		return ix.Run(q, search.Exclusions{}).Total()
	}
	for _, school := range []string{"Stanford", "Harvard", "Oxford", "Massachusetts Institute of Technology",
		"Indian Institute of Technology Delhi"} {
		if n := count(`{"education": ` + strconv.Quote(school) + `}`); n == 0 {
			t.Errorf("nobody studied at %s", school)
		}
	}
	for _, place := range []string{"Bengaluru", "Dhule", "Gurugram", "Cologne", "Washington, D.C., United States"} {
		if _, err := ix.Parse([]byte(`{"location": ` + strconv.Quote(place) + `}`)); err != nil {
			t.Errorf("location %q is not recognised: %v", place, err)
		}
	}
}
