package ident

import (
	"maps"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nyaruka/phonenumbers"
)

// The fast path: most phones in sheets are spelled one of a few ways
// (+1 (415) 555-0123, +44 20 7946 0958, 415.555.0123), and for those
// libphonenumber's answer follows from the digits alone. fastParseValid
// reads such a spelling by hand and judges the number with the library's
// own metadata and rules (getNumberTypeHelper and the region of a shared
// calling code, as phonenumberutil.go writes them), its patterns matched
// by digitPattern. Whatever it is not sure of (another spelling, a
// national or international prefix to strip, a number it finds invalid,
// for the error message) goes to libphonenumber. TestFastPhoneAgrees
// and FuzzNormalizePhone hold the two to the same answers.

// phoneMetadata is the library's metadata by region, and by calling code
// for the non-geographic entities (region "001").
type phoneMetadata struct {
	region map[string]*phonenumbers.PhoneMetadata
	nonGeo map[int32]*phonenumbers.PhoneMetadata
}

var loadPhoneMetadata = sync.OnceValue(func() *phoneMetadata {
	m := &phoneMetadata{region: map[string]*phonenumbers.PhoneMetadata{}, nonGeo: map[int32]*phonenumbers.PhoneMetadata{}}
	coll, err := phonenumbers.MetadataCollection()
	if err != nil {
		return m // no fast path: every number goes to the library
	}
	for _, md := range coll.GetMetadata() {
		if md.GetId() == "001" {
			m.nonGeo[md.GetCountryCode()] = md
		} else {
			m.region[md.GetId()] = md
		}
	}
	return m
})

func (m *phoneMetadata) forRegion(cc int, region string) *phonenumbers.PhoneMetadata {
	if region == "001" {
		return m.nonGeo[int32(cc)]
	}
	return m.region[region]
}

// fastParseValid returns parseValid(s, region)'s E.164 form when it can
// tell it without libphonenumber; ok is false when it cannot.
func fastParseValid(s, region string) (e164 string, ok bool) {
	plus := strings.HasPrefix(s, "+")
	if plus {
		s = s[1:]
	}
	var buf [24]byte
	digits, ok := plainDigits(s, buf[:0])
	if !ok || len(digits) < 5 {
		return "", false
	}
	m := loadPhoneMetadata()
	var cc int
	var nsn string
	if plus {
		cc, nsn = splitCallingCode(digits)
		if cc == 0 {
			return "", false
		}
		md := m.forRegion(cc, phonenumbers.GetRegionCodeForCountryCode(cc))
		if md == nil || nationalPrefix(md, nsn) {
			return "", false
		}
	} else {
		md := m.region[region]
		if md == nil {
			return "", false
		}
		// An international prefix (00, 011) or the region's own calling
		// code in front may be stripped by the library: not here.
		cc = int(md.GetCountryCode())
		if prefixMatch(md.GetInternationalPrefix(), string(digits)) ||
			strings.HasPrefix(string(digits), strconv.Itoa(cc)) || nationalPrefix(md, string(digits)) {
			return "", false
		}
		nsn = string(digits)
	}
	if len(nsn) < 2 || len(nsn) > 17 || !validNSN(m, cc, nsn) {
		return "", false
	}
	e164 = "+" + strconv.Itoa(cc) + nsn
	if len(e164) > 16 {
		return "", false
	}
	return e164, true
}

// plainDigits returns the digits of s if s is digits in groups separated
// by one space, hyphen or dot, one group perhaps in parentheses, ending
// in a digit: the spellings whose reading by libphonenumber depends on
// the digits only.
func plainDigits(s string, digits []byte) ([]byte, bool) {
	open, closed := false, false
	sep := 0 // non-digits since the last digit
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if len(digits) == cap(digits) {
				return nil, false
			}
			digits = append(digits, c)
			sep = 0
			continue
		case c == '(' && !open:
			open = true
		case c == ')' && open && !closed && sep == 0 && len(digits) > 0:
			closed = true
		case c == ' ' || c == '-' || c == '.':
			if len(digits) == 0 {
				return nil, false
			}
		default:
			return nil, false
		}
		sep++
		if sep > 2 {
			return nil, false
		}
	}
	return digits, sep == 0 && open == closed && len(digits) > 0
}

