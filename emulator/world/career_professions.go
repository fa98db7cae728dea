package world

import "slices"

// The regulated professions: a physician holds a degree in medicine, a
// nurse one in nursing, a lawyer one in law. A person's studies are drawn
// for the role of their line of work (World.stemOf), and the titles of a
// profession go only to those whose studies qualify them.

// profession is a regulated profession whose titles need a degree.
type profession uint8

const (
	profNone profession = iota
	profMedicine
	profNursing
	profPharmacy
	profPhysio
	profDentalHygiene
	profLaw
	profClinical // any clinical profession's: a head of clinical services
	// profAcademic is a university's teaching and its academic affairs
	// (a lecturer, a head of academic affairs), which need a master's
	// or a doctorate of any field.
	profAcademic
)

// professionOf names the roles, areas and offices of each profession, as
// the title vocabulary names them (a role "Registered Nurse", an area
// "Nursing", an office "Chief Medical Officer").
var professionOf = map[string]profession{
	"Physician": profMedicine, "Chief Medical Officer": profMedicine,
	"Registered Nurse": profNursing, "Nursing": profNursing,
	"Pharmacist": profPharmacy, "Physiotherapist": profPhysio, "Dental Hygienist": profDentalHygiene,
	"Clinical Services": profClinical,
	"Legal Counsel":     profLaw, "Corporate Lawyer": profLaw, "Associate Attorney": profLaw, "Legal": profLaw,
	"Chief Legal Officer": profLaw,
	"Lecturer":            profAcademic, "Academic Affairs": profAcademic,
}

// professionField is the field of study of each profession's degree.
var professionField = map[string]profession{
	"Medicine": profMedicine, "Nursing": profNursing, "Pharmacy": profPharmacy, "Physiotherapy": profPhysio,
	"Dental Hygiene": profDentalHygiene, "Law": profLaw,
}

// needOf returns the profession a title needs, from the role, area or
// office it is named after (base) or its own name.
func needOf(base, name string) profession {
	if p, ok := professionOf[base]; ok {
		return p
	}
	return professionOf[name]
}

// covers reports whether someone qualified for profession have may hold
// a title that needs want: any clinical profession heads clinical
// services, none qualifies for another.
func covers(have, want profession) bool {
	return want == profNone || have == want || want == profClinical && have != profNone && have != profLaw && have != profAcademic
}

// professionalDegree reports whether a degree in a profession's field
// qualifies for it: a degree listed, more than a certificate, and for
// medicine, law and pharmacy more than a short course (an associate's
// degree is a nurse's or a dental hygienist's).
func professionalDegree(d uint8, p profession) bool {
	if d == 0 || d == degCertificate {
		return false
	}
	if p == profMedicine || p == profLaw || p == profPharmacy {
		return !slices.Contains(shortDegrees, d)
	}
	return true
}

// qualified reports whether a person's studies qualify them for a title
// that needs profession need.
func (w *World) qualified(p *Person, need profession) bool {
	if need == profNone {
		return true
	}
	if need == profAcademic {
		return slices.ContainsFunc(p.Education, func(ed Education) bool { return mastersStanding(ed.Degree) })
	}
	for _, ed := range p.Education {
		if have := w.schools.profession[ed.Field]; have != profNone && covers(have, need) && professionalDegree(ed.Degree, have) {
			return true
		}
	}
	return false
}

// mastersStanding reports whether degree d is a master's or a doctorate,
// or a single long degree of the old systems that stood for a master's
// (a Diplom, a Magister, a Doctoraal, a specialist's degree), which
// opens a university's teaching posts. A French Licence, an Italian
// Laurea, a Diplom of a university of applied sciences and Latin
// America's Licenciatura and Ingeniería are first degrees of three or
// four years, and do not.
func mastersStanding(d uint8) bool {
	switch {
	case d == 0:
		return false
	case stageOf(d) == stageGraduate:
		return true
	case d < firstNational:
		return false
	}
	return !slices.Contains(shortNational, d)
}

// shortNational are the degrees of national systems of a bachelor's
// standing (mastersStanding).
var shortNational = []uint8{degDiplomFH, degLicence, degLaurea, degLicenciatura, degIngenieria, degCandMag}

// stemNeed returns the regulated profession the role a person keeps to
// in family f needs (profNone for a family of no roles): its studies are
// the profession's. An academic's are of a discipline, with a master's
// or a doctorate (World.academic), and need none here.
func (w *World) stemNeed(p *Person, f family) profession {
	if need := w.roleNeed(p, f); need != profAcademic {
		return need
	}
	return profNone
}

// roleNeed returns the degree the role a person keeps to in family f
// needs: a regulated profession's or an academic's (profNone for a
// family of no roles).
func (w *World) roleNeed(p *Person, f family) profession {
	stem := w.stemOf(p, f)
	if stem < 0 {
		return profNone
	}
	return w.titles.need[w.titles.stems[f][stem][MidLevel][0]]
}

// mayWorkIn reports whether a person may hold the titles of family f: the
// role they keep to there needs no degree they lack (a lecturer's a
// master's).
func (w *World) mayWorkIn(p *Person, f family) bool {
	return w.qualified(p, w.roleNeed(p, f))
}
