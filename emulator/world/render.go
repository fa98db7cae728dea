package world

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// Candidate renders the person's full profile as the service's JSON: the
// "candidate" object of the wire contract. With withoutContacts,
// "contacts" is [] and "social" holds only the professional-network link
// (if the person has one).
//
// The output is a pure function of the world's config and the person:
// everything not stored on Person is derived from Person.Seed, so the same
// person always renders to the same bytes.
func (w *World) Candidate(p *Person, withoutContacts bool) []byte {
	// Separate generators for the parts that are asked for separately
	// (contacts, headline, summary, job descriptions), so that none of
	// them shifts the rest of the profile.
	r := newRand(p.Seed, streamRender)
	rc := newRand(p.Seed, streamContacts)

	c := candidateJSON{
		UID:             p.UID.String(),
		FullName:        p.FullName,
		TotalExperience: w.TotalYears(p),
		Locations:       []nameJSON{},
		Skills:          make([]string, 0, len(p.Skills)),
	}
	if g := p.Gender.String(); g != "" {
		c.Gender = &g
	}
	if h := w.Headline(p); h != "" {
		c.HeadLine = &h
	}
	if s := w.Summary(p); s != "" {
		c.Summary = &s
	}
	if p.Has&HasPhoto != 0 {
		c.Photo = &photoJSON{URL: photoURL(r)}
	}
	if !chance(r, 3) {
		c.Locations = append(c.Locations, nameJSON{Name: w.geo.places[p.City].Display})
	}
	for _, s := range p.Skills {
		c.Skills = append(c.Skills, w.skills.names[s])
	}
	c.Contacts = []contactJSON{}
	if !withoutContacts {
		c.Contacts = w.contacts(rc, p)
	}
	c.Social = w.socials(rc, p, withoutContacts)
	c.Experience = w.experience(p)
	c.Education = w.educationJSON(r, p)
	c.Language = w.languages(p)
	c.Organization = w.organizations(r, p)
	c.Certification = w.certifications(p)
	c.Course = w.coursesOf(r, p)
	c.Project = w.projects(p)
	c.Publication = w.publications(p)
	c.Patent = w.patents(p)
	c.HonorAward = w.honors(p)
	if p.Has&HasAddresses != 0 {
		// A home of its own city: a move draws another street.
		c.Addresses = []addressJSON{{Display: w.addressDisplay(newRand(p.Seed^uint64(p.City)<<32, streamAddress), p.City)}}
	}
	if p.Has&HasBirthday != 0 {
		rb := newRand(p.Seed, streamBirthday)
		c.Birthday = strconv.Itoa(int(p.BirthYear)) + "-" + twoDigits(between(rb, 1, 12)) + "-" + twoDigits(between(rb, 1, 28))
	}
	if p.Has&HasAltNames != 0 && p.AltName != "" {
		c.AlternativeNames = []string{p.AltName}
	}
	return marshal(c)
}

// Headline returns the person's headline as Candidate shows it, or "" when
// the profile has none (null on the wire).
func (w *World) Headline(p *Person) string {
	if p.Has&HasHeadline == 0 {
		return ""
	}
	return w.headline(newRand(p.Seed, streamHeadline), p, w.proseFamily(p))
}

// Summary returns the person's "about" text as Candidate shows it, or ""
// when the profile has none (null on the wire).
func (w *World) Summary(p *Person) string {
	if p.Has&HasSummary == 0 {
		return ""
	}
	return w.summaryText(newRand(p.Seed, streamSummary), p, w.proseFamily(p))
}

// JobDescription returns the description of the person's job k as
// Candidate shows it ("" for the many roles without one).
func (w *World) JobDescription(p *Person, k int) string {
	j := p.Jobs[k]
	return w.jobDescription(newRand(jobSeed(p, j), streamJob), j, func() string { return w.roleFocus(p, k) })
}

// jobSeed is the seed of one role's derived text and company data.
func jobSeed(p *Person, j Job) uint64 { return p.Seed ^ uint64(j.Seed)<<16 }

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// photoURL is a made-up picture address in the shape of the network's CDN.
func photoURL(r *rand.Rand) string {
	id := strings.ToUpper(string(appendHex(nil, r, 16)))
	return "https://media.licdn.com/dms/image/v2/D4E03AQ" + id +
		"/profile-displayphoto-shrink_400_400/0/" + strconv.FormatInt(int64(between(r, 1500000000, 1760000000))*1000, 10)
}