// splitCallingCode reads the calling code in front of E.164 digits as
// the library does: the shortest of one to three digits that is a known
// code.
func splitCallingCode(digits []byte) (int, string) {
	if digits[0] == '0' {
		return 0, ""
	}
	cc := 0
	for i := 0; i < 3 && i < len(digits); i++ {
		cc = cc*10 + int(digits[i]-'0')
		if len(phonenumbers.GetRegionCodesForCountryCode(cc)) > 0 {
			return cc, string(digits[i+1:])
		}
	}
	return 0, ""
}

// nationalPrefix reports whether the library might strip a national
// prefix (a trunk 0, a carrier code) from the front of nsn.
func nationalPrefix(md *phonenumbers.PhoneMetadata, nsn string) bool {
	p := md.GetNationalPrefixForParsing()
	return p != "" && prefixMatch(p, nsn)
}

// validNSN is phonenumbers.IsValidNumber of the number cc nsn.
func validNSN(m *phoneMetadata, cc int, nsn string) bool {
	regions := phonenumbers.GetRegionCodesForCountryCode(cc)
	region := ""
	switch len(regions) {
	case 0:
		return false
	case 1:
		region = regions[0]
	default:
		for _, r := range regions {
			md := m.region[r]
			if md == nil {
				return false
			}
			if lead := md.GetLeadingDigits(); lead != "" {
				if prefixMatch(lead, nsn) {
					region = r
					break
				}
			} else if knownType(md, nsn) {
				region = r
				break
			}
		}
	}
	md := m.forRegion(cc, region)
	return md != nil && knownType(md, nsn) // region "" has no metadata
}

// knownType is getNumberTypeHelper(nsn, md) != UNKNOWN.
func knownType(md *phonenumbers.PhoneMetadata, nsn string) bool {
	t := typesOf(md)
	if !t.general.matches(nsn) {
		return false
	}
	for i := range t.types {
		if t.types[i].matches(nsn) {
			return true
		}
	}
	return t.mobile.matches(nsn)
}

// typeDescs are the number descriptions of one region's metadata that
// knownType reads, their patterns compiled: found once a number instead
// of once a description.
type typeDescs struct {
	general desc
	types   [9]desc // premium rate to fixed line, in the library's order
	mobile  desc    // the zero desc when mobile and fixed line share a pattern
}

// desc is a number description: its possible lengths and its pattern;
// the zero desc matches nothing, as the library's nil description.
type desc struct {
	lengths []int32
	pattern *digitPattern
}

func newDesc(d *phonenumbers.PhoneNumberDesc) desc {
	if d == nil {
		return desc{}
	}
	return desc{lengths: d.PossibleLength, pattern: compiled(d.GetNationalNumberPattern(), true)}
}

// matches is the library's isNumberMatchingDesc.
func (d *desc) matches(nsn string) bool {
	if d.pattern == nil {
		return false
	}
	if len(d.lengths) > 0 {
		found := false
		for _, l := range d.lengths {
			found = found || int(l) == len(nsn)
		}
		if !found {
			return false
		}
	}
	return d.pattern.match(nsn)
}

// typeCache holds the typeDescs of each metadata met, read without a lock
// and copied to add one, as patterns is: a process meets a few hundred.
var typeCache struct {
	m  atomic.Pointer[map[*phonenumbers.PhoneMetadata]*typeDescs]
	mu sync.Mutex // held to add
}

// typesOf returns md's typeDescs, made the first time md is met.
func typesOf(md *phonenumbers.PhoneMetadata) *typeDescs {
	if m := typeCache.m.Load(); m != nil {
		if t := (*m)[md]; t != nil {
			return t
		}
	}
	t := &typeDescs{general: newDesc(md.GetGeneralDesc())}
	for i, d := range []*phonenumbers.PhoneNumberDesc{md.GetPremiumRate(), md.GetTollFree(), md.GetSharedCost(),
		md.GetVoip(), md.GetPersonalNumber(), md.GetPager(), md.GetUan(), md.GetVoicemail(), md.GetFixedLine()} {
		t.types[i] = newDesc(d)
	}
	if !md.GetSameMobileAndFixedLinePattern() {
		t.mobile = newDesc(md.GetMobile())
	}
	typeCache.mu.Lock()
	defer typeCache.mu.Unlock()
	grown := map[*phonenumbers.PhoneMetadata]*typeDescs{}
	if m := typeCache.m.Load(); m != nil {
		grown = maps.Clone(*m)
	}
	grown[md] = t
	typeCache.m.Store(&grown)
	return t
}
