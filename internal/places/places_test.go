package places

import "testing"

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in                    string
		city, region, country string
		inferred, located     bool
	}{
		{"Austin, Texas, United States", "austin", "US/TX", "US", false, true},
		{"Austin, TX", "austin", "US/TX", "US", false, true},
		{"Greater Boston Area", "boston", "", "US", true, true},
		{"San Francisco Bay Area", "san francisco", "", "", false, true}, // five other San Franciscos,
		{"München", "munich", "", "DE", true, true},                      // GeoNames spells it Munich
		{"Cologne, Germany", "koln", "", "DE", false, true},              // and this one Köln
		{"Paris", "paris", "", "FR", true, true},
		{"Paris, TX", "paris", "US/TX", "US", false, true},
		{"Lyon, Frankreich", "lyon", "", "FR", false, true},
		{"Germany", "", "", "DE", false, false},
		{"Texas", "", "US/TX", "US", false, false},
		{"TX", "tx", "", "", false, false}, // an abbreviation alone is no state
		{"Ontario, Canada", "", "CA/ON", "CA", false, false},
		{"Springfield", "springfield", "", "US", true, true},
		{"Smallville, Kansas", "smallville", "US/KS", "US", false, false},
		{"", "", "", "", false, false},
		{"Sydney, Nova Scotia, Canada", "sydney", "CA/NS", "CA", false, true},
	} {
		p := Parse(tc.in)
		if p.City != tc.city || p.Region != tc.region || p.Country != tc.country || p.Inferred != tc.inferred || p.Located != tc.located {
			t.Errorf("Parse(%q) = %+v; want city %q region %q country %q inferred %v located %v",
				tc.in, p, tc.city, tc.region, tc.country, tc.inferred, tc.located)
		}
	}
}

func TestDistance(t *testing.T) {
	d, ok := DistanceKm(Parse("Berlin, Germany"), Parse("Potsdam, Germany"))
	if !ok || d < 20 || d > 40 {
		t.Errorf("Berlin to Potsdam: %.0f km, %v", d, ok)
	}
	if _, ok := DistanceKm(Parse("Germany"), Parse("Berlin")); ok {
		t.Error("a country alone has no coordinates")
	}
	if CountryName("DE") != "Germany" || CountryName("ZZ") != "ZZ" {
		t.Error("CountryName")
	}
}

// FuzzParse: any string reads without a panic, as a city folded as Fold
// folds, located only with a country or a region, or none.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"Austin, TX", "München", "Genova, Italia", "St. Petersburg, FL", ",,", "Greater Area"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Parse(s)
		if Fold(p.City) != p.City {
			t.Errorf("Parse(%q).City = %q, not folded", s, p.City)
		}
		if p.Located && p.City == "" {
			t.Errorf("Parse(%q) = %+v: located without a city", s, p)
		}
	})
}
