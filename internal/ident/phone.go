package ident

import (
	"errors"
	"strings"
	"unicode"

	"github.com/nyaruka/phonenumbers"
)

// scientific reports whether s is a number as spreadsheet programs
// display it when the column is too narrow or has the General format,
// 4.15555E+11 (or 4,15555E+11 in a comma locale): whatever was written
// there, the digits after the sixth are gone. It is [+-]?D+([.,]D+)?[eE][+-]?D+,
// matched by hand because it runs on every phone of million-row sheets.
func scientific(s string) bool {
	i := 0
	digits := func() bool {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > start
	}
	sign := func() {
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
	}
	sign()
	if !digits() {
		return false
	}
	if i < len(s) && (s[i] == '.' || s[i] == ',') {
		i++
		if !digits() {
			return false
		}
	}
	if i == len(s) || s[i] != 'e' && s[i] != 'E' {
		return false
	}
	i++
	sign()
	return digits() && i == len(s)
}

// minInternationalDigits is the fewest digits a number written without a
// plus and without a region must have to be read as international. Ten
// digits is the length of a national number in North America: reading
// 4155550123 as +41 55 555 0123 (Switzerland) would look up a stranger, so
// such numbers need --default-region instead.
const minInternationalDigits = 11

// NormalizePhone returns the number in E.164 form (+14155550123).
//
// A number with an extension (+1 415 555 0100 ext. 12, … x14) is refused:
// it names a desk behind a switchboard, not a person, and the service,
// which takes numbers without extensions, would answer for whoever the
// switchboard's number belongs to. Rows that differ only in their
// extension are therefore never one lookup.
//
// A number with a leading + (or 00) carries its country code. A number
// without one is read in defaultRegion; if that fails, or there is no
// region, a number of at least 11 digits that does not start with 0 is tried
// as international with its country code in front, as numeric cells from
// spreadsheets often are (14155550123). A number that is valid neither way
// is rejected; "valid" is libphonenumber's judgement, which checks lengths
// and number ranges per country.
func NormalizePhone(raw, defaultRegion string) (string, error) {
	if slowOnly.Load() {
		return normalizePhone(raw, defaultRegion, libraryOnly)
	}
	return normalizePhone(raw, defaultRegion, fastFirst)
}

// QuickPhone is NormalizePhone where it can answer without libphonenumber
// (a number the fast path reads, or one refused before any parsing), and
// ErrNeedsLibrary where it cannot. A caller that keeps the library's
// answers (a memo) asks QuickPhone first, so as to keep only those.
func QuickPhone(raw, defaultRegion string) (string, error) {
	if slowOnly.Load() {
		return "", ErrNeedsLibrary
	}
	return normalizePhone(raw, defaultRegion, fastOnly)
}

// phoneMode says how a number is parsed: with libphonenumber alone, with
// the fast path first, or with the fast path alone.
type phoneMode int

const (
	libraryOnly phoneMode = iota
	fastFirst
	fastOnly
)

// ErrNeedsLibrary is QuickPhone's answer where only libphonenumber can
// tell.
var ErrNeedsLibrary = errors.New("phone number needs libphonenumber")

// settled reports whether a reading's answer is the number's, rather than
// a reason to try the next reading.
func settled(err error) bool {
	return err == nil || errors.Is(err, errExtension) || errors.Is(err, ErrNeedsLibrary)
}

// normalizePhone is NormalizePhone, parsing as mode says.
func normalizePhone(raw, defaultRegion string, fast phoneMode) (string, error) {
	s := strings.TrimSpace(raw)
	if len(s) >= 4 && strings.EqualFold(s[:4], "tel:") {
		s = strings.TrimSpace(s[4:])
	}
	if s == "" {
		return "", invalid(Phone, "empty phone number")
	}
	if len(s) > 64 {
		return "", invalid(Phone, "too long to be a phone number")
	}
	if scientific(s) {
		return "", invalid(Phone, "the cell lost digits (scientific notation, e.g. 4.2E+11); format the column as text and export again")
	}
	// A float column written back by a script: "14155550123.0".
	if head, ok := strings.CutSuffix(s, ".0"); ok && head != "" && allDigits(head) {
		s = head
	}
	digits := countDigits(s)
	if digits < 5 {
		return "", invalid(Phone, "not a phone number (too few digits)")
	}
	region := strings.ToUpper(strings.TrimSpace(defaultRegion))
	if !phonenumbers.GetSupportedRegions()[region] {
		region = ""
	}

	switch {
	case strings.HasPrefix(s, "+") || strings.HasPrefix(s, "\uff0b"):
		return parseValid(s, "", fast)
	case strings.HasPrefix(s, "00") && region == "":
		// 00 is the international prefix in most of the world; without a
		// region it is the only sensible reading.
		return parseValid("+"+s[2:], "", fast)
	}
	if region != "" {
		if e164, err := parseValid(s, region, fast); settled(err) {
			return e164, err
		}
		if strings.HasPrefix(s, "00") {
			if e164, err := parseValid("+"+s[2:], "", fast); settled(err) {
				return e164, err
			}
		}
	}
	if digits >= minInternationalDigits && firstDigit(s) != '0' && !strings.ContainsAny(s, "()") {
		if e164, err := parseValid("+"+s, "", fast); settled(err) {
			return e164, err
		}
	}
	if region == "" {
		return "", invalid(Phone, "phone number without country code; set --default-region")
	}
	return "", invalid(Phone, "not a valid phone number in region %s", region)
}

// errExtension is a number with an extension (see NormalizePhone).
var errExtension = invalid(Phone, "a number with an extension reaches a desk through a switchboard, not a person's own line; it is not looked up")

// parseValid parses s in region (or as international when region is "")
// and returns its E.164 form if libphonenumber deems it valid; but for
// libraryOnly, the spellings the fast path reads are read without the
// library, to the same answer (see fastParseValid), and for fastOnly the
// others are ErrNeedsLibrary.
func parseValid(s, region string, fast phoneMode) (string, error) {
	if fast != libraryOnly {
		if e164, ok := fastParseValid(s, region); ok {
			return e164, nil
		}
		if fast == fastOnly {
			return "", ErrNeedsLibrary
		}
	}
	if region == "" {
		region = "ZZ"
	}
	num, err := phonenumbers.Parse(s, region)
	if err != nil {
		if errors.Is(err, phonenumbers.ErrInvalidCountryCode) {
			return "", invalid(Phone, "phone number with an unknown country code")
		}
		return "", invalid(Phone, "not a phone number")
	}
	if num.GetExtension() != "" {
		return "", errExtension
	}
	if !phonenumbers.IsValidNumber(num) {
		if region == "ZZ" {
			return "", invalid(Phone, "not a valid phone number for country code +%d", num.GetCountryCode())
		}
		return "", invalid(Phone, "not a valid phone number in region %s", region)
	}
	e164 := phonenumbers.Format(num, phonenumbers.E164)
	if len(e164) > 16 {
		// E.164 allows 15 digits; libphonenumber accepts some longer
		// German ranges, which no lookup service matches.
		return "", invalid(Phone, "too many digits for a phone number")
	}
	return e164, nil
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

func firstDigit(s string) rune {
	for _, r := range s {
		if unicode.IsDigit(r) {
			return r
		}
	}
	return 0
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
