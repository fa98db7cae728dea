package world

import (
	"fmt"
	"strings"
)

// What schools grant. A school grants degrees in some faculties only: an
// institute of technology no history, a business school no medicine, a
// university without a business school no BBA, a community college
// associate's degrees and short courses. data/universities.tsv says of
// each real school what it grants (its last column); the invented long
// tail grants what its kind of name says (tailPatterns).

// faculty is a group of fields of study that a school teaches together.
type faculty uint8

const (
	facBusiness faculty = iota
	facEconomics
	facHospitality
	facComputing
	facEngineering
	facMath
	facScience
	facSocial
	facHumanities
	facArts
	facMusic
	facFilm
	facDesign
	facArchitecture
	facLaw
	facMedicine
	facNursing
	facPharmacy
	facHealth
	facEducation
	facCulinary
	facBeauty
	facAssisting
	facSecondary
	numFaculties
)

// facultyNames name the faculties as the grants column spells them.
var facultyNames = [numFaculties]string{
	"business", "economics", "hospitality", "computing", "engineering", "math", "science", "social",
	"humanities", "arts", "music", "film", "design", "architecture", "law", "medicine", "nursing",
	"pharmacy", "health", "education", "culinary", "beauty", "assisting", "secondary",
}

// faculties is a set of faculties.
type faculties uint32

func (fs faculties) has(f faculty) bool { return fs&(1<<f) != 0 }

// facultiesOf returns the set of the named faculties.
func facultiesOf(names ...string) faculties {
	var fs faculties
	for _, n := range names {
		for f, name := range facultyNames {
			if name == n {
				fs |= 1 << f
			}
		}
	}
	return fs
}

// fieldFaculty says of every field of study the faculty that teaches it.
var fieldFaculty = map[string]faculty{
	"Business Administration": facBusiness, "Management": facBusiness, "Marketing": facBusiness,
	"International Business": facBusiness, "Accounting": facBusiness, "Finance": facBusiness,
	"Supply Chain Management": facBusiness, "Logistics": facBusiness, "Human Resources Management": facBusiness,
	"Facility Management": facBusiness, "Economics": facEconomics, "Hospitality Management": facHospitality,
	"Computer Science": facComputing, "Information Systems": facComputing, "Data Science": facComputing,
	"Software Engineering": facEngineering, "Electrical Engineering": facEngineering,
	"Mechanical Engineering": facEngineering, "Civil Engineering": facEngineering,
	"Computer Engineering": facEngineering, "Industrial Engineering": facEngineering,
	"Building Services Engineering": facEngineering, "Electronics and Communication Engineering": facEngineering,
	"Structural Engineering": facEngineering,
	"Statistics":             facMath, "Mathematics": facMath, "Physics": facScience, "Biology": facScience,
	"Psychology": facSocial, "Sociology": facSocial, "Political Science": facSocial,
	"International Relations": facSocial, "History": facSocial, "Communications": facSocial,
	"Media Studies": facSocial, "Journalism": facSocial,
	"English Language and Literature": facHumanities, "Linguistics": facHumanities,
	"Fine Arts": facArts, "Animation": facArts, "Music": facMusic, "Film Production": facFilm,
	"Graphic Design": facDesign, "Interaction Design": facDesign, "Industrial Design": facDesign,
	"Architecture": facArchitecture, "Law": facLaw, "Medicine": facMedicine, "Nursing": facNursing,
	"Pharmacy": facPharmacy, "Physiotherapy": facHealth, "Dental Hygiene": facHealth,
	"Medical Assisting": facAssisting, "Education": facEducation, "Culinary Arts": facCulinary,
	"Cosmetology": facBeauty, secondaryField: facSecondary,
}

// schoolKinds are the kinds of school by the faculties they grant: the
// first word of a grants column, which "+faculty", "-faculty" and
// "^faculty" (graduate degrees only) then adjust.
var schoolKinds = map[string]faculties{
	// A comprehensive university: all but vocational training.
	"university": facultiesOf("business", "economics", "computing", "engineering", "math", "science", "social",
		"humanities", "arts", "music", "film", "design", "architecture", "law", "medicine", "nursing", "pharmacy",
		"health", "education"),
	// An institute of technology: engineering and the sciences.
	"technical": facultiesOf("computing", "engineering", "math", "science", "design", "architecture"),
	// A business school or school of economics.
	"business": facultiesOf("business", "economics"),
	// A school of political and social science (Sciences Po).
	"politics": facultiesOf("social", "economics", "law"),
	// A medical school.
	"medical": facultiesOf("medicine", "nursing", "pharmacy", "health"),
	// A school of art, design or music.
	"art": facultiesOf("arts", "music", "film", "design", "architecture"),
	// A liberal-arts college: arts and sciences, no business or professions.
	"liberalarts": facultiesOf("economics", "computing", "math", "science", "social", "humanities", "arts", "music", "film"),
	// A university of applied sciences, a polytechnic, a higher institute.
	"applied": facultiesOf("business", "economics", "hospitality", "computing", "engineering", "social", "design",
		"nursing", "health", "education", "assisting"),
	// A college of the long tail, and a community college (short degrees only).
	"college": facultiesOf("business", "economics", "hospitality", "computing", "engineering", "math", "science",
		"social", "humanities", "arts", "music", "film", "design", "nursing", "health", "education", "culinary", "beauty",
		"assisting"),
	"community": facultiesOf("business", "economics", "hospitality", "computing", "engineering", "math", "science",
		"social", "humanities", "arts", "music", "film", "design", "nursing", "health", "education", "culinary", "beauty",
		"assisting"),
	// A culinary school.
	"culinary": facultiesOf("culinary", "hospitality"),
	// A secondary school: no degree, the secondary field.
	"secondary": facultiesOf("secondary"),
}

