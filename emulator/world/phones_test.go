package world

import (
	"strconv"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

// Every generated phone number is valid by phonenumbers' rules, and
// belongs to the person's country.
func TestPhonesValid(t *testing.T) {
	t.Parallel()
	w := testWorld()
	checked, countries := 0, map[string]bool{}
	for i := 0; i < w.Len(); i += 3 {
		p := w.Person(i)
		country := w.Places()[p.City].Country
		for _, ph := range p.Phones {
			num, err := phonenumbers.Parse(ph.E164(), "")
			if err != nil {
				t.Fatalf("parse %s: %v", ph.E164(), err)
			}
			if !phonenumbers.IsValidNumber(num) {
				t.Fatalf("%s (%s) is not a valid number", ph.E164(), country)
			}
			if region := phonenumbers.GetRegionCodeForNumber(num); region != country {
				t.Fatalf("%s is a number of %s, but its owner lives in %s", ph.E164(), region, country)
			}
			if got := phonenumbers.Format(num, phonenumbers.E164); got != ph.E164() {
				t.Fatalf("%s formats back as %s", ph.E164(), got)
			}
			checked++
			countries[country] = true
		}
	}
	if checked < 2000 || len(countries) < 40 {
		t.Errorf("checked %d numbers from %d countries; want a broad sample", checked, len(countries))
	}
}

// People of every country with phone metadata can get a phone: the plan
// covers the gazetteer.
func TestPhonePlansCoverCountries(t *testing.T) {
	g := loadGazetteer()
	plans := loadPhonePlans()
	missing := 0
	for id, c := range g.countries {
		if len(g.byCountry[id]) > 0 && plans.countries[id] == nil && phonenumbers.GetCountryCodeForRegion(c.Code) != 0 {
			missing++
			t.Logf("no phone plan for %s", c.Code)
		}
	}
	if missing > 3 {
		t.Errorf("%d countries with people and phone metadata have no phone plan", missing)
	}
}

// Chile's mobiles begin with 9, never with a landline's area code: the
// library's example of a Chilean mobile is Santiago's landline range.
func TestChileanMobiles(t *testing.T) {
	g, plans := loadGazetteer(), loadPhonePlans()
	cid := g.country["CL"]
	r := newRand(3, streamPhonePlan)
	for _, place := range g.byCountry[cid] {
		n, ok := plans.draw(r, place, cid, PhoneMobile)
		if !ok {
			t.Fatalf("no mobile for %s", g.places[place].Display)
		}
		e164 := "+" + strconv.FormatUint(n, 10)
		num, err := phonenumbers.Parse(e164, "")
		if !strings.HasPrefix(e164, "+569") || err != nil || !phonenumbers.IsValidNumberForRegion(num, "CL") {
			t.Fatalf("a mobile of %s is %s; want a valid +56 9 number", g.places[place].Display, e164)
		}
	}
}