// rating renders a confidence score; the real service now and then sends
// it as a string, and clients must cope.
func rating(r *rand.Rand, v uint8) any {
	if chance(r, 5) {
		return strconv.Itoa(int(v))
	}
	return int(v)
}

// subType renders a contact's sub-type: usually the value, sometimes null,
// sometimes absent (nil), as on the wire.
func subType(r *rand.Rand, v string) json.RawMessage {
	switch x := intN(r, 100); {
	case x < 6:
		return json.RawMessage("null")
	case x < 10:
		return nil
	}
	return json.RawMessage(strconv.Quote(v))
}

// contacts renders e-mails, phones and the occasional messenger or link.
func (w *World) contacts(r *rand.Rand, p *Person) []contactJSON {
	out := []contactJSON{}
	for _, e := range p.Emails {
		out = append(out, contactJSON{Type: "email", Value: e.Address, Rating: rating(r, e.Rating), SubType: subType(r, e.Kind.String())})
	}
	country := w.geo.places[p.City].Country
	var mobile string
	for _, ph := range p.Phones {
		c := contactJSON{Type: "phone", Value: ph.E164(), Rating: rating(r, ph.Rating), SubType: subType(r, ph.Kind.String())}
		if chance(r, 15) {
			c.Info = pick(r, []string{w.geo.countryName(country), "Verified", "Direct dial", "Last seen " + strconv.Itoa(w.now.Year()-intN(r, 3))})
		}
		if ph.Kind == PhoneMobile && mobile == "" {
			mobile = ph.E164()
		}
		out = append(out, c)
	}
	handle := socialHandle(r, p)
	other := func(typ, value string) {
		out = append(out, contactJSON{Type: typ, Value: value, Rating: rating(r, pick(r, []uint8{70, 100})), SubType: json.RawMessage("null")})
	}
	messengerCountry := country == "RU" || country == "UA" || country == "BY" || country == "KZ"
	if chance(r, 4) {
		other("skype", "live:."+"cid."+string(appendHex(nil, r, 16)))
	}
	if chance(r, 4) || messengerCountry && chance(r, 25) {
		other("telegram", "@"+handle)
	}
	if mobile != "" && chance(r, 6) {
		other("whatsapp", mobile)
	}
	if mobile != "" && messengerCountry && chance(r, 10) {
		other("viber", mobile)
	}
	if country == "CN" {
		if chance(r, 30) {
			other("wechat", "wxid_"+string(appendHex(nil, r, 12)))
		}
		if chance(r, 10) {
			other("qq", strconv.Itoa(between(r, 10000000, 999999999)))
		}
	}
	if chance(r, 8) {
		other("link", "https://"+handle+pick(r, []string{".com", ".dev", ".me", ".io"}))
	}
	return out
}

// socialHandle derives the user name a person uses on other platforms
// from their slug: "jane-doe-4a1b2c" → "janedoe", sometimes with digits.
func socialHandle(r *rand.Rand, p *Person) string {
	parts := strings.Split(p.Slug, "-")
	if n := len(parts); n > 2 && isHex(parts[n-1]) {
		parts = parts[:n-1]
	}
	h := strings.Join(parts, "")
	if chance(r, 40) {
		h += strconv.Itoa(between(r, 1, 99))
	}
	return h
}

func isHex(s string) bool {
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return len(s) >= 4
}

// socials renders the person's social links.
func (w *World) socials(r *rand.Rand, p *Person, onlyNetwork bool) []socialJSON {
	out := []socialJSON{}
	handle := socialHandle(r, p)
	n := r.Uint32()
	for i, code := range platformCodes {
		if p.Social&(1<<i) == 0 {
			continue
		}
		if code == "li" {
			out = append(out, socialJSON{Type: code, Link: p.ProfileURL(), Rating: 100})
			continue
		}
		if onlyNetwork {
			continue
		}
		if link := socialURL(code, handle, n); link != "" {
			out = append(out, socialJSON{Type: code, Link: link, Rating: rating(r, pick(r, []uint8{70, 100}))})
		}
	}
	return out
}

