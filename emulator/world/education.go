package world

import (
	"strings"
	"sync"
)

// Education is one school of a person.
type Education struct {
	University int32  // index into World.Universities
	Field      uint16 // index into World.Fields (the faculty / field of study)
	Degree     uint8  // index into World.Degrees; 0 means no degree listed ([] on the wire)
	Start, End uint16 // enrollment and graduation years; 0 means unknown (null on the wire)
}

// University is a school of the world, named after one of the gazetteer's
// cities.
type University struct {
	Name string // "University of Leeds", "Technische Universität München"
	Slug string // school page: https://www.linkedin.com/school/<slug>/
	City int32  // index into World.Places
}

// degreeNames are the degrees a profile lists; index 0 is "none".
var degreeNames = []string{"",
	"Bachelor of Science - BS", "Bachelor of Arts - BA", "Bachelor's degree", "Bachelor of Engineering - BE",
	"Master of Science - MS", "Master of Arts - MA", "Master's degree", "Master of Business Administration - MBA",
	"Doctor of Philosophy - PhD", "Associate's degree", "Juris Doctor - JD", "Doctor of Medicine - MD",
	"Bachelor of Laws - LLB", "Diploma", "Certificate",
}

// degree groups by stage, as indexes into degreeNames.
var (
	bachelorDegrees = []uint8{1, 2, 3, 4, 13}
	masterDegrees   = []uint8{5, 6, 7, 8}
	otherDegrees    = []uint8{10, 14, 15}
	doctorDegrees   = []uint8{9, 11, 12}
)

// fieldsByDept are the fields of study that lead into each department.
var fieldsByDept = [numDepartments][]string{
	NoDepartment:      {"Business Administration", "Economics", "Management"},
	Marketing:         {"Marketing", "Communications", "Business Administration", "Media Studies"},
	Sales:             {"Business Administration", "Economics", "Marketing", "International Business"},
	ProductProject:    {"Business Administration", "Computer Science", "Industrial Engineering", "Information Systems"},
	Engineering:       {"Computer Science", "Software Engineering", "Electrical Engineering", "Mechanical Engineering", "Civil Engineering", "Computer Engineering"},
	DataAnalytics:     {"Statistics", "Mathematics", "Data Science", "Computer Science", "Physics", "Economics"},
	Design:            {"Graphic Design", "Interaction Design", "Fine Arts", "Architecture", "Industrial Design"},
	HRRecruitment:     {"Psychology", "Human Resources Management", "Sociology", "Business Administration"},
	FinanceAccounting: {"Accounting", "Finance", "Economics", "Business Administration"},
	LegalCompliance:   {"Law", "Political Science", "International Relations"},
	CustomerSupport:   {"Communications", "Business Administration", "Psychology", "English Language and Literature"},
	HealthHospitality: {"Medicine", "Nursing", "Pharmacy", "Hospitality Management", "Culinary Arts", "Biology"},
	EducationTraining: {"Education", "English Language and Literature", "History", "Mathematics", "Linguistics"},
	OperationsAdmin:   {"Supply Chain Management", "Business Administration", "Logistics", "Industrial Engineering"},
	FacilityServices:  {"Facility Management", "Civil Engineering", "Building Services Engineering"},
	Entertainment:     {"Film Production", "Media Studies", "Music", "Journalism", "Animation"},
}

// schoolVocab holds the universities (by country) and fields of study.
type schoolVocab struct {
	universities  []University
	byCountry     [][]int32 // by countryID, the biggest first
	international []int32   // well-known schools people travel to
	fields        []string
	fieldsByDept  [numDepartments][]uint16
}

// universityPatterns name a school after its city; local patterns come
// first where a language has its own.
var universityPatterns = map[string][]string{
	"US": {"University of %s", "%s State University", "%s Institute of Technology", "%s College"},
	"DE": {"Universität %s", "Technische Universität %s", "Hochschule %s"},
	"AT": {"Universität %s", "Technische Universität %s"},
	"FR": {"Université de %s", "École de Commerce de %s", "Institut National Polytechnique de %s"},
	"ES": {"Universidad de %s", "Universidad Politécnica de %s"},
	"MX": {"Universidad de %s", "Instituto Tecnológico de %s"},
	"IT": {"Università di %s", "Politecnico di %s"},
	"BR": {"Universidade de %s", "Universidade Federal de %s"},
	"PT": {"Universidade de %s"},
	"NL": {"Universiteit %s", "Hogeschool %s"},
	"":   {"University of %s", "%s University", "%s Institute of Technology", "%s Business School"},
}

var loadSchools = sync.OnceValue(func() *schoolVocab {
	g := loadGazetteer()
	v := &schoolVocab{byCountry: make([][]int32, len(g.countries))}
	used := map[string]bool{}
	for cid, c := range g.countries {
		places := g.byCountry[cid]
		patterns := universityPatterns[c.Code]
		if patterns == nil {
			patterns = universityPatterns[""]
		}
		// A country's biggest cities each get a school or two, the very
		// biggest several.
		for i := 0; i < len(places) && i < 30; i++ {
			city := g.places[places[i]]
			for j, pat := range patterns {
				if j > 0 && i >= 10 || j > 1 && i >= 3 {
					break // only the top cities host the rarer kinds
				}
				name := strings.Replace(pat, "%s", city.Name, 1)
				if used[name] {
					continue
				}
				used[name] = true
				id := int32(len(v.universities))
				v.universities = append(v.universities, University{Name: name, Slug: slugify(name), City: places[i]})
				v.byCountry[cid] = append(v.byCountry[cid], id)
			}
		}
	}
	for _, cc := range []string{"US", "GB", "DE", "FR", "CA", "AU", "NL", "CH", "SG"} {
		if ids := v.byCountry[g.country[cc]]; len(ids) > 0 {
			v.international = append(v.international, ids[:min(3, len(ids))]...)
		}
	}
	index := map[string]uint16{}
	for d, fields := range fieldsByDept {
		for _, f := range fields {
			id, ok := index[f]
			if !ok {
				id = uint16(len(v.fields))
				index[f] = id
				v.fields = append(v.fields, f)
			}
			v.fieldsByDept[d] = append(v.fieldsByDept[d], id)
		}
	}
	return v
})

// Universities returns the schools, indexed by Education.University. The
// slice is shared: do not modify it.
func (w *World) Universities() []University { return w.schools.universities }

// Fields returns the fields of study, indexed by Education.Field. The
// slice is shared: do not modify it.
func (w *World) Fields() []string { return w.schools.fields }

// Degrees returns the degree names, indexed by Education.Degree (index 0
// is the empty "no degree"). The slice is shared: do not modify it.
func (w *World) Degrees() []string { return degreeNames }
