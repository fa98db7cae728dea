package ident

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// PhoneSpelling is one of the ways a sheet spells its phone numbers.
type PhoneSpelling int

// The spellings PhoneStyleOf tells apart. SpellE164 is the zero value:
// what a column whose cells agree on none of the others gets.
const (
	SpellE164          PhoneSpelling = iota // +14155550123
	SpellInternational                      // +1 415-555-0123
	SpellNational                           // (415) 555-0123
	SpellRFC3966                            // tel:+1-415-555-0123
)

// String names the spelling as a report shows it.
func (s PhoneSpelling) String() string {
	switch s {
	case SpellInternational:
		return "international"
	case SpellNational:
		return "national"
	case SpellRFC3966:
		return "rfc3966"
	}
	return "e164"
}

// PhoneStyle is how a phone column spells its numbers, so that a number
// written into it (an export's fill) looks like its neighbours. The zero
// PhoneStyle spells numbers in E.164.
type PhoneStyle struct {
	Spelling PhoneSpelling
	// Region is, for SpellNational, the country (ISO 3166) of the
	// column's numbers: a number of its calling code is spelled
	// nationally, any other internationally, since a national spelling
	// loses the country.
	Region string
}

// Agreement a column's cells need before their spelling is its style: a
// clear majority of the cells read as numbers, and a few of them.
const (
	minStyleAgree   = 3
	styleAgreeShare = 0.8
	// maxStyleSamples bounds the cells read: a column's spelling shows in
	// its first thousand numbers as well as in a million.
	maxStyleSamples = 1000
)

// PhoneStyleOf reads the non-empty cells of a phone column, each as
// NormalizePhone reads it in region (the default region of the run), and
// returns the spelling at least 80 % of the cells read as numbers agree
// on, and at least three: E.164, international or national as
// libphonenumber formats them, or RFC 3966. Spaces are compared as one;
// a national spelling counts only with numbers of one calling code. A
// column with fewer agreeing cells (mixed spellings, Excel's bare digits,
// unknown ones) gets the zero PhoneStyle: E.164.
func PhoneStyleOf(samples []string, region string) PhoneStyle {
	type vote struct {
		spelling PhoneSpelling
		code     int32 // the calling code, for a national spelling
	}
	votes := map[vote]int{}
	read := 0
	for _, raw := range samples {
		s := strings.Join(strings.Fields(raw), " ")
		if s == "" {
			continue
		}
		if read == maxStyleSamples {
			break
		}
		e164, err := NormalizePhone(s, region)
		if err != nil {
			continue
		}
		read++
		num, err := phonenumbers.Parse(e164, "ZZ")
		if err != nil {
			continue
		}
		if spelling, ok := spellingOf(s, e164, num); ok {
			v := vote{spelling: spelling}
			if spelling == SpellNational {
				v.code = num.GetCountryCode()
			}
			votes[v]++
		}
	}
	for v, n := range votes {
		if n >= minStyleAgree && float64(n) >= styleAgreeShare*float64(read) {
			style := PhoneStyle{Spelling: v.spelling}
			if v.spelling == SpellNational {
				style.Region = regionOfCode(v.code, region)
			}
			return style // at most one spelling has 80 %
		}
	}
	return PhoneStyle{}
}

// spellingOf returns the spelling s (a cell with its spaces made one)
// has of the number num, whose E.164 form is e164, if it is one of them.
func spellingOf(s, e164 string, num *phonenumbers.PhoneNumber) (PhoneSpelling, bool) {
	switch {
	case s == e164:
		return SpellE164, true
	case s == phonenumbers.Format(num, phonenumbers.INTERNATIONAL):
		return SpellInternational, true
	case s == phonenumbers.Format(num, phonenumbers.NATIONAL):
		return SpellNational, true
	case strings.EqualFold(s, phonenumbers.Format(num, phonenumbers.RFC3966)):
		return SpellRFC3966, true
	}
	return SpellE164, false
}

// regionOfCode returns the region of a calling code: region itself when
// the code is its own (a US sheet's numbers are US numbers, though +1 is
// Canada's too), else the code's main region.
func regionOfCode(code int32, region string) string {
	region = strings.ToUpper(strings.TrimSpace(region))
	if region != "" && int32(phonenumbers.GetCountryCodeForRegion(region)) == code {
		return region
	}
	return phonenumbers.GetRegionCodeForCountryCode(int(code))
}

// Format spells a number given in E.164 (+14155550123) in the style: a
// national style spells a number of its own country's calling code
// nationally and any other internationally. A value that is not a number
// in E.164 is returned as it is.
func (s PhoneStyle) Format(e164 string) string {
	if s.Spelling == SpellE164 || !strings.HasPrefix(e164, "+") {
		return e164
	}
	num, err := phonenumbers.Parse(e164, "ZZ")
	if err != nil {
		return e164
	}
	switch s.Spelling {
	case SpellInternational:
		return phonenumbers.Format(num, phonenumbers.INTERNATIONAL)
	case SpellNational:
		if code := phonenumbers.GetCountryCodeForRegion(strings.ToUpper(s.Region)); code != 0 && int32(code) == num.GetCountryCode() {
			return phonenumbers.Format(num, phonenumbers.NATIONAL)
		}
		return phonenumbers.Format(num, phonenumbers.INTERNATIONAL)
	case SpellRFC3966:
		return phonenumbers.Format(num, phonenumbers.RFC3966)
	}
	return e164
}
