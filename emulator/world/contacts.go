package world

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// personalDomains are the mail providers of personal addresses, with
// local ones added per country.
var (
	globalMail = []string{"gmail.com", "gmail.com", "gmail.com", "gmail.com", "gmail.com", "outlook.com",
		"outlook.com", "hotmail.com", "yahoo.com", "yahoo.com", "icloud.com", "proton.me", "aol.com"}
	localMail = map[string][]string{
		"DE": {"gmx.de", "web.de", "t-online.de"}, "AT": {"gmx.at"}, "CH": {"bluewin.ch"},
		"FR": {"orange.fr", "free.fr", "laposte.net"}, "IT": {"libero.it", "virgilio.it"},
		"RU": {"mail.ru", "yandex.ru"}, "UA": {"ukr.net", "i.ua"}, "BY": {"mail.ru"}, "KZ": {"mail.ru"},
		"CN": {"qq.com", "163.com", "126.com"}, "KR": {"naver.com", "daum.net"}, "JP": {"yahoo.co.jp"},
		"PL": {"wp.pl", "onet.pl", "o2.pl"}, "CZ": {"seznam.cz"}, "BR": {"uol.com.br", "bol.com.br"},
		"GB": {"btinternet.com", "yahoo.co.uk"}, "IN": {"rediffmail.com", "yahoo.co.in"},
		"ES": {"telefonica.net"}, "NL": {"ziggo.nl", "kpnmail.nl"}, "TR": {"yandex.com.tr"},
	}
)

// loadLocalMail lists each country's local mail providers by countryID.
var loadLocalMail = sync.OnceValue(func() [][]string {
	g := loadGazetteer()
	out := make([][]string, len(g.countries))
	for id, c := range g.countries {
		out[id] = localMail[c.Code]
	}
	return out
})

// appendHex appends n random lower-case hex digits.
func appendHex(b []byte, r *rand.Rand, n int) []byte {
	const digits = "0123456789abcdef"
	for range n {
		b = append(b, digits[intN(r, 16)])
	}
	return b
}

// nameParts are the ASCII spellings of a person's name used to make
// handles, slugs and addresses.
type nameParts struct{ slugFirst, slugLast, mailFirst, mailLast string }

func partsOf(n personName) nameParts {
	parts := nameParts{n.slugFirst, n.slugLast, n.mailFirst, n.mailLast}
	if parts.mailFirst == "" {
		parts.slugFirst, parts.mailFirst = "member", "member"
	}
	if parts.mailLast == "" {
		parts.slugLast, parts.mailLast = "profile", "profile"
	}
	return parts
}

// appendSlug appends a profile slug in one of the shapes the network
// hands out: "jane-doe-4a1b2c3d" (most), "jane-doe", "janedoe1234",
// "jdoe42".
func appendSlug(b []byte, r *rand.Rand, n nameParts) []byte {
	switch x := intN(r, 100); {
	case x < 75:
		b = append(append(append(b, n.slugFirst...), '-'), n.slugLast...)
		return appendHex(append(b, '-'), r, between(r, 6, 8))
	case x < 85:
		return append(append(append(b, n.slugFirst...), '-'), n.slugLast...)
	case x < 93:
		b = append(append(b, n.mailFirst...), n.mailLast...)
		return strconv.AppendInt(b, int64(between(r, 1, 9999)), 10)
	}
	b = append(append(b, n.mailFirst[0]), n.mailLast...)
	return strconv.AppendInt(b, int64(between(r, 1, 999)), 10)
}

// respellSlug makes a variant of a slug after a collision: the same base
// with a fresh random tail, the way the network disambiguates.
func respellSlug(r *rand.Rand, slug string) string {
	return string(appendHex(append([]byte(slug), '-'), r, 4))
}

// appendWorkLocal appends the local part of a work address: "jane.doe",
// "jdoe", "jane"...
func appendWorkLocal(b []byte, r *rand.Rand, n nameParts) []byte {
	f, l := n.mailFirst, n.mailLast
	switch x := intN(r, 100); {
	case x < 45:
		return append(append(append(b, f...), '.'), l...)
	case x < 65:
		return append(append(b, f[0]), l...)
	case x < 75:
		return append(b, f...)
	case x < 80:
		return append(append(b, f...), l[0])
	case x < 90:
		return append(append(append(b, f...), '_'), l...)
	}
	return append(append(append(b, l...), '.'), f...)
}

