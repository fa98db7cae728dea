package search

import "testing"

// Other names of a place (the world's aliases) find it: "Bangalore" is
// Bengaluru, "Köln" Cologne.
func TestResolveAliases(t *testing.T) {
	l := testIndex().loc
	for _, tc := range []struct{ in, name, country string }{
		{"Bangalore", "Bengaluru", "IN"}, {"Bangalore, India", "Bengaluru", "IN"},
		{"Bombay", "Mumbai", "IN"}, {"Dhūlia", "Dhule", "IN"}, {"Köln, Germany", "Cologne", "DE"},
		{"Saigon", "Ho Chi Minh City", "VN"}, {"Gurgaon", "Gurugram", "IN"},
	} {
		a, ok := l.resolve(tc.in)
		if !ok || a.kind != areaCity {
			t.Errorf("%q: %+v %v, want a city", tc.in, a, ok)
			continue
		}
		if p := l.places[a.place]; p.Name != tc.name || p.Country != tc.country {
			t.Errorf("%q resolves to %s, want %s", tc.in, p.Display, tc.name)
		}
	}
}
