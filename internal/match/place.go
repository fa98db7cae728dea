package match

import (
	"fmt"

	"github.com/enrich-dev/enrich/internal/places"
)

// nearbyKm is how far apart two cities may lie and still be one place to
// a person: a suburb and its city, two halves of one metropolitan area.
const nearbyKm = 30

// placeVerdict compares the place a row gives with a candidate's. A city
// that agrees (by name, or within nearbyKm) agrees; a country that
// disagrees refuses the candidate (people rarely move abroad and keep
// their employer's record unchanged, and namesakes abroad are many); a
// state or city that disagrees is only against them: the row may be
// older than the person's move.
func placeVerdict(row, candidate string) (agrees bool, against, refused string) {
	if row == "" || candidate == "" {
		return false, "", ""
	}
	r, c := places.Parse(row), places.Parse(candidate)
	if r.IsZero() || c.IsZero() {
		return false, "", ""
	}
	sameCity := r.City != "" && r.City == c.City
	if d, ok := places.DistanceKm(r, c); ok && d <= nearbyKm && r.City != "" && c.City != "" {
		sameCity = true
	}
	if r.Country != "" && c.Country != "" && r.Country != c.Country && !(sameCity && (r.Inferred || c.Inferred)) {
		return false, "", fmt.Sprintf("lives in %s; the row says %s", places.CountryName(c.Country), row)
	}
	switch {
	case sameCity:
		return true, "", ""
	case r.Region != "" && c.Region != "" && r.Region != c.Region:
		return false, fmt.Sprintf("lives in %s; the row says %s", candidate, row), ""
	case r.City != "" && c.City != "":
		return false, fmt.Sprintf("lives in %s; the row says %s", candidate, row), ""
	case r.City == "" && r.Region != "" && r.Region == c.Region:
		return true, "", ""
	}
	return false, "", ""
}
