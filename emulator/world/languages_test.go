package world

import (
	"maps"
	"slices"
	"testing"
)

// TestEnglishSchoolsExist checks that every school the languages of
// studies name as teaching in English is a university of the world's
// table: a name spelt otherwise would silently teach in the country's
// language.
func TestEnglishSchoolsExist(t *testing.T) {
	have := map[string]bool{}
	for _, u := range loadSchools().universities {
		have[u.Name] = true
	}
	for _, names := range []map[string]bool{englishSchools, englishGraduateSchoolNames} {
		for _, n := range slices.Sorted(maps.Keys(names)) {
			if !have[n] {
				t.Errorf("%s is no university of data/universities.tsv", n)
			}
		}
	}
}
