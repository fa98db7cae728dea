package world

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
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
	// A college of the long tail (first degrees only, see parseGrant), and a
	// community college (short degrees only).
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
	// opened is the year a faculty of the school began to teach, where
	// it is younger than the school (medicine at Mackenzie); 0 for the
	// others.
	opened [numFaculties]uint16
	// adds and lacks are the narrow fields (see narrowFields) the school
	// teaches where its country's schools seldom do (industrial
	// engineering at Georgia Tech) and those it does not teach though
	// its faculty does (civil engineering at Harvard).
	adds, lacks narrowSet
}

// narrowSet is a set of narrow fields, by index into narrowFields.
type narrowSet uint8

// narrowFields are the fields a grants column may add or remove one by
// one ("+industrial", "-civil", "-media"): a school of engineering teaches
// some of them and not others, and the old universities of the liberal
// arts no information systems, software engineering or media studies
// (Princeton, Cambridge).
var narrowFields = []struct {
	token  string
	fields []string
}{
	{"industrial", []string{"Industrial Engineering"}},
	{"civil", []string{"Civil Engineering", "Structural Engineering"}},
	{"infosys", []string{"Information Systems"}},
	{"software", []string{"Software Engineering"}},
	{"media", []string{"Communications", "Media Studies", "Journalism"}},
}

// narrowIndustrial is industrial engineering, the first of narrowFields.
const narrowIndustrial narrowSet = 1

// narrowOf returns the set of the narrow fields a token of a grants
// column names, 0 for a token of none.
func narrowOf(token string) narrowSet {
	for i, n := range narrowFields {
		if n.token == token {
			return 1 << i
		}
	}
	return 0
}

