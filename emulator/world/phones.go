package world

import (
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/nyaruka/phonenumbers"
)

// PhoneKind says what a phone number is, as the contact's subType does.
type PhoneKind uint8

// Kinds of phone numbers.
const (
	PhoneMobile PhoneKind = iota // subType "mobile"
	PhoneWork                    // subType "work_phone"
)

// String returns the kind as the wire's subType spells it.
func (k PhoneKind) String() string {
	if k == PhoneWork {
		return "work_phone"
	}
	return "mobile"
}

// Phone is one of a person's phone numbers.
type Phone struct {
	// Number is the E.164 number without its "+", as an integer: E.164
	// digits never start with 0, so this is lossless and takes 8 bytes
	// instead of a string.
	Number uint64
	Kind   PhoneKind // mobile or work
	Rating uint8     // confidence: 70 or 100
}

// E164 returns the number in E.164 form, "+4915123456789".
func (p Phone) E164() string {
	return "+" + strconv.FormatUint(p.Number, 10)
}

// phonePrefix is a run of valid numbers: every head·10^tail + x with
// x < 10^tail is, as far as sampling can tell, a valid number.
type phonePrefix struct {
	head uint64
	tail uint8
}

// phonePlan is how one country's numbers are made.
type phonePlan struct {
	mobile, fixed []phonePrefix
	region        string // the country's ISO code
	cc            int    // its calling code
}

// phonePlans holds each country's plan by countryID (countries without
// phone metadata have none and their people get no phone), the +1
// exchanges of the US and Canada by place, and the heads of the area
// codes of the other places.
type phonePlans struct {
	countries []*phonePlan
	area      *areaPlan
	local     *localPlan
}

// loadPhonePlans computes the plans of every gazetteer country once per
// process. Validating a number with phonenumbers costs microseconds, far
// too much for a million people, so validity is sampled here, once, for a
// few prefixes per country, and people's numbers are then drawn from
// verified prefixes with random tails.
var loadPhonePlans = sync.OnceValue(func() phonePlans {
	g := loadGazetteer()
	// Prefix counts follow each country's share of residents, so big
	// countries have room for many unique numbers.
	weight := make([]uint64, len(g.countries))
	for i, cid := range g.placeCountry {
		weight[cid] += g.residentWeight[i]
	}
	total := g.residents.total
	plans := phonePlans{countries: make([]*phonePlan, len(g.countries)), area: loadAreaPlan(), local: loadLocalPlan()}
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Go(func() {
			for id := w; id < len(plans.countries); id += workers {
				if len(g.byCountry[id]) > 0 {
					plans.countries[id] = buildPhonePlan(g.countries[id].Code, weight[id], total)
				}
			}
		})
	}
	wg.Wait()
	return plans
})

// buildPhonePlan finds valid prefixes for one country, deterministically
// (its generator is seeded from the country code, not from any world).
func buildPhonePlan(region string, weight, total uint64) *phonePlan {
	cc := phonenumbers.GetCountryCodeForRegion(region)
	if cc == 0 {
		return nil
	}
	seed := uint64(0)
	for _, b := range []byte(region) {
		seed = seed<<8 | uint64(b)
	}
	r := newRand(seed, streamPhonePlan)
	// Enough prefixes (of 10^tail numbers each) for the country's share of
	// a million people to rarely collide.
	want := min(int(weight*300/total)+4, 96)
	plan := &phonePlan{
		mobile: findPrefixes(r, region, cc, phonenumbers.MOBILE, want),
		fixed:  findPrefixes(r, region, cc, phonenumbers.FIXED_LINE, want/2+2),
		region: region,
		cc:     cc,
	}
	if len(plan.mobile) == 0 && len(plan.fixed) == 0 {
		return nil
	}
	return plan
}

