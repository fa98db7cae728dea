package ident

import "testing"

// TestPhoneStyleOf reads the style of columns as sheets of four
// countries spell them, and spells a found number in each: the column's
// own country in its spelling, a foreign number internationally when the
// column's spelling is national.
func TestPhoneStyleOf(t *testing.T) {
	for _, tc := range []struct {
		name    string
		region  string
		samples []string
		want    PhoneStyle
		// a number of the column's country and a foreign one, and how the
		// style spells them
		own, foreign         string
		wantOwn, wantForeign string
	}{
		{
			name: "US national", region: "US",
			samples: []string{"(415) 555-0123", "", "(650) 253-0000", "  (212) 555-0199 ", "(415) 555-0100"},
			want:    PhoneStyle{Spelling: SpellNational, Region: "US"},
			own:     "+13105550188", wantOwn: "(310) 555-0188",
			foreign: "+442079460958", wantForeign: "+44 20 7946 0958",
		},
		{
			name: "US international", region: "US",
			samples: []string{"+1 415-555-0123", "+1 650-253-0000", "+1 212-555-0199"},
			want:    PhoneStyle{Spelling: SpellInternational},
			own:     "+13105550188", wantOwn: "+1 310-555-0188",
			foreign: "+33612345678", wantForeign: "+33 6 12 34 56 78",
		},
		{
			name: "US E.164", region: "US",
			samples: []string{"+14155550123", "+16502530000", "+12125550199", "+13105550188"},
			want:    PhoneStyle{Spelling: SpellE164},
			own:     "+13105550100", wantOwn: "+13105550100",
			foreign: "+4930123456", wantForeign: "+4930123456",
		},
		{
			name: "DE national", region: "DE",
			samples: []string{"030 123456", "01512 3456789", "089 123456", "030 1234567"},
			want:    PhoneStyle{Spelling: SpellNational, Region: "DE"},
			own:     "+4989654321", wantOwn: "089 654321",
			foreign: "+14155550123", wantForeign: "+1 415-555-0123",
		},
		{
			name: "DE international", region: "DE",
			samples: []string{"+49 30 123456", "+49 1512 3456789", "+49 89 123456"},
			want:    PhoneStyle{Spelling: SpellInternational},
			own:     "+4989654321", wantOwn: "+49 89 654321",
			foreign: "+14155550123", wantForeign: "+1 415-555-0123",
		},
		{
			name: "FR national", region: "FR",
			samples: []string{"01 23 45 67 89", "06 12 34 56 78", "04 72 00 00 01", "01  42 68 53 00"},
			want:    PhoneStyle{Spelling: SpellNational, Region: "FR"},
			own:     "+33612345670", wantOwn: "06 12 34 56 70",
			foreign: "+4930123456", wantForeign: "+49 30 123456",
		},
		{
			name: "FR RFC 3966", region: "FR",
			samples: []string{"tel:+33-1-23-45-67-89", "TEL:+33-6-12-34-56-78", "tel:+33-4-72-00-00-01"},
			want:    PhoneStyle{Spelling: SpellRFC3966},
			own:     "+33612345670", wantOwn: "tel:+33-6-12-34-56-70",
			foreign: "+14155550123", wantForeign: "tel:+1-415-555-0123",
		},
		{
			name: "GB national", region: "GB",
			samples: []string{"020 7946 0958", "020 7946 0000", "0161 496 0000", "020 7946 0123", "not a phone"},
			want:    PhoneStyle{Spelling: SpellNational, Region: "GB"},
			own:     "+441614960999", wantOwn: "0161 496 0999",
			foreign: "+33612345678", wantForeign: "+33 6 12 34 56 78",
		},
		{
			// 4 of 5 numbers agree: 80 %.
			name: "GB international, one odd", region: "GB",
			samples: []string{"+44 20 7946 0958", "+44 20 7946 0000", "+44 161 496 0000", "+44 20 7946 0123", "02079460999"},
			want:    PhoneStyle{Spelling: SpellInternational},
			own:     "+442079460958", wantOwn: "+44 20 7946 0958",
			foreign: "+14155550123", wantForeign: "+1 415-555-0123",
		},
		{
			// 3 of 5 agree: mixed, so E.164.
			name: "mixed", region: "GB",
			samples: []string{"+44 20 7946 0958", "+44 20 7946 0000", "+44 161 496 0000", "020 7946 0123", "+442079460999"},
			want:    PhoneStyle{},
			own:     "+442079460958", wantOwn: "+442079460958",
			foreign: "+14155550123", wantForeign: "+14155550123",
		},
		{
			name: "too few", region: "US",
			samples: []string{"(415) 555-0123", "(650) 253-0000", "", "n/a"},
			want:    PhoneStyle{},
			own:     "+13105550188", wantOwn: "+13105550188",
			foreign: "+33612345678", wantForeign: "+33612345678",
		},
		{
			// Excel turned the numbers into digits: no spelling to copy.
			name: "bare digits", region: "US",
			samples: []string{"14155550123", "16502530000", "12125550199"},
			want:    PhoneStyle{},
			own:     "+13105550188", wantOwn: "+13105550188",
			foreign: "+33612345678", wantForeign: "+33612345678",
		},
		{
			// A national spelling needs the region to read at all.
			name: "national without a region", region: "",
			samples: []string{"(415) 555-0123", "(650) 253-0000", "(212) 555-0199"},
			want:    PhoneStyle{},
			own:     "+13105550188", wantOwn: "+13105550188",
			foreign: "+33612345678", wantForeign: "+33612345678",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := PhoneStyleOf(tc.samples, tc.region)
			if got != tc.want {
				t.Fatalf("PhoneStyleOf = %+v; want %+v", got, tc.want)
			}
			if s := got.Format(tc.own); s != tc.wantOwn {
				t.Errorf("Format(%s) = %q; want %q", tc.own, s, tc.wantOwn)
			}
			if s := got.Format(tc.foreign); s != tc.wantForeign {
				t.Errorf("Format(%s) = %q; want %q", tc.foreign, s, tc.wantForeign)
			}
			// What the style spells reads back as the number it was.
			for _, e := range []string{tc.own, tc.foreign} {
				if back, err := NormalizePhone(got.Format(e), tc.region); err != nil || back != e {
					t.Errorf("NormalizePhone(%q, %s) = %q, %v; want %s", got.Format(e), tc.region, back, err, e)
				}
			}
		})
	}
}

