package world

import (
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// Find resolves an identifier as a user's sheet might spell it: a profile
// URL, an e-mail, a phone number or a uid.
//
// Profile URLs may come with or without scheme (http or https), with
// "www.", "m." or a country subdomain ("de.linkedin.com"), in any case,
// with a trailing slash, a query ("?trk=...") or a fragment. E-mails may
// come in any case, with surrounding spaces or a "mailto:". Phones may be
// E.164 or carry spaces, dashes, dots, slashes and parentheses, a "00"
// international prefix, or lack the "+" but keep the country code; a
// number without its country code is not found, as the service cannot
// guess a region. Uids may be upper or lower case.
func (w *World) Find(item string) (*Person, bool) {
	s := strings.TrimSpace(item)
	switch {
	case s == "":
		return nil, false
	case strings.Contains(strings.ToLower(s), "linkedin.com/"):
		slug, ok := ProfileSlug(s)
		if !ok {
			return nil, false
		}
		return w.verify(keyHash(keySlug, slug), func(p *Person) bool { return p.Slug == slug })
	case strings.Contains(s, "@"):
		email, ok := NormalizeEmail(s)
		if !ok {
			return nil, false
		}
		return w.findEmail(email)
	case len(s) == 32 && isHexString(s):
		var u UID
		if _, err := hex.Decode(u[:], []byte(strings.ToLower(s))); err != nil {
			return nil, false
		}
		return w.verify(uidHash(u), func(p *Person) bool { return p.UID == u })
	}
	num, ok := PhoneDigits(s)
	if !ok {
		return nil, false
	}
	if p, ok := w.findPhone(num); ok {
		return p, true
	}
	// Spellings the fast path reads wrongly, such as the UK's
	// "+44 (0)20 ...": let phonenumbers parse what has a "+".
	if strings.HasPrefix(s, "+") {
		if pn, err := phonenumbers.Parse(s, ""); err == nil {
			e164 := phonenumbers.Format(pn, phonenumbers.E164)
			if n, err := strconv.ParseUint(strings.TrimPrefix(e164, "+"), 10, 64); err == nil && n != num {
				return w.findPhone(n)
			}
		}
	}
	return nil, false
}

// findPhone looks up an E.164 number given as digits.
func (w *World) findPhone(num uint64) (*Person, bool) {
	return w.verify(phoneHash(num), func(p *Person) bool {
		for _, ph := range p.Phones {
			if ph.Number == num {
				return true
			}
		}
		return false
	})
}

// findEmail looks up a normalized e-mail address: one a person held at
// the world's start, or a work address they gained since.
func (w *World) findEmail(email string) (*Person, bool) {
	key := keyHash(keyEmail, email)
	if p, ok := w.verify(key, func(p *Person) bool {
		for _, e := range p.Emails {
			if e.Address == email {
				return true
			}
		}
		return false
	}); ok {
		return p, true
	}
	if w.t != nil {
		if g, ok := w.t.emails[key]; ok && g.address == email {
			return w.Person(int(g.person)), true
		}
	}
	return nil, false
}

// verify returns the person indexed under key, as of the world's clock,
// if they held the identifier at the world's start: the index stores
// hashes, not the identifiers themselves. Whatever a person was found by
// at the start finds them for good, as on the service, where a profile
// keeps its URL and an old address still leads to its owner.
func (w *World) verify(key uint64, holds func(*Person) bool) (*Person, bool) {
	i, ok := w.index.get(key)
	if !ok || int(i) >= w.Len() {
		return nil, false // no one, or a newcomer who has not joined yet
	}
	if !holds(&w.people[i]) {
		return nil, false
	}
	return w.Person(int(i)), true
}

// ProfileSlug extracts the lower-case slug from a profile URL in any of
// the spellings Find accepts, reporting false for anything that is not a
// linkedin.com/in/ URL.
func ProfileSlug(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, scheme := range []string{"https://", "http://", "//"} {
		if strings.HasPrefix(s, scheme) {
			s = s[len(scheme):]
			break
		}
	}
	host, path, ok := strings.Cut(s, "/")
	if !ok || host != "linkedin.com" && !strings.HasSuffix(host, ".linkedin.com") {
		return "", false
	}
	slug, ok := strings.CutPrefix(path, "in/")
	if !ok {
		return "", false
	}
	if end := strings.IndexAny(slug, "/?#"); end >= 0 {
		slug = slug[:end]
	}
	if unescaped, err := url.PathUnescape(slug); err == nil {
		slug = unescaped
	}
	return slug, slug != ""
}

// NormalizeEmail returns an address in lower case without surrounding
// spaces, a "mailto:" or angle brackets ("Jane <jane@x.io>"), reporting
// false when what remains is not one address.
func NormalizeEmail(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if i, j := strings.LastIndex(s, "<"), strings.LastIndex(s, ">"); i >= 0 && j > i {
		s = s[i+1 : j]
	}
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "mailto:")
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || domain == "" || strings.ContainsAny(s, " \t,;") || strings.Contains(domain, "@") {
		return "", false
	}
	return s, true
}

// PhoneDigits reads a phone number written with its country code ("+49
// 151 2345 6789", "0049-151-23456789", "(+1) 512.555.0123",
// "4915123456789") and returns its E.164 digits as an integer. Anything
// else, including letters or an extension, reports false.
func PhoneDigits(s string) (uint64, bool) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "tel:"))
	var digits []byte
	plus := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits = append(digits, byte(r))
		case r == '+' && len(digits) == 0 && !plus:
			plus = true
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' || r == '/' || r == '\u00a0' || r == '\t':
		default:
			return 0, false
		}
	}
	if !plus && len(digits) > 2 && digits[0] == '0' && digits[1] == '0' {
		digits = digits[2:] // "00" is the international prefix almost everywhere
	}
	if len(digits) < 7 || len(digits) > 15 || digits[0] == '0' {
		return 0, false // E.164 numbers never start with 0: that is a national number
	}
	n, err := strconv.ParseUint(string(digits), 10, 64)
	return n, err == nil
}

func isHexString(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}