// appendPersonalLocal appends the local part of a personal address. The
// plain names are long gone at the big providers, so most carry digits.
func appendPersonalLocal(b []byte, r *rand.Rand, n nameParts, birthYear int) []byte {
	f, l := n.mailFirst, n.mailLast
	switch x := intN(r, 100); {
	case x < 10:
		return append(append(b, f...), l...)
	case x < 20:
		return append(append(append(b, f...), '.'), l...)
	case x < 45:
		b = append(append(append(b, f...), '.'), l...)
		return strconv.AppendInt(b, int64(between(r, 1, 99)), 10)
	case x < 65:
		b = append(append(b, f...), l...)
		return strconv.AppendInt(b, int64(birthYear), 10)
	case x < 80:
		b = append(append(b, f[0]), l...)
		return strconv.AppendInt(b, int64(between(r, 1, 999)), 10)
	case x < 90:
		b = append(append(append(b, f...), '_'), l...)
		return strconv.AppendInt(b, int64(between(r, 1, 99)), 10)
	}
	b = append(append(append(b, l...), '.'), f...)
	return strconv.AppendInt(b, int64(between(r, 1, 99)), 10)
}

// personalDomain picks a mail provider for someone living in country.
func personalDomain(r *rand.Rand, local []string) string {
	if local != nil && chance(r, 35) {
		return pick(r, local)
	}
	return pick(r, globalMail)
}

// respellEmail varies an address's local part after a collision.
func respellEmail(r *rand.Rand, addr string) string {
	local, domain, _ := strings.Cut(addr, "@")
	return local + strconv.Itoa(between(r, 1, 9999)) + "@" + domain
}

// drawEmails gives a person 0 to 3 addresses: a work one at the current
// employer's domain for most people with a job, personal ones otherwise.
func (gen *generator) drawEmails(r *rand.Rand, p *Person, n nameParts, country countryID) {
	count := 0
	switch x := intN(r, 100); {
	case x < 15:
	case x < 50:
		count = 1
	case x < 85:
		count = 2
	default:
		count = 3
	}
	emails := gen.emails[:0]
	job, working := p.CurrentJob()
	for i := range count {
		e := Email{Kind: EmailPersonal, Rating: 70}
		b := gen.buf[:0]
		if i == 0 && working && chance(r, 65) {
			e.Kind = EmailWork
			b = appendWorkLocal(b, r, n)
			b = append(append(b, '@'), gen.companies[job.Company].Domain...)
			if chance(r, 75) {
				e.Rating = 100
			}
		} else {
			b = appendPersonalLocal(b, r, n, int(p.BirthYear))
			b = append(append(b, '@'), personalDomain(r, gen.localMail[country])...)
			if chance(r, 50) {
				e.Rating = 100
			}
		}
		gen.buf = b
		e.Address = gen.intern(b)
		emails = append(emails, e)
	}
	gen.emails = emails
	p.Emails = gen.emailSlab.take(emails)
}

// drawPhones gives a person 0 to 2 numbers of their country: a landline,
// and a mobile where mobiles carry an area code (Brazil, Mexico), of
// their city's area code (phonePlans.draw).
func (gen *generator) drawPhones(r *rand.Rand, p *Person, country countryID) {
	count := 0
	switch x := intN(r, 100); {
	case x < 35:
	case x < 80:
		count = 1
	default:
		count = 2
	}
	phones := gen.phones[:0]
	kind := PhoneMobile
	if chance(r, 15) {
		kind = PhoneWork
	}
	for range count {
		num, ok := gen.phonePlans.draw(r, p.City, country, kind)
		if !ok {
			break
		}
		ph := Phone{Number: num, Kind: kind, Rating: 70}
		if chance(r, 60) {
			ph.Rating = 100
		}
		phones = append(phones, ph)
		kind = 1 - kind // a second number is of the other kind
	}
	gen.phones = phones
	p.Phones = gen.phoneSlab.take(phones)
}