// industrialRare are the countries where industrial engineering is a
// field of a few schools only, which their grants column names
// ("+industrial"): the US and Canada, where most engineering schools
// teach none (Harvard, MIT, UCLA). industrialNone are those where no
// university teaches it as a degree of its own: Britain's system and
// Australasia's, whose engineers study manufacturing or mechanical
// engineering. Elsewhere (Latin America, Turkey, Indonesia, continental
// Europe's Wirtschaftsingenieurwesen) every school of engineering does.
var (
	industrialRare = map[string]bool{"US": true, "CA": true}
	industrialNone = map[string]bool{"GB": true, "IE": true, "AU": true, "NZ": true, "HK": true}
)

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
	if words[0] == "college" {
		g.graduate = 0 // a college of the long tail: first degrees and short courses
	}
	for _, w := range words[1:] {
		if w == "graduate" {
			g.first = 0 // graduate studies only
			continue
		}
		w, year, err := openingYear(w)
		if err != nil {
			return grant{}, err
		}
		if n := narrowOf(w[1:]); n != 0 && year == 0 && (w[0] == '+' || w[0] == '-') {
			if w[0] == '+' {
				g.adds |= n
			} else {
				g.lacks |= n
			}
			continue
		}
		fs := facultiesOf(w[1:])
		if fs == 0 {
			return grant{}, fmt.Errorf("unknown faculty %q", w)
		}
		if year > 0 {
			if w[0] == '-' {
				return grant{}, fmt.Errorf("%q: a faculty the school lacks has no year", w)
			}
			g.opened[facultyOf(w[1:])] = year
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

// openingYear splits an adjustment of a grants column from the year its
// faculty opened ("+medicine@2017": the school has taught medicine since
// 2017), 0 when it names none.
func openingYear(w string) (string, uint16, error) {
	name, at, found := strings.Cut(w, "@")
	if !found {
		return w, 0, nil
	}
	year, err := strconv.Atoi(at)
	if err != nil || year < 1800 || year > 2100 {
		return "", 0, fmt.Errorf("%q: no year of opening", w)
	}
	return name, uint16(year), nil
}

// facultyOf returns the faculty of a name (see facultyNames).
func facultyOf(name string) faculty {
	return faculty(slices.Index(facultyNames[:], name))
}

// stage is when in one's studies a degree comes.
type stage uint8

const (
	stageShort    stage = iota // an associate's degree, diploma or certificate
	stageFirst                 // a bachelor's
	stageGraduate              // a master's or a doctorate
)

// stageOf returns the stage of a degree: the single long degrees of
// national systems are first degrees, the French Maîtrise, DEA and DESS
// graduate ones.
func stageOf(d uint8) stage {
	switch d {
	case degMaitrise, degDEA, degDESS, degMPhil, degMRes, degDPhil, degMArch:
		return stageGraduate
	}
	if d >= firstNational {
		return stageFirst
	}
	switch d {
	case degAssociate, degDiploma, degCertificate:
		return stageShort
	case degBS, degBA, degBachelor, degBE, degBTech, degBBA, degBCom, degBFA, degLLB, degBEd, degMBBS, degBSN,
		degBEng, degBArch:
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
	if fac == facSecondary || !v.teaches(u, f) {
		return false
	}
	vocational := v.kinds[f] == kindVocational
	switch at {
	case stageShort:
		return g.first.has(fac) && !noShort.has(fac) && (!v.research(u) || v.stateDiploma(u, f))
	case stageFirst:
		return !v.community[u] && !vocational && g.first.has(fac) && !graduateEntry(fac, v.country[u])
	}
	return !v.community[u] && !vocational && g.graduate.has(fac)
}

// grants reports whether school u grants degree d in field f: a secondary
// school no degree (0) in the secondary field, any other a degree of its
// country's system in a field it teaches at the degree's stage (and an
// associate's degree only a college of the US, and a doctorate only a
// real school).
func (v *schoolVocab) grants(u int32, f uint16, d uint8) bool {
	if v.secondary[u] || v.faculty[f] == facSecondary {
		return v.secondary[u] && v.faculty[f] == facSecondary && d == 0
	}
	if d == 0 || !degreeFits(d, v.country[u]) || d == degAssociate && !v.grant[u].associate {
		return false
	}
	if doctorate(d) && v.invented[u] {
		return false
	}
	if d == degMBA && f != v.businessField || !namesField(d, v.faculty[f], v.country[u]) || !v.ownGrants(u, f, d) ||
		f == v.infoSystems && engineersDegree(d) ||
		v.own[u] == nil && ownOnly(d, v.faculty[f]) {
		return false
	}
	return v.offers(u, f, stageOf(d))
}

// engineersDegree reports whether a degree names its holder an engineer
// (a BEng, a BTech, an MEng): no degree in information systems, a field
// of business schools and faculties of computing, not of engineering.
func engineersDegree(d uint8) bool {
	switch d {
	case degBE, degBEng, degBTech, degMEng, degMTech:
		return true
	}
	return false
}

// doctorate reports whether a degree is a research doctorate, which
// only real universities grant: no invented school of the long tail (an
// Instituto Tecnológico of a small city) has a doctoral programme.
func doctorate(d uint8) bool { return d == degPhD || d == degDPhil }

// researchKinds are the kinds of school of the research universities and
// grandes écoles, which grant degrees and no short courses.
var researchKinds = map[string]bool{
	"university": true, "technical": true, "business": true, "politics": true, "medical": true, "liberalarts": true,
}

// research reports whether school u is a real research university or
// grande école: the well-known schools of universities.tsv of a research
// kind, which teach no diploma or certificate courses.
func (v *schoolVocab) research(u int32) bool {
	return !v.invented[u] && researchKinds[v.kind[u]]
}

// stateDiploma reports whether field f at school u leads to the state
// diploma of a French university's nurse or physiotherapist, a short
// degree by name that a research university grants.
func (v *schoolVocab) stateDiploma(u int32, f uint16) bool {
	fac := v.faculty[f]
	return v.country[u] == "FR" && v.kind[u] == "university" && (fac == facNursing || fac == facHealth)
}

// buildingServicesCountries are the countries that teach building
// services engineering as a field of its own: Britain and the systems
// that follow it. Elsewhere it is a part of mechanical engineering.
var buildingServicesCountries = map[string]bool{
	"GB": true, "IE": true, "HK": true, "SG": true, "MY": true, "AU": true, "NZ": true, "AE": true,
}

// electronicsCommCountries are the countries of South Asia, whose
// universities name a field electronics and communication engineering;
// elsewhere it is electrical engineering.
var electronicsCommCountries = southAsianSystems

// teaches reports whether school u teaches field f at all, beyond its
// faculties: an institute of technology teaches no information systems
// (a business school's field), building services engineering is a field
// of Britain's system only, and electronics and communication
// engineering one of South Asia's; the narrow fields of applied schools
// (facility management, logistics, building services engineering) are
// taught by no research university (UNAM, Imperial College).
func (v *schoolVocab) teaches(u int32, f uint16) bool {
	if n := v.narrow[f]; n != 0 {
		g, code := &v.grant[u], v.country[u]
		switch {
		case g.lacks&n != 0, n == narrowIndustrial && industrialNone[code]:
			return false
		case n == narrowIndustrial && industrialRare[code] && !v.invented[u]:
			return g.adds&n != 0
		}
	}
	switch f {
	case v.infoSystems:
		return v.kind[u] != "technical" || v.invented[u]
	case v.buildingServices:
		return buildingServicesCountries[v.country[u]] && v.own[u] == nil && !v.research(u)
	case v.facilityManagement, v.logistics:
		return !v.research(u)
	case v.electronicsComm:
		return electronicsCommCountries[v.country[u]]
	}
	return true
}

// secondaryField is the field of study of a secondary school's entry, as
// the network's own list of fields names it.
const secondaryField = "High School/Secondary Diplomas and Certificates"

// secondaryPatterns name invented secondary schools after their city, by
// country ("" for the others).
var secondaryPatterns = map[string]string{
	"US": "%s Central High School", "CA": "%s Central High School", "AU": "%s High School", "NZ": "%s High School",
	"PH": "%s High School", "ZA": "%s High School", "NG": "%s High School", "GH": "%s High School",
	"KE": "%s High School", "GB": "%s Grammar School", "IE": "%s Grammar School",
	"IN": "%s Public School", "PK": "%s Public School", "BD": "%s Public School", "LK": "%s Public School",
	"NP": "%s Public School", "DE": "Gymnasium %s", "AT": "Gymnasium %s", "CH": "Kantonsschule %s",
	"FR": "Lycée de %s", "BE": "Koninklijk Atheneum %s", "LU": "Lycée de %s", "MA": "Lycée de %s", "TN": "Lycée de %s",
	"DZ": "Lycée de %s", "SN": "Lycée de %s", "CI": "Lycée de %s", "CM": "Lycée de %s",
	"ES": "Colegio de %s", "MX": "Colegio de %s", "AR": "Colegio de %s", "CO": "Colegio de %s",
	"CL": "Colegio de %s", "PE": "Colegio de %s", "VE": "Colegio de %s", "EC": "Colegio de %s",
	"UY": "Colegio de %s", "IT": "Liceo Scientifico di %s", "BR": "Colégio de %s", "PT": "Escola Secundária de %s",
	"NL": "%s Lyceum", "": "%s Secondary School", "RO": "Liceul Teoretic %s", "SE": "%s gymnasium",
	"CZ": "Gymnázium %s", "SK": "Gymnázium %s", "HR": "Gimnazija %s", "SI": "Gimnazija %s",
	"DK": "%s Gymnasium", "NO": "%s videregående skole",
	"BO": "Colegio de %s", "PY": "Colegio de %s", "CR": "Colegio de %s", "PA": "Colegio de %s", "GT": "Colegio de %s",
	"DO": "Colegio de %s", "HN": "Colegio de %s", "SV": "Colegio de %s", "NI": "Colegio de %s", "CU": "Colegio de %s",
	"BF": "Lycée de %s", "ML": "Lycée de %s", "NE": "Lycée de %s", "TG": "Lycée de %s", "BJ": "Lycée de %s",
	"GN": "Lycée de %s", "CD": "Lycée de %s", "CG": "Lycée de %s", "GA": "Lycée de %s", "MG": "Lycée de %s",
	"HT": "Lycée de %s", "AO": "Escola Secundária de %s", "MZ": "Escola Secundária de %s",
}

// regionKey names the region of a place: its country and first-level
// division ("US/TX").
func regionKey(p *Place) string { return p.Country + "/" + p.Admin1 }

// openIn reports whether school u had been founded by a year.
func (v *schoolVocab) openIn(u int32, year int) bool {
	return v.founded[u] == 0 || int(v.founded[u]) <= year
}

// teachesIn reports whether school u taught field f to students who
// began in a year: it had been founded, the faculty of the field had
// opened (no medical degree of Mackenzie begun before its medical school
// opened), and the field was a degree subject by then (no data science
// begun in 1998, see fieldSince).
func (v *schoolVocab) teachesIn(u int32, f uint16, year int) bool {
	return v.openIn(u, year) && int(v.grant[u].opened[v.faculty[f]]) <= year && int(v.since[f]) <= year
}

// secondaryName names an invented secondary school after its city, in
// the language of its region: a Koninklijk Atheneum in Flanders, an
// Athénée royal in Wallonia and Brussels, a Kantonsschule in German
// Switzerland, a Collège in the French part, a Liceo in Ticino, an École
// secondaire in Quebec.
func secondaryName(city *Place) string {
	pattern, ok := secondaryPatterns[city.Country]
	if !ok {
		pattern = secondaryPatterns[""]
	}
	if regional, ok := regionalSecondaryPatterns[regionKey(city)]; ok {
		pattern = regional
	}
	name := localName(city)
	// Where the city's name takes a case of its own in a school's name,
	// a city whose form is not known names no school.
	switch city.Country {
	case "PL":
		if loc, ok := polishLocative[name]; ok {
			return "I Liceum Ogólnokształcące w " + loc
		}
		return ""
	case "FI":
		if gen, ok := finnishGenitive[name]; ok {
			return gen + " lyseon lukio"
		}
		return ""
	case "HU":
		return hungarianAdjective(name) + " Gimnázium"
	}
	return fillSchoolName(pattern, name)
}

// polishLocative is the locative of Polish cities, which a school's name
// takes after "w": I Liceum Ogólnokształcące w Krakowie.
var polishLocative = map[string]string{
	"Warszawa": "Warszawie", "Warsaw": "Warszawie", "Kraków": "Krakowie", "Łódź": "Łodzi", "Wrocław": "Wrocławiu",
	"Poznań": "Poznaniu", "Gdańsk": "Gdańsku", "Szczecin": "Szczecinie", "Bydgoszcz": "Bydgoszczy",
	"Lublin": "Lublinie", "Białystok": "Białymstoku", "Katowice": "Katowicach", "Gdynia": "Gdyni",
	"Częstochowa": "Częstochowie", "Radom": "Radomiu", "Toruń": "Toruniu", "Sosnowiec": "Sosnowcu",
	"Kielce": "Kielcach", "Rzeszów": "Rzeszowie", "Gliwice": "Gliwicach", "Zabrze": "Zabrzu",
	"Olsztyn": "Olsztynie", "Bielsko-Biała": "Bielsku-Białej", "Bytom": "Bytomiu", "Zielona Góra": "Zielonej Górze",
	"Rybnik": "Rybniku", "Ruda Śląska": "Rudzie Śląskiej", "Opole": "Opolu", "Tychy": "Tychach",
	"Gorzów Wielkopolski": "Gorzowie Wielkopolskim", "Elbląg": "Elblągu", "Płock": "Płocku",
	"Wałbrzych": "Wałbrzychu", "Włocławek": "Włocławku", "Tarnów": "Tarnowie", "Chorzów": "Chorzowie",
	"Koszalin": "Koszalinie", "Kalisz": "Kaliszu", "Legnica": "Legnicy", "Grudziądz": "Grudziądzu",
	"Słupsk": "Słupsku", "Jaworzno": "Jaworznie", "Jastrzębie-Zdrój": "Jastrzębiu-Zdroju", "Nowy Sącz": "Nowym Sączu",
	"Jelenia Góra": "Jeleniej Górze", "Siedlce": "Siedlcach", "Mysłowice": "Mysłowicach", "Konin": "Koninie",
	"Piła": "Pile", "Piotrków Trybunalski": "Piotrkowie Trybunalskim", "Inowrocław": "Inowrocławiu",
	"Lubin": "Lubinie", "Ostrów Wielkopolski": "Ostrowie Wielkopolskim", "Suwałki": "Suwałkach",
	"Gniezno": "Gnieźnie", "Stargard": "Stargardzie", "Głogów": "Głogowie", "Pabianice": "Pabianicach",
	"Leszno": "Lesznie", "Zamość": "Zamościu", "Łomża": "Łomży", "Przemyśl": "Przemyślu", "Pruszków": "Pruszkowie",
	"Tarnobrzeg": "Tarnobrzegu", "Chełm": "Chełmie", "Biała Podlaska": "Białej Podlaskiej", "Ełk": "Ełku",
	"Ostrowiec Świętokrzyski": "Ostrowcu Świętokrzyskim", "Stalowa Wola": "Stalowej Woli", "Mielec": "Mielcu",
	"Krosno": "Krośnie", "Sopot": "Sopocie", "Zgierz": "Zgierzu", "Świdnica": "Świdnicy", "Tczew": "Tczewie",
}

// finnishGenitive is the genitive of Finnish cities, which a school's
// name begins with: Oulun lyseon lukio.
var finnishGenitive = map[string]string{
	"Helsinki": "Helsingin", "Espoo": "Espoon", "Tampere": "Tampereen", "Vantaa": "Vantaan", "Oulu": "Oulun",
	"Turku": "Turun", "Jyväskylä": "Jyväskylän", "Lahti": "Lahden", "Kuopio": "Kuopion", "Pori": "Porin",
	"Kouvola": "Kouvolan", "Joensuu": "Joensuun", "Lappeenranta": "Lappeenrannan", "Hämeenlinna": "Hämeenlinnan",
	"Vaasa": "Vaasan", "Seinäjoki": "Seinäjoen", "Rovaniemi": "Rovaniemen", "Mikkeli": "Mikkelin",
	"Kotka": "Kotkan", "Salo": "Salon", "Porvoo": "Porvoon", "Kokkola": "Kokkolan", "Hyvinkää": "Hyvinkään",
	"Lohja": "Lohjan", "Järvenpää": "Järvenpään", "Rauma": "Rauman", "Kajaani": "Kajaanin", "Kerava": "Keravan",
	"Savonlinna": "Savonlinnan", "Nokia": "Nokian", "Ylöjärvi": "Ylöjärven", "Kangasala": "Kangasalan",
	"Raisio": "Raision", "Imatra": "Imatran", "Tornio": "Tornion", "Kaarina": "Kaarinan", "Iisalmi": "Iisalmen",
	"Varkaus": "Varkauden", "Kemi": "Kemin", "Riihimäki": "Riihimäen", "Raahe": "Raahen", "Forssa": "Forssan",
	"Valkeakoski": "Valkeakosken", "Kuusamo": "Kuusamon", "Pietarsaari": "Pietarsaaren", "Heinola": "Heinolan",
}

// hungarianAdjective is the adjective of a Hungarian city's name that a
// school's name begins with: Szegedi, Bajai, Egri.
func hungarianAdjective(city string) string {
	switch {
	case city == "Eger":
		return "Egri"
	case strings.HasSuffix(city, "i"):
		return city
	}
	return city + "i"
}

// fillSchoolName names a school after its city by a pattern ("Lycée de
// %s"), eliding the French "de" before a vowel (Lycée d'Orléans), and
// naming New York City as its schools do, New York.
func fillSchoolName(pattern, city string) string {
	if city == "New York City" {
		city = "New York"
	}
	french := slices.ContainsFunc([]string{"Lycée", "École", "Institut Supérieur", "Collège", "Gymnase", "Athénée"},
		func(word string) bool { return strings.HasPrefix(pattern, word) })
	if r := []rune(foldASCII(city)); french && strings.HasSuffix(pattern, " de %s") && len(r) > 0 && strings.ContainsRune("AEIOUaeiou", r[0]) {
		pattern = strings.TrimSuffix(pattern, "de %s") + "d'%s"
	}
	name := strings.Replace(pattern, "%s", city, 1)
	// The article of a city's name joins the preposition: the École de
	// Commerce du Havre, the Lycée du Mans; in Portuguese the cities
	// named with an article (articledCities) take it: the Escola
	// Secundária do Porto, the Faculdade do Rio de Janeiro.
	name = strings.Replace(name, " de Le ", " du ", 1)
	name = strings.Replace(name, " de Les ", " des ", 1)
	if art, ok := articledCities[city]; ok && strings.HasSuffix(pattern, " de %s") {
		name = strings.TrimSuffix(pattern, "de %s") + art + " " + city
	}
	return name
}

// articledCities are the cities of Portugal and Brazil whose names take
// the article, with the preposition it makes: do Porto, da Amadora.
var articledCities = map[string]string{
	"Porto": "do", "Rio de Janeiro": "do", "Recife": "do", "Funchal": "do", "Barreiro": "do", "Cacém": "do",
	"Amadora": "da", "Guarda": "da", "Figueira da Foz": "da", "Amora": "da", "Covilhã": "da", "Maia": "da",
	"Póvoa de Varzim": "da", "Rio Grande": "do", "Crato": "do",
}

// regionalSecondaryPatterns name secondary schools where a country's
// regions speak different languages, by region (see regionKey).
var regionalSecondaryPatterns = map[string]string{
	"BE/VLG": "Koninklijk Atheneum %s", "BE/WAL": "Athénée royal de %s", "BE/BRU": "Athénée royal de %s",
	"CH/GE": "Collège de %s", "CH/VD": "Gymnase de %s", "CH/NE": "Lycée de %s", "CH/JU": "Lycée cantonal de %s",
	"CH/TI": "Liceo cantonale di %s", "CH/FR": "Collège de %s", "CH/VS": "Lycée-Collège de %s",
	"CA/10": "École secondaire de %s",
}

// localName returns the name of a place as its own people write it: the
// native spelling that the gazetteer lists first among its aliases where
// the name shown is the English one (München for Munich, Bruxelles for
// Brussels), in the countries of localSpelling.
func localName(city *Place) string {
	if name, ok := localNames[city.Country+"/"+city.Name]; ok {
		return name
	}
	if len(city.Aliases) == 0 || !localSpelling[city.Country] {
		return city.Name
	}
	return city.Aliases[0]
}

// localNames are the names of cities in their country's language where
// the world shows another and keeps no alias of it: GeoNames names
// Italy's Firenze and Genova in English, and Sion in Valais by its
// German name, which the Lycée-Collège of the French-speaking town does
// not take.
var localNames = map[string]string{
	"IT/Florence": "Firenze", "IT/Genoa": "Genova", "IT/Venice": "Venezia", "IT/Padua": "Padova",
	"IT/Syracuse": "Siracusa", "IT/Mantua": "Mantova", "IT/Leghorn": "Livorno", "BE/Ostend": "Oostende",
	"CH/Sitten": "Sion", "ES/Gasteiz / Vitoria": "Vitoria-Gasteiz",
}

// localSpelling are the countries of Latin script whose own names of
// their cities differ from the English ones (München, Roma, Bruxelles).
var localSpelling = map[string]bool{
	"DE": true, "AT": true, "CH": true, "BE": true, "NL": true, "LU": true, "FR": true, "IT": true, "ES": true,
	"PT": true, "PL": true, "CZ": true, "SK": true, "HU": true, "RO": true, "DK": true, "SE": true, "NO": true,
	"FI": true, "HR": true, "SI": true, "MX": true, "BR": true, "AR": true, "CO": true, "CL": true, "PE": true,
}

// vocationalFaculties are the faculties whose short courses a community
// college teaches as certificates and diplomas: trades, care and the
// lines of business, not the humanities or the sciences.
var vocationalFaculties = facultiesOf("business", "hospitality", "computing", "engineering", "design", "nursing",
	"health", "education", "culinary", "beauty", "assisting")

// vocational reports whether field f is one of a trade or a line of
// business, which a short course can teach.
func (v *schoolVocab) vocational(f uint16) bool {
	return vocationalFaculties.has(v.faculty[f])
}

// oldSystem reports whether a student of country code who enrolled in
// year start took the single long degree of the country's system before
// the bachelor's and master's came in (see reforms): always before the
// first year of the reform, never from the year it was the rule, and in
// between less and less often.
func oldSystem(r *rand.Rand, code string, start int) bool {
	rf, ok := reforms[code]
	switch {
	case !ok || start >= rf.general:
		return false
	case start < rf.from:
		return true
	}
	return intN(r, rf.general-rf.from+1) > start-rf.from
}

// masterly reports whether a degree is a plain master's, of the kind a
// single long degree of the old systems stood for: not an MBA, an LLM
// or a doctorate.
func masterly(d uint8) bool {
	switch d {
	case degMS, degMA, degMaster, degMEng, degMEd, degMTech, degMPhil, degMRes:
		return true
	}
	return false
}

// national returns the degree that school u grants, by its country's
// system in year start, for studies of field f drawn as degree d, and
// their years (0: as drawn). It returns d when the drawn degree stands,
// and 0 when the studies are no degree of the system: a plain master's
// after a single long degree (held says whether the student holds one).
func (v *schoolVocab) national(r *rand.Rand, u int32, f uint16, d uint8, start int, held bool) (uint8, int) {
	code, fac, kind := v.country[u], v.faculty[f], v.kind[u]
	switch stageOf(d) {
	case stageShort:
		return d, 0
	case stageGraduate:
		if !masterly(d) {
			return d, 0
		}
		if code == "FR" && kind == "university" && oldSystem(r, code, start) {
			// The Maîtrise a year after the Licence, then the DEA or
			// the DESS.
			return pick(r, []uint8{degMaitrise, degDEA, degDESS}), 1
		}
		if rf, ok := reforms[code]; held && ok && start < rf.general && code != "PT" {
			return 0, 0
		}
		if code == "FR" || code == "PT" || !oldSystem(r, code, start) {
			return d, 0
		}
		// A long degree after a first degree of another country's,
		// which counts for the first years.
		long, years := v.longDegree(r, code, kind, u, f, start, fac)
		if long == 0 {
			return d, 0
		}
		return long, max(2, years-2)
	}
	if _, reformed := reforms[code]; kind == "college" && reformed {
		if oldSystem(r, code, start) {
			// A college's diploma of three years, below the
			// university's long degree.
			return degDiploma, 3
		}
		return d, 0
	}
	if code == "NL" && kind == "applied" {
		// A hogeschool's four years, whose graduates of before the
		// reform hold the title of bachelor too.
		return d, 4
	}
	long, years := v.longDegree(r, code, kind, u, f, start, fac)
	if _, reformed := reforms[code]; long == 0 && reformed && fac == facMedicine {
		// Medicine stayed one long course of six years.
		return degMD, 6
	}
	if long == 0 {
		return d, 0
	}
	return long, years
}

// longDegree returns the first degree of the system of country code in
// year start for studies of field f (of faculty fac) at school u (of a
// kind), and its years: the single long degree before the reform, or a
// degree of the system that stayed (the Staatsexamen, the Licence, the
// Licenciatura); 0 when the drawn degree stands.
func (v *schoolVocab) longDegree(r *rand.Rand, code, kind string, u int32, f uint16, start int, fac faculty) (uint8, int) {
	engineering := fac == facEngineering || fac == facArchitecture
	five := 5 + intN(r, 2)
	if fac == facMedicine {
		five = 6
	}
	switch code {
	case "DE":
		switch {
		case fac == facLaw || fac == facMedicine || fac == facPharmacy:
			return degStaatsexamen, five
		case !oldSystem(r, code, start):
			return 0, 0
		case fac == facEducation:
			return degStaatsexamen, five
		case kind == "applied":
			return degDiplomFH, 4
		case engineering:
			return degDiplIng, five
		case (fac == facHumanities || fac == facSocial) && v.fields[f] != "Psychology":
			return degMagisterArtium, five
		}
		return degDiplom, five
	case "AT":
		switch {
		case fac == facMedicine:
			return degDrMedUniv, 6
		case !oldSystem(r, code, start):
			return 0, 0
		case engineering:
			return degDiplIng, five
		}
		return degMagister, five
	case "CH":
		french := slices.Contains([]string{"GE", "VD", "NE", "JU"}, v.admin1(u))
		switch {
		case fac == facMedicine || !oldSystem(r, code, start):
			return 0, 0
		case kind == "technical" && french && fac == facEngineering:
			return degDiplomeIngenieur, five
		case kind == "technical":
			return degDiplom, five
		case french:
			return degLicence, 4
		}
		return degLizentiat, five
	case "FR":
		switch {
		case fac == facEngineering && (kind == "technical" || kind == "applied"):
			return degDiplomeIngenieur, 5
		case kind == "university" && fitsKind(degLicence, v.kinds[f]):
			return degLicence, 3
		case kind == "university" && fac == facMedicine:
			return degMD, 6 // the state diploma of doctor of medicine
		case kind == "university" && fac == facPharmacy:
			return degPharmD, 6
		case kind == "university":
			return degDiploma, 3 // the state diploma of a nurse, a physiotherapist
		case kind == "business" || kind == "politics" || oldSystem(r, code, start):
			// The diploma of a grande école, which its graduates list
			// as a master's: a business school's or Sciences Po's
			// programme grants no bachelor's.
			return degMaster, 4 + intN(r, 2)
		}
		return 0, 0
	case "IT":
		single := fac == facMedicine || fac == facLaw || fac == facPharmacy || fac == facArchitecture
		switch {
		case oldSystem(r, code, start):
			return degLaurea, five
		case single:
			return degLaureaMagistrale, five
		}
		return 0, 0
	case "ES":
		switch {
		case !oldSystem(r, code, start):
			return 0, 0
		case fac == facEngineering:
			return degIngenieriaSuperior, five
		}
		return degLicenciatura, five
	case "PT":
		if oldSystem(r, code, start) {
			return degLicenciatura, five
		}
		if fac == facMedicine {
			return 0, 0 // the integrated master's in medicine
		}
		return degLicenciatura, 3
	case "MX", "AR":
		switch {
		case fac == facMedicine:
			return 0, 0
		case fac == facEngineering:
			return degIngenieria, 5
		}
		return degLicenciatura, 4 + intN(r, 2)
	case "NL":
		switch {
		case fac == facMedicine || kind == "applied" || !oldSystem(r, code, start):
			return 0, 0
		case kind == "technical" && engineering:
			return degIr, five
		}
		return degDoctoraal, five
	case "BE":
		french := v.admin1(u) == "WAL" || strings.Contains(v.universities[u].Name, "Université")
		switch {
		case fac == facMedicine || !oldSystem(r, code, start):
			return 0, 0
		case engineering && french:
			return degIngenieurCivil, five
		case engineering:
			return degBurgerlijkIngenieur, five
		case french:
			return degLicence, 4
		}
		return degLicentiaat, 4
	case "PL":
		switch {
		case fac == facMedicine || !oldSystem(r, code, start):
			return 0, 0
		case engineering:
			return degMagisterInz, five
		}
		return degMagister, five
	case "RU", "UA", "BY", "KZ":
		if oldSystem(r, code, start) {
			return degSpecialist, five
		}
		return 0, 0
	case "SE":
		switch {
		case fac == facEngineering && (kind == "technical" || kind == "university"):
			return degCivilingenjor, 5
		case fac == facMedicine || !oldSystem(r, code, start):
			return 0, 0
		}
		return degMagisterexamen, 4
	case "NO":
		switch {
		case fac == facMedicine || !oldSystem(r, code, start):
			return 0, 0
		case fac == facLaw:
			return degCandJur, 6
		case fac == facEngineering:
			return degSivilingenior, five
		case fac == facBusiness || fac == facEconomics:
			return degSivilokonom, 4
		}
		return degCandMag, 4
	case "DK":
		switch {
		case fac == facMedicine || !oldSystem(r, code, start):
			return 0, 0
		case fac == facEngineering:
			return degCandPolyt, five
		case fac == facBusiness || fac == facEconomics:
			return degCandMerc, five
		case fac == facScience || fac == facMath || fac == facComputing:
			return degCandScient, five
		case fac == facLaw:
			return degCandJur, five
		}
		return degCandMag, five
	case "FI":
		switch {
		case fac == facMedicine || !oldSystem(r, code, start):
			return 0, 0
		case fac == facEngineering:
			return degDiplomiInsinoori, five
		}
		return degMaster, five
	case "CZ", "SK", "HU", "RO", "HR", "SI", "RS":
		if fac != facMedicine && oldSystem(r, code, start) {
			return degMaster, five // the single long master's
		}
	}
	return 0, 0
}

// admin1 returns the first-level division of school u's city.
func (v *schoolVocab) admin1(u int32) string {
	return loadGazetteer().places[v.universities[u].City].Admin1
}

// ownDegrees are the degrees a school of a worldwide name grants, by the
// names it gives them: Oxford and Cambridge a BA in every subject of a
// first degree, a Cambridge master's an MPhil (never an MS), MIT a
// Bachelor of Science in every subject, an IIT a BTech. A reader knows
// these schools and their degrees; the other schools grant what their
// country's system names (degreeFits, namesField).
type ownDegrees struct {
	// first is the first degree of each group of fields (see
	// degreeGroup); 0 leaves the degree drawn (the design degree of an
	// IIT, a BArch). The first degrees of medicine and the health
	// professions stay as drawn (an MBBS).
	first [numDegreeGroups]uint8
	// firstYears and masterYears are how long a first degree and a
	// plain master's take (0: as drawn).
	firstYears, masterYears int
	// graduate are all the graduate degrees the school grants, and
	// masters the names a master's takes there, by group of fields.
	graduate []uint8
	masters  [numDegreeGroups][]uint8
	// business are the fields of business the school teaches besides
	// business administration, the field of its MBA and its doctorate
	// only.
	business []string
	// barch says that the school's architects graduate as Bachelors of
	// Architecture after five years (Cornell's).
	barch bool
}

// degreeGroup is a group of fields that a school names its degrees of
// alike: the arts and social sciences (with business and law), the
// sciences and mathematics, engineering and computing.
type degreeGroup uint8

const (
	groupArts degreeGroup = iota
	groupSciences
	groupEngineering
	numDegreeGroups
)

// groupOf returns the group of fields of a faculty: medicine and the
// health professions are among the sciences.
func groupOf(fac faculty) degreeGroup {
	switch fac {
	case facMath, facScience, facMedicine, facNursing, facPharmacy, facHealth:
		return groupSciences
	case facComputing, facEngineering:
		return groupEngineering
	}
	return groupArts
}

// Groups of degrees of the rules below.
var (
	oxbridgeFirst = [numDegreeGroups]uint8{degBA, degBA, degBA}
	ivyFirst      = [numDegreeGroups]uint8{degBA, degBA, degBS}
	scienceFirst  = [numDegreeGroups]uint8{degBS, degBS, degBS}
	asiaFirst     = [numDegreeGroups]uint8{degBA, degBS, degBEng}
	iitFirst      = [numDegreeGroups]uint8{degBachelor, degBS, degBTech}
	bothMasters   = [numDegreeGroups][]uint8{{degMA}, {degMS}, {degMS}}
	scienceMaster = [numDegreeGroups][]uint8{{degMS}, {degMS}, {degMS}}
)

// ownDegreeRules are the degrees of the schools of a worldwide name, by
// their name in data/universities.tsv.
var ownDegreeRules = map[string]*ownDegrees{
	"University of Oxford": {first: oxbridgeFirst, firstYears: 3,
		graduate: []uint8{degMS, degMPhil, degMBA, degDPhil},
		masters:  [numDegreeGroups][]uint8{{degMPhil}, {degMS, degMPhil}, {degMS, degMPhil}},
		business: []string{"Finance"}},
	"University of Cambridge": {first: oxbridgeFirst, firstYears: 3,
		graduate: []uint8{degMPhil, degMRes, degMBA, degLLM, degMEd, degPhD},
		masters:  [numDegreeGroups][]uint8{{degMPhil}, {degMPhil, degMRes}, {degMPhil, degMRes}},
		business: []string{"Finance", "Management"}},
	"Massachusetts Institute of Technology": {first: scienceFirst, firstYears: 4,
		graduate: []uint8{degMArch, degMS, degMEng, degMBA, degPhD},
		masters:  [numDegreeGroups][]uint8{{degMS}, {degMS}, {degMS, degMEng}},
		business: []string{"Management", "Finance", "Supply Chain Management"}},
	"California Institute of Technology": {first: scienceFirst, firstYears: 4,
		graduate: []uint8{degMS, degPhD}, masters: scienceMaster},
	"Stanford University": {first: [numDegreeGroups]uint8{degBA, degBS, degBS}, firstYears: 4,
		graduate: []uint8{degMA, degMS, degMBA, degJD, degMD, degPhD, degMEd, degLLM}, masters: bothMasters},
	"Harvard University": {first: ivyFirst, firstYears: 4,
		graduate: []uint8{degMArch, degMA, degMS, degMEd, degMBA, degJD, degMD, degLLM, degPhD}, masters: bothMasters},
	"Princeton University": {first: ivyFirst, firstYears: 4,
		graduate: []uint8{degMArch, degMA, degMS, degMEng, degPhD},
		masters:  [numDegreeGroups][]uint8{{degMA}, {degMA}, {degMS, degMEng}}},
	"Yale University": {first: [numDegreeGroups]uint8{degBA, degBS, degBS}, firstYears: 4,
		graduate: []uint8{degMArch, degMA, degMS, degMBA, degJD, degMD, degLLM, degPhD}, masters: bothMasters},
	"Columbia University": {first: ivyFirst, firstYears: 4,
		graduate: []uint8{degMArch, degMA, degMS, degMBA, degJD, degMD, degLLM, degMEd, degPhD}, masters: bothMasters,
		business: []string{"Finance"}},
	"University of Pennsylvania": {first: ivyFirst, firstYears: 4,
		graduate: []uint8{degMArch, degMA, degMS, degMBA, degJD, degMD, degLLM, degMEd, degPhD}, masters: bothMasters,
		business: []string{"Finance", "Marketing", "Accounting", "Management"}},
	"Cornell University": {first: [numDegreeGroups]uint8{degBA, degBS, degBS}, firstYears: 4,
		graduate: []uint8{degMArch, degMA, degMS, degMEng, degMBA, degJD, degMD, degLLM, degPhD},
		masters:  [numDegreeGroups][]uint8{{degMA}, {degMS}, {degMS, degMEng}},
		business: []string{"Hospitality Management", "Management", "Finance", "Accounting", "Marketing"}, barch: true},
	"ETH Zürich": {first: scienceFirst, firstYears: 3, masterYears: 2,
		graduate: []uint8{degMS, degPhD}, masters: scienceMaster, business: []string{"Management"}},
	"EPFL": {first: scienceFirst, firstYears: 3, masterYears: 2,
		graduate: []uint8{degMS, degPhD}, masters: scienceMaster, business: []string{"Management", "Finance"}},
	"The University of Tokyo": {first: asiaFirst, firstYears: 4, masterYears: 2,
		graduate: []uint8{degMA, degMS, degMEng, degLLM, degMD, degPhD},
		masters:  [numDegreeGroups][]uint8{{degMA}, {degMS}, {degMEng, degMS}}},
	"Tsinghua University": {first: asiaFirst, firstYears: 4, masterYears: 2,
		graduate: []uint8{degMA, degMS, degMEng, degMBA, degLLM, degMD, degPhD},
		masters:  [numDegreeGroups][]uint8{{degMA}, {degMS}, {degMEng, degMS}},
		business: []string{"Finance", "Accounting", "Management"}},
	"Indian Institute of Science": {first: iitFirst, firstYears: 4, masterYears: 2,
		graduate: []uint8{degMTech, degMS, degPhD},
		masters:  [numDegreeGroups][]uint8{nil, {degMS}, {degMTech, degMS}}},
	"Indian Institute of Management Bangalore": {graduate: []uint8{degMBA, degPhD}},
	"Indian Institute of Management Ahmedabad": {graduate: []uint8{degMBA, degPhD}},
}

// iitDegrees are the degrees of the Indian Institutes of Technology: a
// BTech of four years in engineering, a BS in the sciences, an MTech, an
// MS or a master's in design, an MBA of their schools of management.
var iitDegrees = &ownDegrees{first: iitFirst, firstYears: 4, masterYears: 2, barch: true,
	graduate: []uint8{degMTech, degMS, degMaster, degMBA, degPhD},
	masters:  [numDegreeGroups][]uint8{{degMaster}, {degMS}, {degMTech, degMS}}}

// ownRule returns the rule of the degrees of a school of data/universities.tsv by
// its name, nil for a school that grants the degrees of its country's
// system.
func ownRule(name string) *ownDegrees {
	if strings.HasPrefix(name, "Indian Institute of Technology") {
		return iitDegrees
	}
	return ownDegreeRules[name]
}

// ownStage reports whether degree d is one ownDegrees governs: a degree
// of the names the world over and the degrees of Oxford and Cambridge,
// not the long degrees of national systems (ETH's Diplom before the
// reform).
func ownStage(d uint8) bool {
	return d < firstNational || d == degMPhil || d == degMRes || d == degDPhil || d == degMArch
}

// ownNames returns the names degree d of field f takes at school u: the
// school's own names of its stage and group of fields, d itself at a
// school of no rule; none when the school grants nothing of the kind (a
// plain master's at an Indian Institute of Management).
func (v *schoolVocab) ownNames(u int32, f uint16, d uint8) []uint8 {
	rule := v.own[u]
	if rule == nil || !ownStage(d) {
		return []uint8{d}
	}
	g := groupOf(v.faculty[f])
	switch stageOf(d) {
	case stageFirst:
		if name := rule.first[g]; name != 0 && !clinical(v.kinds[f]) && !(d == degBArch && rule.barch) {
			return []uint8{name}
		}
	case stageGraduate:
		switch {
		case masterly(d) && v.faculty[f] == facArchitecture && slices.Contains(rule.graduate, degMArch):
			return []uint8{degMArch}
		case masterly(d) && v.faculty[f] == facLaw && slices.Contains(rule.graduate, degLLM):
			return []uint8{degLLM}
		case masterly(d) || d == degLLM && !slices.Contains(rule.graduate, degLLM):
			if rule.master(g, d) {
				return []uint8{d}
			}
			return rule.masters[g]
		case d == degPhD && !slices.Contains(rule.graduate, degPhD) && slices.Contains(rule.graduate, degDPhil):
			return []uint8{degDPhil}
		}
	}
	return []uint8{d}
}

// clinical reports whether a kind of field is one of medicine or the
// health professions, whose first degrees every school names alike (an
// MBBS).
func clinical(k fieldKind) bool {
	return k == kindMedicine || k == kindNursing || k == kindPharmacy || k == kindHealth
}

// ownGrants reports whether school u, of a rule of its own degrees (or
// none), grants degree d in field f: a first degree of its name for the
// field's group, a graduate degree of its list, and in business only the
// fields it teaches (an MBA, not a master's in accounting at MIT).
func (v *schoolVocab) ownGrants(u int32, f uint16, d uint8) bool {
	rule := v.own[u]
	if rule == nil || !ownStage(d) {
		return true
	}
	if v.faculty[f] == facBusiness && !slices.Contains(rule.business, v.fields[f]) &&
		!(f == v.businessField && (d == degMBA || d == degPhD || d == degDPhil)) {
		return false
	}
	g := groupOf(v.faculty[f])
	switch stageOf(d) {
	case stageFirst:
		return rule.first[g] == 0 || d == rule.first[g] || clinical(v.kinds[f]) || d == degBArch && rule.barch
	case stageGraduate:
		return slices.Contains(rule.graduate, d) && (!masterly(d) || rule.master(g, d))
	}
	return true
}

// ownOnly reports whether a degree in a faculty is one only the schools of
// their own names grant (see ownDegrees): a BA in mathematics or
// engineering (Oxford's, Harvard's), a BS or an MS in design or
// architecture (MIT's, ETH's), a BA in law (Oxford's), an MS in
// education (Oxford's), an MA in mathematics or a science (Princeton's). The others name these degrees by their fields.
func ownOnly(d uint8, fac faculty) bool {
	switch d {
	case degBA:
		return groupOf(fac) != groupArts || fac == facLaw
	case degBS:
		return fac == facDesign || fac == facArchitecture || fac == facArts
	case degMS:
		return fac == facDesign || fac == facArchitecture || fac == facEducation
	case degMA:
		return fac == facMath || fac == facScience
	}
	return false
}

// master reports whether a school of the rule names a master's of a group
// of fields d: one of its names of the group's, or a Master of
// Education of its school of education.
func (rule *ownDegrees) master(g degreeGroup, d uint8) bool {
	return slices.Contains(rule.masters[g], d) || d == degMEd && slices.Contains(rule.graduate, degMEd)
}

// ownYears returns the years that degree d of field f takes at school u,
// 0 where the years drawn stand: a first degree of a school of a rule of
// its own (three at Oxford, four at MIT), any bachelor's of the US, whose
// take four, a BE or a BTech four, an architect's first degree five where
// it is the professional degree (the BArch; not in Britain, Australasia
// and the systems of the Bologna process, whose architects take a
// bachelor's of three years and a master's), a Master of Architecture
// two, a plain master's of a school of a rule of its own its years (two
// at ETH), and a master's or an MBA of India, Pakistan or Nepal, or an
// MBA of the US, two.
func (v *schoolVocab) ownYears(u int32, f uint16, d uint8) int {
	code, rule := v.country[u], v.own[u]
	switch {
	case !ownStage(d) || stageOf(d) == stageShort:
		return 0
	case d == degMArch:
		return 2
	case stageOf(d) == stageFirst:
		return v.firstYears(u, f, d)
	case masterly(d) && rule != nil && rule.masterYears > 0:
		return rule.masterYears
	case (masterly(d) || d == degMBA) && twoYearMasters[code], d == degMBA && code == "US":
		return 2
	}
	return 0
}

// firstYears returns the years of first degree d of field f at school u,
// 0 where the years drawn stand (see ownYears).
func (v *schoolVocab) firstYears(u int32, f uint16, d uint8) int {
	code, rule := v.country[u], v.own[u]
	_, bologna := reforms[code]
	switch {
	case d == degBArch || v.faculty[f] == facArchitecture && !bologna && !threeYearArchitecture[code] && code != "US":
		return 5
	case clinical(v.kinds[f]) && code != "US":
		return 0 // an MBBS of five or six years
	case rule != nil && rule.firstYears > 0:
		return rule.firstYears
	case code == "US", d == degBE, d == degBTech:
		return 4
	}
	return 0
}

// twoYearMasters are the countries whose master's degrees and MBAs take
// two years: India's, Pakistan's, Nepal's.
var twoYearMasters = map[string]bool{"IN": true, "PK": true, "NP": true}

// threeYearArchitecture are the countries outside the Bologna process
// whose architects take a first degree of three years, then a master's:
// Britain's system and Australasia's.
var threeYearArchitecture = map[string]bool{"GB": true, "AU": true, "NZ": true, "HK": true}
