package world

import (
	"encoding/hex"
	"time"
)

// Person is one profile of the world. Its exported fields are what a
// search engine filters on; they are compact codes into the world's
// vocabularies (Places, Titles, Skills, Industries, Universities...) or
// interned strings. Prose (summary, job descriptions, projects, other
// contacts) is derived on demand from Seed by World.Candidate.
type Person struct {
	Index int32  // position in the world, Person(i).Index == i
	UID   UID    // the 32-hex profile id
	Seed  uint64 // source of everything derived on demand

	FirstName string // given name(s), in Latin script
	LastName  string // family name(s), in Latin script
	FullName  string // in Latin script, as profiles write it ("Nguyễn Văn An", "Wei Wang", "Jane Doe")
	AltName   string // the native spelling ("王伟") or the name without diacritics; "" if none shown
	Script    Script // script of FirstName, LastName and FullName: always ScriptLatin
	Gender    Gender // GenderUnknown is shown as null
	culture   uint8  // the naming culture of the name, the source of the native language
	Slug      string // profile URL https://www.linkedin.com/in/<slug>; unique, lower-case ASCII

	City      int32  // home, index into World.Places
	BirthYear uint16 // source of graduation years and the occasional birthday

	Emails    []Email     // 0 to 3 at the start (a move can add a 4th), unique in the world
	Phones    []Phone     // 0 to 2, unique in the world, valid for the home country
	Jobs      []Job       // current roles first (the main one first), then past roles newest first
	Skills    []SkillID   // indexes into World.Skills
	Education []Education // newest first

	// Industry, Department and Level describe the main current role
	// (Jobs[0]); they are NoIndustry, NoDepartment and NoLevel for someone
	// without a current role. Department and Level spell as interface
	// 4.2's lists.
	Industry   IndustryID
	Department Department // NoDepartment also for titles of no department (CEO, Founder)
	Level      Level

	// YearsInRole and TotalYears are whole years in the current role and
	// over all roles as of the world's start, or of the person's latest
	// career event: when the profile's prose was written. World.YearsInRole
	// and World.TotalYears count them up to the world's clock.
	YearsInRole uint8
	TotalYears  uint8
	OpenToWork  bool   // the search profile's openToWork
	Has         Has    // which optional parts the profile shows
	Social      Social // which social profiles the person has
}

// UID is a profile id: 16 random bytes shown as 32 lower-case hex digits.
type UID [16]byte

// String returns the 32 lower-case hex digits.
func (u UID) String() string { return hex.EncodeToString(u[:]) }

// Gender is the gender a profile shows.
type Gender uint8

// Genders; GenderUnknown renders as null.
const (
	GenderUnknown Gender = iota
	Male
	Female
)

// String returns "male", "female" or "" for unknown.
func (g Gender) String() string {
	switch g {
	case Male:
		return "male"
	case Female:
		return "female"
	}
	return ""
}

// Has is a set of flags for the optional parts of a profile.
type Has uint16

// Optional parts of a profile. The occasional fields (addresses, birthday,
// alternative names) are omitted from the JSON entirely when absent; the
// others are null.
const (
	HasHeadline Has = 1 << iota
	HasSummary
	HasPhoto
	HasAddresses
	HasBirthday
	HasAltNames
)

// Month is a calendar month: months since January 1900, plus one, so that
// the zero value means "unknown" and fits in two bytes.
type Month uint16

// MonthOf returns the Month of a year and month.
func MonthOf(year int, m time.Month) Month {
	return Month((year-1900)*12 + int(m))
}

// monthOfTime returns the Month containing t.
func monthOfTime(t time.Time) Month { return MonthOf(t.Year(), t.Month()) }

// IsZero reports whether the month is unknown.
func (m Month) IsZero() bool { return m == 0 }

// Year returns the calendar year.
func (m Month) Year() int { return 1900 + (int(m)-1)/12 }

// Month returns the month of the year.
func (m Month) Month() time.Month { return time.Month((int(m)-1)%12 + 1) }

// Time returns the first instant of the month, in UTC.
func (m Month) Time() time.Time { return time.Date(m.Year(), m.Month(), 1, 0, 0, 0, 0, time.UTC) }

// Job is one role of a person.
type Job struct {
	Company  int32   // index into World.Companies
	Location int32   // index into World.Places; -1 when unknown (null)
	Seed     uint32  // source of the role's description
	Title    TitleID // index into World.Titles
	Start    Month   // zero when unknown (null)
	End      Month   // zero when current (or unknown)
	Current  bool    // an ongoing role; End is zero
	fam      family  // the line of work, finer than the title's department
}

// EmailKind says whose address an e-mail is.
type EmailKind uint8

// Kinds of e-mail addresses.
const (
	EmailWork     EmailKind = iota // at the current employer's domain; subType "work"
	EmailPersonal                  // at a mail provider; subType "personal"
)

// String returns the kind as the wire's subType spells it.
func (k EmailKind) String() string {
	if k == EmailWork {
		return "work"
	}
	return "personal"
}

// Email is one of a person's e-mail addresses.
type Email struct {
	Address string    // lower case, unique in the world
	Kind    EmailKind // work or personal
	Rating  uint8     // confidence: 70 or 100
}

// CurrentJob returns the person's main current role, if any.
func (p *Person) CurrentJob() (Job, bool) {
	if len(p.Jobs) > 0 && p.Jobs[0].Current {
		return p.Jobs[0], true
	}
	return Job{}, false
}

// ProfileURL returns the canonical profile URL.
func (p *Person) ProfileURL() string { return profilePrefix + p.Slug }

const profilePrefix = "https://www.linkedin.com/in/"
