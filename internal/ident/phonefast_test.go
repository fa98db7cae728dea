package ident

import (
	"errors"
	"flag"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

// phoneDraws is how many numbers TestFastPhoneAgrees draws for each region
// and type; each is read some 60 ways. -phone-draws 40 reads 2.5 million
// (two minutes on two cores).
var phoneDraws = flag.Int("phone-draws", 3, "numbers drawn per region and type by TestFastPhoneAgrees")

// TestFastPhoneAgrees draws numbers of every region libphonenumber knows
// (a superset of the emulator's), valid ones and near misses, spells them
// as sheets do, and reads each with and without the fast path, with no
// default region, the number's own and others: the answers and the
// reasons must be the same.
func TestFastPhoneAgrees(t *testing.T) {
	const seed = 35
	r := rand.New(rand.NewPCG(seed, seed))
	draws := *phoneDraws
	if testing.Short() {
		draws = 1
	}
	regions := make([]string, 0, 256)
	for region := range phonenumbers.GetSupportedRegions() {
		regions = append(regions, region)
	}
	slices.Sort(regions)
	types := []phonenumbers.PhoneNumberType{phonenumbers.MOBILE, phonenumbers.FIXED_LINE, phonenumbers.TOLL_FREE,
		phonenumbers.VOIP, phonenumbers.PREMIUM_RATE, phonenumbers.UAN, phonenumbers.PAGER, phonenumbers.PERSONAL_NUMBER}
	var checked, fast int
	check := func(raw, region string) {
		t.Helper()
		got, gotErr := normalizePhone(raw, region, fastFirst)
		want, wantErr := normalizePhone(raw, region, libraryOnly)
		checked++
		if _, ok := fastParseValid(strings.TrimSpace(raw), region); ok {
			fast++
		}
		if got != want || errText(gotErr) != errText(wantErr) {
			t.Errorf("NormalizePhone(%q, %q) = %q, %v with the fast path; %q, %v without (seed %d)", raw, region, got, gotErr, want, wantErr, seed)
		}
		if quick, quickErr := QuickPhone(raw, region); !errors.Is(quickErr, ErrNeedsLibrary) && (quick != want || errText(quickErr) != errText(wantErr)) {
			t.Errorf("QuickPhone(%q, %q) = %q, %v; NormalizePhone without the fast path %q, %v (seed %d)", raw, region, quick, quickErr, want, wantErr, seed)
		}
	}
	for _, region := range regions {
		for _, typ := range types {
			ex := phonenumbers.GetExampleNumberForType(region, typ)
			if ex == nil {
				continue
			}
			nsn := phonenumbers.GetNationalSignificantNumber(ex)
			for range draws {
				num := mutate(r, nsn)
				n, err := phonenumbers.Parse("+"+strconv.Itoa(int(ex.GetCountryCode()))+num, "ZZ")
				if err != nil {
					check("+"+strconv.Itoa(int(ex.GetCountryCode()))+num, "")
					continue
				}
				others := []string{"", region, "US", "GB", "DE", regions[r.IntN(len(regions))]}
				for _, spelling := range spellings(r, n, region) {
					for _, other := range others {
						check(spelling, other)
					}
				}
			}
		}
	}
	t.Logf("%d readings, %d by the fast path", checked, fast)
	// A fast path that reads nothing would pass the comparison above.
	if fast < checked/5 {
		t.Errorf("the fast path read %d of %d numbers; want at least a fifth", fast, checked)
	}
}

// mutate changes the last digits of a national number, now and then one
// more, or drops or adds one, so that draws fall in and near valid ranges.
func mutate(r *rand.Rand, nsn string) string {
	b := []byte(nsn)
	for i := max(len(b)-r.IntN(5)-1, 0); i < len(b); i++ {
		b[i] = byte('0' + r.IntN(10))
	}
	if len(b) > 1 && r.IntN(10) == 0 {
		b[1+r.IntN(len(b)-1)] = byte('0' + r.IntN(10))
	}
	switch r.IntN(20) {
	case 0:
		b = b[:len(b)-1]
	case 1:
		b = append(b, byte('0'+r.IntN(10)))
	}
	return string(b)
}

// spellings writes a number as sheets hold it: E.164, the library's
// international and national formats, its digits with the calling code
// and without the plus, with separators of other kinds.
func spellings(r *rand.Rand, n *phonenumbers.PhoneNumber, region string) []string {
	e164 := phonenumbers.Format(n, phonenumbers.E164)
	intl := phonenumbers.Format(n, phonenumbers.INTERNATIONAL)
	national := phonenumbers.Format(n, phonenumbers.NATIONAL)
	seps := []string{" ", "-", ".", " - ", "  ", "/", ""}
	sep := seps[r.IntN(len(seps))]
	return []string{e164, intl, national, e164[1:], "00" + e164[1:],
		strings.ReplaceAll(intl, " ", sep), strings.ReplaceAll(national, " ", sep),
		"(" + national[:min(3, len(national))] + ") " + national[min(3, len(national)):],
		phonenumbers.FormatOutOfCountryCallingNumber(n, "US"), " " + intl + " "}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