// A column spelled by a style is read as that style again.
func TestPhoneStyleRoundTrip(t *testing.T) {
	numbers := map[string][]string{
		"US": {"+14155550123", "+16502530000", "+12125550199", "+13105550188"},
		"DE": {"+4930123456", "+4915123456789", "+4989123456", "+4940123456"},
		"FR": {"+33123456789", "+33612345678", "+33472000001", "+33142685300"},
		"GB": {"+442079460958", "+442079460000", "+441614960000", "+442079460123"},
	}
	for region, nums := range numbers {
		for _, style := range []PhoneStyle{{}, {Spelling: SpellInternational}, {Spelling: SpellNational, Region: region}, {Spelling: SpellRFC3966}} {
			var column []string
			for _, n := range nums {
				column = append(column, style.Format(n))
			}
			if got := PhoneStyleOf(column, region); got != style {
				t.Errorf("%s %v: column %q reads as %+v", region, style.Spelling, column, got)
			}
		}
	}
}

func TestPhoneStyleFormatKeepsOthers(t *testing.T) {
	s := PhoneStyle{Spelling: SpellInternational}
	for _, v := range []string{"", "4155550123", "not a number", "+"} {
		if got := s.Format(v); got != v {
			t.Errorf("Format(%q) = %q; want it as it was", v, got)
		}
	}
	if got := (PhoneStyle{}).Format("+14155550123"); got != "+14155550123" {
		t.Errorf("the zero style spells %q; want E.164", got)
	}
}