// grant is what a school grants: the faculties of its first degrees
// (bachelor's and short courses) and of its graduate degrees, and whether
// it grants associate's degrees.
type grant struct {
	first, graduate faculties
	associate       bool
}

// parseGrant reads a grants column: a kind of school, then adjustments
// ("university ^business -nursing", "business graduate").
func parseGrant(spec string) (grant, error) {
	words := strings.Fields(spec)
	if len(words) == 0 {
		return grant{}, fmt.Errorf("no kind of school")
	}
	all, ok := schoolKinds[words[0]]
	if !ok {
		return grant{}, fmt.Errorf("unknown kind of school %q", words[0])
	}
	g := grant{first: all, graduate: all, associate: words[0] == "community" || words[0] == "college"}
	for _, w := range words[1:] {
		if w == "graduate" {
			g.first = 0 // graduate studies only
			continue
		}
		fs := facultiesOf(w[1:])
		if fs == 0 {
			return grant{}, fmt.Errorf("unknown faculty %q", w)
		}
		switch w[0] {
		case '+':
			g.first, g.graduate = g.first|fs, g.graduate|fs
		case '-':
			g.first, g.graduate = g.first&^fs, g.graduate&^fs
		case '^':
			g.first &^= fs
		default:
			return grant{}, fmt.Errorf("%q is no adjustment", w)
		}
	}
	return g, nil
}

// stage is when in one's studies a degree comes.
type stage uint8

const (
	stageShort    stage = iota // an associate's degree, diploma or certificate
	stageFirst                 // a bachelor's
	stageGraduate              // a master's or a doctorate
)

// stageOf returns the stage of a degree.
func stageOf(d uint8) stage {
	switch d {
	case degAssociate, degDiploma, degCertificate:
		return stageShort
	case degBS, degBA, degBachelor, degBE, degBTech, degBBA, degBCom, degBFA, degLLB, degBEd, degMBBS, degBSN:
		return stageFirst
	}
	return stageGraduate
}

// noShort are the faculties of no short course: a certificate in law or
// medicine is no degree of either.
var noShort = facultiesOf("law", "medicine", "pharmacy", "architecture")

// graduateEntry reports whether a country's schools teach a faculty only
// to graduates: law, medicine and pharmacy in the US (the JD, the MD and
// the PharmD after a first degree), law and medicine in Canada.
func graduateEntry(f faculty, country string) bool {
	switch country {
	case "US":
		return f == facLaw || f == facMedicine || f == facPharmacy
	case "CA":
		return f == facLaw || f == facMedicine
	}
	return false
}

// offers reports whether school u teaches field f at a stage: the
// secondary field at none of them (see grants).
func (v *schoolVocab) offers(u int32, f uint16, at stage) bool {
	g, fac := &v.grant[u], v.faculty[f]
	if fac == facSecondary {
		return false
	}
	vocational := v.kinds[f] == kindVocational
	switch at {
	case stageShort:
		return g.first.has(fac) && !noShort.has(fac)
	case stageFirst:
		return !v.community[u] && !vocational && g.first.has(fac) && !graduateEntry(fac, v.country[u])
	}
	return !v.community[u] && !vocational && g.graduate.has(fac)
}

// grants reports whether school u grants degree d in field f: a secondary
// school no degree (0) in the secondary field, any other a degree of its
// country's system in a field it teaches at the degree's stage (and an
// associate's degree only a college of the US).
func (v *schoolVocab) grants(u int32, f uint16, d uint8) bool {
	if v.secondary[u] || v.faculty[f] == facSecondary {
		return v.secondary[u] && v.faculty[f] == facSecondary && d == 0
	}
	if d == 0 || !degreeFits(d, v.country[u]) || d == degAssociate && !v.grant[u].associate {
		return false
	}
	if d == degMBA && f != v.businessField {
		return false
	}
	return v.offers(u, f, stageOf(d))
}

// secondaryField is the field of study of a secondary school's entry, as
// the network's own list of fields names it.
const secondaryField = "High School/Secondary Diplomas and Certificates"

// secondaryPatterns name invented secondary schools after their city, by
// country ("" for the others).
var secondaryPatterns = map[string]string{
	"US": "%s High School", "CA": "%s High School", "AU": "%s High School", "NZ": "%s High School",
	"PH": "%s High School", "ZA": "%s High School", "NG": "%s High School", "GH": "%s High School",
	"KE": "%s High School", "GB": "%s Grammar School", "IE": "%s Grammar School",
	"IN": "%s Public School", "PK": "%s Public School", "BD": "%s Public School", "LK": "%s Public School",
	"NP": "%s Public School", "DE": "Gymnasium %s", "AT": "Gymnasium %s", "CH": "Gymnasium %s",
	"FR": "Lycée de %s", "BE": "Lycée de %s", "LU": "Lycée de %s", "MA": "Lycée de %s", "TN": "Lycée de %s",
	"DZ": "Lycée de %s", "SN": "Lycée de %s", "CI": "Lycée de %s", "CM": "Lycée de %s",
	"ES": "Colegio de %s", "MX": "Colegio de %s", "AR": "Colegio de %s", "CO": "Colegio de %s",
	"CL": "Colegio de %s", "PE": "Colegio de %s", "VE": "Colegio de %s", "EC": "Colegio de %s",
	"UY": "Colegio de %s", "IT": "Liceo Scientifico di %s", "BR": "Colégio de %s", "PT": "Escola Secundária de %s",
	"NL": "%s Lyceum", "": "%s Secondary School",
}