// experience renders the person's roles.
func (w *World) experience(p *Person) []experienceJSON {
	out := make([]experienceJSON, 0, len(p.Jobs))
	src := rand.NewPCG(0, 0)
	r := rand.New(src)
	for k, j := range p.Jobs {
		// Each role's text comes from its own seed, as if stored with it.
		reseed(src, jobSeed(p, j), streamJob)
		co := &w.companies[j.Company]
		t := w.titles.titles[j.Title]
		e := experienceJSON{
			Position:    t.Name,
			Company:     co.Name,
			Current:     j.Current,
			Summary:     w.jobDescription(r, j, func() string { return w.roleFocus(p, k) }),
			CompanyURL:  co.URL(),
			CompanyID:   ptr(strconv.FormatInt(co.ID, 10)),
			CompanySize: co.SizeRange(),
			StaffCount:  int(co.StaffCount),
			Industry:    w.industries.name(co.Industry),
			Website:     co.Website(),
		}
		if at := w.rolePlace(j); at >= 0 {
			e.Location = ptr(w.geo.places[at].Display)
		}
		if !j.Start.IsZero() {
			e.Started = ptr(isoDate(j.Start))
		}
		if !j.Current && !j.End.IsZero() {
			e.Ended = ptr(isoDate(j.End))
		}
		unknown := unknownCompanyData(co)
		if unknown&unknownPage != 0 {
			e.CompanyURL, e.CompanyID = "n/a", nil
		}
		if unknown&unknownSize != 0 {
			e.CompanySize, e.StaffCount = "n/a", "n/a"
		}
		if unknown&unknownIndustry != 0 {
			e.Industry = "n/a"
		}
		if unknown&unknownWebsite != 0 {
			e.Website = "n/a"
		}
		out = append(out, e)
	}
	return out
}

// educationJSON renders the person's schools.
func (w *World) educationJSON(r *rand.Rand, p *Person) []educationJSON {
	out := make([]educationJSON, 0, len(p.Education))
	for _, ed := range p.Education {
		u := &w.schools.universities[ed.University]
		e := educationJSON{University: u.Name, Degree: []string{}}
		// A college's or university's entry always names its field; a
		// secondary school's (no degree) now and then does not.
		if ed.Degree != 0 || !chance(r, 50) {
			e.Faculty = ptr(w.schools.fields[ed.Field])
		}
		if ed.Degree != 0 {
			e.Degree = append(e.Degree, degreeNames[ed.Degree])
		}
		if !chance(r, 20) {
			e.URL = ptr("https://www.linkedin.com/school/" + u.Slug + "/")
		}
		if ed.Start != 0 {
			e.StartedYear = ptr(int(ed.Start))
		}
		if ed.End != 0 {
			e.EndedYear = ptr(int(ed.End))
		}
		out = append(out, e)
	}
	return out
}

// organizations lists the occasional profile's membership: a
// professional body of the line of work and the profession of the
// person's latest role (of their studies, for one who has not worked)
// that serves their country, or a club of any trade. It is joined once their studies began and,
// for a body, once they entered its line (joinedFrom), and held in a
// position their career had reached by then (memberPosition).
func (w *World) organizations(r *rand.Rand, p *Person) []organizationJSON {
	out := []organizationJSON{}
	if !chance(r, 5) {
		return out
	}
	f, title := w.proseFamily(p), ""
	if len(p.Jobs) > 0 {
		title = w.titles.titles[p.Jobs[0].Title].Name
	}
	names := bodiesFor(f, w.geo.places[p.City].Country, title)
	body := len(names) > 0 && !chance(r, 15)
	if !body {
		names = clubs
	}
	start := w.now - Month(between(r, 12, 120))
	if from := w.joinedFrom(p, f, body); from != 0 && start < from {
		start = from
	}
	if start > w.month {
		return out
	}
	o := organizationJSON{Name: pick(r, names), StartDate: ptr(isoDate(start))}
	if chance(r, 80) {
		o.Position = ptr(w.memberPosition(p, start, !body, intN(r, 100)))
	}
	if end := start + Month(between(r, 6, 48)); chance(r, 40) && end <= w.month {
		o.EndDate = ptr(isoDate(end))
	}
	return append(out, o)
}

