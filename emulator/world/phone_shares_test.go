package world

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

// TestPhoneAreaShares logs, for the countries most people live in, how
// people's geographic numbers (landlines, and mobiles where they carry an
// area code) spread over area codes: the commonest area code's share (São
// Paulo's 11 took most of Brazil's numbers when every number was made
// from the example's), the share whose geocoding names the person's own
// city (the others name its nearest named city or its region), and the
// numbers not of the person's city's area code, at the start and ten
// years on, and those of a city the person has left.
func TestPhoneAreaShares(t *testing.T) {
	w := New(Config{Seed: 7, People: *realismPeople})
	later, err := w.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	g := w.geo
	lines := []string{"| country | geographic numbers | area codes | commonest | names the city | not of the city's area code | ten years on | of a city left, ten years on |", "|---|---|---|---|---|---|---|---|"}
	for _, country := range []string{"BR", "FR", "DE", "IT", "ES", "GB", "IN", "AU", "MX", "JP"} {
		numbers, own := 0, 0
		codes := map[string]int{}
		for i := range w.Len() {
			p := w.Person(i)
			if g.places[p.City].Country != country {
				continue
			}
			for _, ph := range p.Phones {
				num, err := phonenumbers.Parse(ph.E164(), "")
				if err != nil {
					t.Fatal(err)
				}
				a, _, ok := numberArea(num)
				if !ok {
					continue
				}
				numbers++
				codes[a.code]++
				if namesPlace(g, a.desc, p.City) {
					own++
				}
			}
		}
		if numbers == 0 {
			t.Errorf("no geographic numbers in %s", country)
			continue
		}
		top, n := "", 0
		for code, k := range codes {
			if k > n || k == n && code < top {
				top, n = code, k
			}
		}
		start, ten, left := countAreaCodes(w, false, country), countAreaCodes(later, false, country), countAreaCodes(later, true, country)
		lines = append(lines, fmt.Sprintf("| %s | %d | %d | %s: %.0f %% | %.0f %% | %s | %s | %s |", country, numbers, len(codes), top,
			100*float64(n)/float64(numbers), 100*float64(own)/float64(numbers), start, ten, left))
		if start.bad > 0 || ten.bad > 0 {
			t.Errorf("%s: %s at the start, %s ten years on; for example %s", country, start, ten, strings.Join(append(start.examples, ten.examples...), "; "))
		}
	}
	t.Logf("geographic numbers of %d people:\n%s", w.Len(), strings.Join(lines, "\n"))
}