// findPrefixes mutates the library's example number of a type into up to
// want prefixes whose random tails all validate for the region.
func findPrefixes(r *rand.Rand, region string, cc int, typ phonenumbers.PhoneNumberType, want int) []phonePrefix {
	ex := phonenumbers.GetExampleNumberForType(region, typ)
	if own, ok := mobileExamples[region]; ok && typ == phonenumbers.MOBILE {
		ex, _ = phonenumbers.Parse(own, "")
	}
	if ex == nil {
		return nil
	}
	digits := phonenumbers.Format(ex, phonenumbers.E164)[1:]
	// A mobile plan's numbers are mobiles (Switzerland's example mutated
	// into 071 would be St. Gallen's landline), where the country's
	// mobiles are told apart at all (Mexico's are not); a landline plan's
	// are landlines.
	exType := phonenumbers.GetNumberType(ex)
	accept := func(t phonenumbers.PhoneNumberType) bool {
		return t == typ || t == phonenumbers.FIXED_LINE_OR_MOBILE && (typ == phonenumbers.FIXED_LINE || exType == t)
	}
	ccLen := len(strconv.Itoa(cc))
	nsnLen := len(digits) - ccLen
	// The longest random tail the example's own head supports: ranges
	// are often as narrow as "268 46[0-38]" and a tail too long for them
	// would make almost every number invalid.
	tail := 0
	for t := min(5, nsnLen-3); t >= 2; t-- {
		if validHead(r, region, cc, digits[:len(digits)-t], t, accept) {
			tail = t
			break
		}
	}
	if tail == 0 {
		return nil
	}
	headLen := len(digits) - tail
	out := []phonePrefix{{head: mustUint(digits[:headLen]), tail: uint8(tail)}}
	seen := map[string]bool{digits[:headLen]: true}
	buf := []byte(digits)
	for attempt := 0; attempt < want*8 && len(out) < want; attempt++ {
		copy(buf, digits) // every mutation starts from the valid example
		// Vary the last digits of the head, rarely an earlier one (but
		// never the first digit of the national number, which carries
		// the type), so candidates stay near the valid example.
		buf[headLen-1] = byte('0' + intN(r, 10))
		for i := ccLen + 1; i < headLen-1; i++ {
			if i >= headLen-3 && chance(r, 50) || chance(r, 10) {
				buf[i] = byte('0' + intN(r, 10))
			}
		}
		head := string(buf[:headLen])
		if seen[head] {
			continue
		}
		seen[head] = true
		if validHead(r, region, cc, head, tail, accept) {
			out = append(out, phonePrefix{head: mustUint(head), tail: uint8(tail)})
		}
	}
	return out
}

// mobileExamples are the mobiles to start from where the library's
// example of a mobile is a number people know as a landline: Chile's
// mobiles begin with 9 (+56 9 6123 4567), but its example mobile is
// Santiago's +56 2 2123 4567, which the library cannot tell apart from a
// mobile. These countries' mobiles carry no area code (mobilesGeographic).
var mobileExamples = map[string]string{"CL": "+56961234567"}

// mustUint parses digits known to be a number.
func mustUint(digits string) uint64 {
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		panic("world: " + err.Error())
	}
	return n
}

// headSamples is how many random completions of a head must be valid
// for it to be used: five let a narrow range through now and then
// (Barbados' "246 41[024-6]").
const headSamples = 24

// validHead reports whether random completions of head are valid numbers
// of region (and are attributed to region, so numbers of shared calling
// codes such as +1 or +7 land in the right country) of a type accept
// takes (any type when accept is nil).
func validHead(r *rand.Rand, region string, cc int, head string, tail int, accept func(phonenumbers.PhoneNumberType) bool) bool {
	for range headSamples {
		n := head
		for range tail {
			n += string(rune('0' + intN(r, 10)))
		}
		t := numberType(region, cc, n)
		if t == phonenumbers.UNKNOWN || accept != nil && !accept(t) {
			return false
		}
	}
	return true
}