// clubs are the organizations of no line of work anyone may join.
var clubs = []string{"Toastmasters International", "Rotary International"}

// joinedFrom returns the earliest month the person could have joined an
// organization: not while at school (adultStudiesBegan), nor, for a
// professional body of line of work f, before their first role of that
// line of a known start (their first role of any line for a club); 0
// where nothing is known.
func (w *World) joinedFrom(p *Person, f family, body bool) Month {
	from := w.adultStudiesBegan(p)
	var entered Month
	for _, j := range p.Jobs {
		if j.Start != 0 && (!body || j.fam == f) && (entered == 0 || j.Start < entered) {
			entered = j.Start
		}
	}
	return max(from, entered)
}

// adultStudiesBegan returns the month the person's studies after school
// began: the earliest start of a college or university of a known
// start, and not before the June their secondary school ended; 0 where
// neither is known.
func (w *World) adultStudiesBegan(p *Person) Month {
	var began, school Month
	for _, e := range p.Education {
		switch {
		case w.schools.secondary[e.University]:
			if e.End != 0 {
				school = max(school, MonthOf(int(e.End), time.June))
			}
		case e.Start != 0 && (began == 0 || MonthOf(int(e.Start), time.January) < began):
			began = MonthOf(int(e.Start), time.January)
		}
	}
	return max(began, school)
}

// memberPosition returns the position a person held in an organization
// (a club, or a professional body) they joined in month m, from a draw x
// of 0 to 99: most are members; volunteers, committee members, chapter
// leads and club secretaries have worked four years or more and reached
// mid-level by then; board members, chairs and club presidents fifteen
// years or more and a senior's level or above. A position drawn that the
// career had not reached falls to the highest it had.
func (w *World) memberPosition(p *Person, m Month, club bool, x int) string {
	worked, level := workedBy(p.Jobs, m), w.levelBy(p, m)
	mid := worked >= midCareerMonths && level >= MidLevel
	late := worked >= lateCareerMonths && level >= Senior
	positions := bodyPositions
	if club {
		positions = clubPositions
	}
	switch {
	case x >= 88 && late:
		return positions.late[x%len(positions.late)]
	case x >= 55 && mid:
		return positions.mid[x%len(positions.mid)]
	}
	return "Member"
}

// The positions of professional bodies and of clubs held in mid-career
// and late in it.
var (
	bodyPositions = struct{ mid, late []string }{[]string{"Volunteer", "Committee Member", "Chapter Lead"}, []string{"Board Member", "Chair"}}
	clubPositions = struct{ mid, late []string }{[]string{"Volunteer", "Committee Member", "Club Secretary"}, []string{"Club President", "Board Member"}}
)

// The months of work a career has by mid-career and late in it, as the
// positions of organizations ask.
const (
	midCareerMonths  = 48
	lateCareerMonths = 180
)

// levelBy returns the highest level of the person's roles of a known
// start begun by month m, NoLevel where none was.
func (w *World) levelBy(p *Person, m Month) Level {
	level := NoLevel
	for _, j := range p.Jobs {
		if l := w.titles.titles[j.Title].Level; j.Start != 0 && j.Start <= m && l > level {
			level = l
		}
	}
	return level
}

// What the service does not know of a company (unknownCompanyData).
const (
	unknownPage     = 1 << iota // its page on the network and id
	unknownSize                 // its size and staff count
	unknownIndustry             // its industry
	unknownWebsite              // its website
)

// unknownCompanyData returns what the service's patchy company data lacks
// of company c, shown "n/a" in experience entries: drawn from a hash of
// the company, so that a company is known alike in every role of every
// profile (about 6 % lack the page, 8 % the size, 5 % the industry and
// 10 % the website).
func unknownCompanyData(c *Company) int {
	h := mix64(c.Seed ^ streamRender<<56)
	out := 0
	for _, u := range unknownShares {
		if int(h%100) < u.percent {
			out |= u.bit
		}
		h /= 100
	}
	return out
}

// unknownShares are the percent of companies that lack each detail.
var unknownShares = [...]struct{ bit, percent int }{{unknownPage, 6}, {unknownSize, 8},
	{unknownIndustry, 5}, {unknownWebsite, 10}}