// numberType returns the type of E.164 digits (without "+") as a number
// of region by phonenumbers' rules, UNKNOWN for a number not valid there.
// Where several regions share the calling code, the number must also be
// attributed to this one: Jamaica's metadata accepts the +1 877 toll-free
// range, which phonenumbers attributes to the US. (Valid for the region
// implies IsValidNumber, and this skips the slow search over all regions
// of a shared calling code: +1 has two dozen.)
func numberType(region string, cc int, digits string) phonenumbers.PhoneNumberType {
	num := numberOf(cc, digits)
	if num == nil {
		return phonenumbers.UNKNOWN
	}
	if len(phonenumbers.GetRegionCodesForCountryCode(cc)) > 1 && phonenumbers.GetRegionCodeForNumber(num) != region {
		return phonenumbers.UNKNOWN
	}
	return phonenumbers.GetNumberType(num)
}

// pow10 holds the powers of ten up to the longest random tail a head
// may leave (a Vienna landline is 43 1 and eight random digits).
var pow10 = [...]uint64{1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12}

// hasArea reports whether the landlines of a place carry its own area
// code (or its state's, or its nearest city's): places of the US and
// Canada, and of the countries whose numbers libphonenumber geocodes.
func (pp phonePlans) hasArea(place int32) bool {
	a := pp.area
	return len(a.byPlace[place]) > 0 || a.regionOf[place] >= 0 && len(a.byRegion[a.regionOf[place]]) > 0 ||
		len(pp.local.fixed[place]) > 0
}

// draw makes a number of the given kind for someone (or an office) in a
// place of a country; ok is false when the country has no plan. In the US
// and Canada the number belongs to the place's area, mobile or not (the
// two share their ranges there). Elsewhere a landline, and a mobile where
// mobiles are geographic, carries the area code of the place (localPlan);
// other numbers are the country's, and work numbers fall back to mobile
// ranges (and back) where the library knows only one type.
func (pp phonePlans) draw(r *rand.Rand, place int32, country countryID, kind PhoneKind) (uint64, bool) {
	if head, ok := pp.area.head(r, place); ok {
		return head*10000 + uint64N(r, 10000), true
	}
	if heads := pp.local.heads(place, kind); len(heads) > 0 {
		p := pick(r, heads)
		m := pow10[p.tail]
		return p.head*m + uint64N(r, m), true
	}
	plan := pp.countries[country]
	if plan == nil {
		return 0, false
	}
	prefixes := plan.mobile
	if kind == PhoneWork && len(plan.fixed) > 0 || len(prefixes) == 0 {
		prefixes = plan.fixed
	}
	// A head's random tails were sampled, not all tried: a narrow range
	// lets an invalid number through now and then (Cayman's +1 345 32x),
	// so a number is checked and drawn again.
	var n uint64
	for range planTries {
		p := pick(r, prefixes)
		m := pow10[p.tail]
		n = p.head*m + uint64N(r, m)
		if numberType(plan.region, plan.cc, strconv.FormatUint(n, 10)) != phonenumbers.UNKNOWN {
			break
		}
	}
	return n, true
}

// planTries is how many numbers of a country's plan are drawn for one
// valid.
const planTries = 8

// numberOf builds the PhoneNumber of E.164 digits (without "+") of a
// calling code, as phonenumbers.Parse records it (Italian leading zeros
// included) but without its cost.
func numberOf(cc int, digits string) *phonenumbers.PhoneNumber {
	ccs := strconv.Itoa(cc)
	if !strings.HasPrefix(digits, ccs) || len(digits) <= len(ccs) {
		return nil
	}
	nsn := digits[len(ccs):]
	nn, err := strconv.ParseUint(nsn, 10, 64)
	if err != nil {
		return nil
	}
	code := int32(cc)
	num := &phonenumbers.PhoneNumber{CountryCode: &code, NationalNumber: &nn}
	if len(nsn) > 1 && nsn[0] == '0' {
		yes := true
		num.ItalianLeadingZero = &yes
		zeros := int32(1)
		for int(zeros) < len(nsn)-1 && nsn[zeros] == '0' {
			zeros++
		}
		if zeros != 1 {
			num.NumberOfLeadingZeros = &zeros
		}
	}
	return num
}
