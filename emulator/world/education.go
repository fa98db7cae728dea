package world

import (
	"fmt"
	"slices"
	"strconv"
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

// University is a school of the world: a real, well-known one of its
// country (names are facts) or, for the long tail, one named after a city.
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
	"Bachelor of Technology - BTech", "Master of Technology - MTech", "Master of Engineering - MEng",
	"Bachelor of Business Administration - BBA", "Bachelor of Commerce - BCom", "Bachelor of Fine Arts - BFA",
	"Master of Laws - LLM", "Bachelor of Education - BEd", "Master of Education - MEd",
	"Bachelor of Medicine, Bachelor of Surgery - MBBS", "Bachelor of Science in Nursing - BSN",
	"Doctor of Pharmacy - PharmD", "Bachelor of Engineering - BEng", "Bachelor of Architecture - BArch",
	// The degrees of national systems (see nationalDegrees).
	"Diplom", "Diplom (FH)", "Diplom-Ingenieur - Dipl.-Ing.", "Magister Artium - M.A.", "Staatsexamen",
	"Magister", "Magister inżynier - mgr inż.", "Lizentiat", "Licence", "Maîtrise",
	"Diplôme d'études approfondies - DEA", "Diplôme d'études supérieures spécialisées - DESS", "Diplôme d'ingénieur",
	"Laurea", "Laurea magistrale", "Licenciatura", "Ingeniería", "Ingeniería Superior", "Doctoraal", "Ingenieur - ir.",
	"Licentiaat", "Burgerlijk ingenieur", "Ingénieur civil", "Specialist degree", "Civilingenjör", "Magisterexamen",
	"Sivilingeniør", "Siviløkonom", "Cand.mag.", "Cand.polyt.", "Cand.merc.", "Cand.scient.", "Cand.jur.",
	"Diplomi-insinööri", "Doctor medicinae universae - Dr. med. univ.",
	// The degrees of Oxford and Cambridge (see ownDegreeRules).
	"Master of Philosophy - MPhil", "Master of Research - MRes", "Doctor of Philosophy - DPhil",
	// The professional master's of architects of the schools of the US.
	"Master of Architecture - MArch",
}

// Degrees by index into degreeNames.
const (
	degBS uint8 = iota + 1
	degBA
	degBachelor
	degBE
	degMS
	degMA
	degMaster
	degMBA
	degPhD
	degAssociate
	degJD
	degMD
	degLLB
	degDiploma
	degCertificate
	degBTech
	degMTech
	degMEng
	degBBA
	degBCom
	degBFA
	degLLM
	degBEd
	degMEd
	degMBBS
	degBSN
	degPharmD
	degBEng
	degBArch
	degDiplom
	degDiplomFH
	degDiplIng
	degMagisterArtium
	degStaatsexamen
	degMagister
	degMagisterInz
	degLizentiat
	degLicence
	degMaitrise
	degDEA
	degDESS
	degDiplomeIngenieur
	degLaurea
	degLaureaMagistrale
	degLicenciatura
	degIngenieria
	degIngenieriaSuperior
	degDoctoraal
	degIr
	degLicentiaat
	degBurgerlijkIngenieur
	degIngenieurCivil
	degSpecialist
	degCivilingenjor
	degMagisterexamen
	degSivilingenior
	degSivilokonom
	degCandMag
	degCandPolyt
	degCandMerc
	degCandScient
	degCandJur
	degDiplomiInsinoori
	degDrMedUniv
	degMPhil
	degMRes
	degDPhil
	degMArch
)

// firstNational is the first degree of a national system: the degrees
// from it on are given by schoolVocab.national, never drawn from the
// lists of degrees that fit a field.
const firstNational = degDiplom

// fieldKind groups fields of study by the degrees they lead to.
type fieldKind uint8

const (
	kindBusiness fieldKind = iota
	kindEngineering
	kindScience
	kindArts
	kindDesign
	kindLaw
	kindMedicine
	kindNursing
	kindPharmacy
	kindEducation
	kindHealth     // the allied health professions: physiotherapy, dental hygiene
	kindVocational // trades taught in short courses: culinary arts, cosmetology
	kindSecondary  // a secondary school's
	numFieldKinds
)

// fieldKinds says of every field of study what kind it is.
var fieldKinds = map[string]fieldKind{
	"Business Administration": kindBusiness, "Economics": kindBusiness, "Management": kindBusiness,
	"Marketing": kindBusiness, "International Business": kindBusiness, "Accounting": kindBusiness,
	"Finance": kindBusiness, "Supply Chain Management": kindBusiness, "Logistics": kindBusiness,
	"Human Resources Management": kindBusiness, "Hospitality Management": kindBusiness,
	"Facility Management": kindBusiness,
	"Computer Science":    kindEngineering, "Software Engineering": kindEngineering,
	"Electrical Engineering": kindEngineering, "Mechanical Engineering": kindEngineering,
	"Civil Engineering": kindEngineering, "Computer Engineering": kindEngineering,
	"Industrial Engineering": kindEngineering, "Information Systems": kindEngineering,
	"Data Science": kindEngineering, "Building Services Engineering": kindEngineering,
	"Electronics and Communication Engineering": kindEngineering, "Structural Engineering": kindEngineering,
	"Statistics": kindScience, "Mathematics": kindScience, "Physics": kindScience, "Biology": kindScience,
	"Communications": kindArts, "Media Studies": kindArts, "Psychology": kindArts, "Sociology": kindArts,
	"English Language and Literature": kindArts, "History": kindArts, "Linguistics": kindArts,
	"Political Science": kindArts, "International Relations": kindArts, "Journalism": kindArts,
	"Music": kindArts, "Film Production": kindArts,
	"Graphic Design": kindDesign, "Interaction Design": kindDesign, "Fine Arts": kindDesign,
	"Architecture": kindDesign, "Industrial Design": kindDesign, "Animation": kindDesign,
	"Culinary Arts": kindVocational, "Cosmetology": kindVocational, "Medical Assisting": kindVocational,
	"Law": kindLaw, "Medicine": kindMedicine, "Nursing": kindNursing, "Pharmacy": kindPharmacy,
	"Physiotherapy": kindHealth, "Dental Hygiene": kindHealth,
	"Education": kindEducation, secondaryField: kindSecondary,
}

// fieldSince is the first year each younger field of study was commonly a
// degree subject of its own, as programmes of the name spread beyond a
// few pioneering schools (round years): departments of computer science
// in the late 1960s, computer engineering and international business in
// the 1970s, management information systems by 1980, human resources
// management out of personnel management and media studies in the
// 1980s, software engineering from about 1990, logistics and facility
// management in the 1990s, supply chain management and interaction (UX)
// design about 2000, data science after 2012. Fields not listed have
// been degrees throughout the studies of the world's people.
var fieldSince = map[string]uint16{
	"Computer Science": 1970, "Computer Engineering": 1975, "Information Systems": 1980,
	"Software Engineering": 1990, "Data Science": 2014, "Interaction Design": 2000, "Animation": 1990,
	"Supply Chain Management": 2000, "Logistics": 1995, "Human Resources Management": 1985,
	"Facility Management": 1995, "International Business": 1975, "Media Studies": 1985,
	"Film Production": 1970, "Graphic Design": 1970, "Hospitality Management": 1970,
	"Medical Assisting": 1970, "Building Services Engineering": 1970,
}

// olderFields are the fields of the same line that students took before
// a field of fieldSince was a degree subject: statistics, computer
// science or mathematics before data science, business or industrial
// engineering before supply chain management, graphic design before
// interaction design. Each list holds a field that has been a degree
// throughout. The person's career may still be in the new field.
var olderFields = map[string][]string{
	"Computer Science":              {"Mathematics", "Electrical Engineering"},
	"Computer Engineering":          {"Electrical Engineering"},
	"Information Systems":           {"Business Administration", "Computer Science", "Mathematics"},
	"Software Engineering":          {"Computer Science", "Mathematics"},
	"Data Science":                  {"Statistics", "Computer Science", "Mathematics"},
	"Interaction Design":            {"Graphic Design", "Industrial Design", "Psychology"},
	"Animation":                     {"Fine Arts", "Graphic Design"},
	"Supply Chain Management":       {"Business Administration", "Industrial Engineering", "Logistics"},
	"Logistics":                     {"Business Administration", "Industrial Engineering"},
	"Human Resources Management":    {"Business Administration", "Psychology"},
	"Facility Management":           {"Business Administration", "Civil Engineering"},
	"International Business":        {"Business Administration", "Economics"},
	"Media Studies":                 {"Communications", "Journalism"},
	"Film Production":               {"Fine Arts", "Communications"},
	"Graphic Design":                {"Fine Arts"},
	"Hospitality Management":        {"Business Administration"},
	"Medical Assisting":             {"Biology"},
	"Building Services Engineering": {"Mechanical Engineering", "Electrical Engineering"},
}

// Degrees of each stage that fit a kind of field. Lists may repeat a
// degree to make it more common.
var (
	bachelorsOf = [numFieldKinds][]uint8{
		kindBusiness:    {degBBA, degBA, degBS, degBachelor, degBCom},
		kindEngineering: {degBS, degBE, degBEng, degBachelor, degBTech, degBA},
		kindScience:     {degBS, degBS, degBachelor, degBA},
		kindArts:        {degBA, degBA, degBachelor},
		kindDesign:      {degBA, degBFA, degBachelor, degBArch, degBS},
		kindLaw:         {degLLB, degLLB, degBachelor, degBA},
		kindMedicine:    {degMBBS, degMD, degBachelor},
		kindNursing:     {degBSN, degBS, degBachelor},
		kindPharmacy:    {degBS, degBachelor},
		kindEducation:   {degBEd, degBA},
		kindHealth:      {degBS, degBachelor},
		kindVocational:  {degDiploma, degCertificate, degAssociate},
	}
	mastersOf = [numFieldKinds][]uint8{
		kindBusiness:    {degMS, degMaster, degMA}, // the MBA comes after years of work (see mbaGap)
		kindEngineering: {degMS, degMEng, degMaster, degMTech},
		kindScience:     {degMS, degMaster, degMA},
		kindArts:        {degMA, degMaster},
		kindDesign:      {degMA, degMaster, degMS},
		kindLaw:         {degLLM, degMaster},
		kindMedicine:    {degMaster, degMS},
		kindNursing:     {degMS, degMaster},
		kindPharmacy:    {degMS, degMaster},
		kindEducation:   {degMEd, degMA, degMS},
		kindHealth:      {degMS, degMaster},
	}
	doctoratesOf = [numFieldKinds][]uint8{
		kindBusiness: {degPhD}, kindEngineering: {degPhD}, kindScience: {degPhD}, kindArts: {degPhD},
		kindDesign: {degPhD}, kindLaw: {degJD, degPhD}, kindMedicine: {degMD}, kindNursing: {degPhD},
		kindPharmacy: {degPharmD}, kindEducation: {degPhD}, kindHealth: {degPhD},
	}
	// shortDegrees are the short courses of any field but the regulated
	// professions.
	shortDegrees = []uint8{degAssociate, degDiploma, degCertificate}
)

// degreeFits reports whether a country's education system awards a
// degree: the BTech and MTech are India's, the BE India's, its
// neighbours' and Australasia's, the BEng Britain's and others' (see
// bengCountries), the BCom and the MBBS the
// Commonwealth's, the JD and the associate's degree North America's, the
// BFA and the BSN North America's and the Philippines', the MEng the
// Commonwealth's, and the LLB is not American (law and medicine are
// graduate degrees there).
func degreeFits(deg uint8, country string) bool {
	if deg >= firstNational {
		return slices.Contains(strings.Fields(nationalDegrees[deg-firstNational].countries), country)
	}
	switch deg {
	case degBTech, degMTech:
		return country == "IN"
	case degBE:
		return beCountries[country]
	case degBEng:
		return bengCountries[country]
	case degBFA:
		return country == "US" || country == "CA" || country == "PH" || country == "AU" || country == "NZ"
	case degBSN:
		return country == "US" || country == "CA" || country == "PH"
	case degMEng:
		return bengSystem[country] || country == "AU" || country == "NZ" || country == "CA"
	case degBCom:
		return country == "IN" || country == "AU" || country == "CA" || country == "ZA" || country == "NZ" ||
			country == "PK" || country == "IE"
	case degLLB:
		return country != "US"
	case degMBBS:
		return mbbsCountries[country]
	case degJD:
		return country == "US" || country == "CA"
	case degAssociate:
		return country == "US"
	}
	return true
}

// beCountries are the countries whose engineers graduate as Bachelors of
// Engineering, BE: India's neighbours, Australia, New Zealand, Ireland.
var beCountries = map[string]bool{
	"IN": true, "PK": true, "NP": true, "BD": true, "LK": true, "AU": true, "NZ": true, "IE": true,
}

// bengCountries are the countries whose engineers list a Bachelor of
// Engineering, BEng: Britain and the Commonwealth but South Asia and
// Australasia, East Asia, and the universities of applied sciences of
// the Germanic and Nordic countries. Latin America's engineers hold an
// Ingeniería, France's a Diplôme d'ingénieur, the rest a bachelor's.
var bengCountries = map[string]bool{
	"GB": true, "SG": true, "HK": true, "MY": true, "CA": true, "NG": true, "GH": true, "KE": true, "ZA": true,
	"UG": true, "TZ": true, "ZW": true, "ZM": true, "MT": true, "CY": true, "AE": true, "SA": true, "QA": true,
	"CN": true, "JP": true, "KR": true, "TW": true, "TH": true, "VN": true, "ID": true, "DE": true, "NL": true,
	"FI": true, "AT": true, "CH": true, "DK": true,
}

// bengSystem are the countries whose engineering degrees are the BEng
// and the MEng of the British system, never a Bachelor of Science, and
// India, whose are the BE and the BTech.
var bengSystem = map[string]bool{
	"GB": true, "SG": true, "HK": true, "MY": true, "IE": true, "IN": true,
}

// namesField reports whether a degree's name fits a field of study, apart
// from the field's kind: a BBA is a degree in business, not economics; a
// BArch one in architecture only, which no BFA or BA of a system but
// Britain's names; the engineering degrees are of engineering and
// computing; a master's in a business field is no MA, nor a first degree
// in one a BA where business graduates hold a BCom (commerceCountries);
// and the engineers of the British system and of India hold no Bachelor
// of Science.
func namesField(d uint8, fac faculty, country string) bool {
	architecture := fac == facArchitecture
	switch d {
	case degBBA:
		return fac == facBusiness || fac == facHospitality
	case degMA:
		return fac != facBusiness // a master's in accounting or marketing is of science
	case degBArch:
		return architecture
	case degBFA:
		return !architecture
	case degBA:
		if fac == facBusiness && commerceCountries[country] {
			return false // a BCom, a BBA or a bachelor's in business there, never a BA
		}
		return !architecture && fac != facLaw || country == "GB"
	case degBE, degBEng, degBTech, degMEng, degMTech:
		return fac == facEngineering || fac == facComputing
	case degBS:
		return !(fac == facEngineering && bengSystem[country])
	}
	return true
}

// southAsianSystems are the countries of South Asia, whose universities
// follow India's system of degrees.
var southAsianSystems = map[string]bool{"IN": true, "PK": true, "BD": true, "NP": true, "LK": true}

// commerceCountries are the countries whose first degrees in business
// are the BCom and the BBA (a Bachelor of Business in Australia): South
// Asia's, Canada's, Australasia's and South Africa's. Their BA is a
// degree of the arts and social sciences only.
var commerceCountries = map[string]bool{
	"IN": true, "PK": true, "BD": true, "NP": true, "LK": true, "CA": true, "AU": true, "NZ": true, "ZA": true,
}

// mbbsCountries are the countries whose doctors graduate as Bachelors of
// Medicine and Surgery, in the British tradition.
var mbbsCountries = map[string]bool{
	"GB": true, "IE": true, "IN": true, "PK": true, "BD": true, "LK": true, "NP": true, "AU": true, "NZ": true,
	"NG": true, "GH": true, "KE": true, "UG": true, "TZ": true, "ZA": true, "ZW": true, "ZM": true, "RW": true,
	"ET": true, "MY": true, "SG": true, "HK": true, "SA": true, "AE": true, "EG": true, "QA": true, "KW": true,
	"OM": true, "BH": true,
}

// fieldsByFamily are the fields of study that lead into each family.
var fieldsByFamily = [numFamilies][]string{
	famGeneral:       {"Business Administration", "Economics", "Management"},
	famMarketing:     {"Marketing", "Communications", "Business Administration", "Media Studies"},
	famSales:         {"Business Administration", "Economics", "Marketing", "International Business"},
	famProduct:       {"Business Administration", "Computer Science", "Industrial Engineering", "Information Systems"},
	famSoftware:      {"Computer Science", "Software Engineering", "Computer Engineering", "Information Systems", "Mathematics"},
	famElectrical:    {"Electrical Engineering", "Electronics and Communication Engineering", "Computer Engineering", "Physics"},
	famMechanical:    {"Mechanical Engineering", "Industrial Engineering", "Industrial Design"},
	famCivil:         {"Civil Engineering", "Structural Engineering", "Architecture"},
	famData:          {"Statistics", "Mathematics", "Data Science", "Computer Science", "Physics", "Economics"},
	famDesign:        {"Graphic Design", "Interaction Design", "Fine Arts", "Architecture", "Industrial Design"},
	famHR:            {"Psychology", "Human Resources Management", "Sociology", "Business Administration"},
	famFinance:       {"Accounting", "Finance", "Economics", "Business Administration"},
	famLegal:         {"Law", "Political Science", "International Relations"},
	famSupport:       {"Communications", "Business Administration", "Psychology", "English Language and Literature"},
	famClinical:      {"Medicine", "Nursing", "Pharmacy", "Biology", "Physiotherapy", "Dental Hygiene", "Medical Assisting"},
	famHospitality:   {"Hospitality Management", "Culinary Arts", "Business Administration"},
	famBeauty:        {"Cosmetology", "Business Administration"},
	famEducation:     {"Education", "English Language and Literature", "History", "Mathematics", "Linguistics"},
	famOperations:    {"Supply Chain Management", "Business Administration", "Logistics", "Industrial Engineering"},
	famFacility:      {"Facility Management", "Civil Engineering", "Building Services Engineering"},
	famEntertainment: {"Film Production", "Media Studies", "Music", "Journalism", "Animation"},
}

// schoolVocab holds the universities (by country) and fields of study.
type schoolVocab struct {
	universities []University
	// famous and tail are each country's real, well-known schools (most
	// prominent first) and its invented long tail, by countryID.
	famous, tail [][]int32
	// abroad are the schools the people of a country of none study at
	// (see studyAbroad), by countryID; nil for most.
	abroad        [][]int32
	international []int32 // well-known schools people travel to
	// destinations are the well-known schools abroad the people of each
	// country go to (studyDestinations), by countryID.
	destinations [][]int32
	// destinationCountries are the countries of destinations, whose
	// other schools are searched for a field none of those teaches.
	destinationCountries [][]countryID
	fields               []string
	kinds                []fieldKind  // kind of each field
	faculty              []faculty    // faculty of each field
	profession           []profession // profession each field's degree qualifies for
	narrow               []narrowSet  // the narrow field each field is (see narrowFields), 0 for most
	since                []uint16     // the first year each field was a degree (fieldSince), 0 for the old ones
	older                [][]uint16   // the fields of the same line taken before it was (olderFields)
	open                 []uint16     // fields that do not lead into a regulated profession or a trade
	byFamily             [numFamilies][]uint16
	// lay lists, per family, its fields that lead into no regulated
	// profession but law: a medical assistant's studies.
	lay            [numFamilies][]uint16
	businessField  uint16 // "Business Administration", the field of an MBA
	secondaryField uint16 // the field of a secondary school's entry
	// grant is what each school grants, and country the ISO code of its
	// country, whose system of degrees it follows.
	grant   []grant
	country []string
	// community marks the community colleges, which grant associate's
	// degrees and short courses, never a bachelor's, master's or
	// doctorate; secondary the secondary schools, which grant no degree.
	community, secondary []bool
	// kind is the kind of each school, the first word of its grants
	// ("university", "applied"); founded the year it was founded, 0 for
	// the old ones.
	kind    []string
	founded []uint16
	// invented marks the schools of the long tail and the secondary
	// schools, named after their city.
	invented []bool
	// infoSystems, buildingServices and electronicsComm are the fields of
	// study that schoolVocab.teaches restricts.
	infoSystems, buildingServices, electronicsComm uint16
	// facilityManagement and logistics are the narrow fields of applied
	// schools that no research university teaches.
	facilityManagement, logistics uint16
	// secondaryIn lists the secondary schools of each region (see
	// regionKey), tailIn the schools of the long tail.
	secondaryIn, tailIn map[string][]int32
	// own is the rule of each school's own degrees, nil for most (see
	// ownDegrees).
	own []*ownDegrees
}

// tailPattern names invented schools of one kind after their city.
type tailPattern struct {
	name  string // "%s College"
	grant string // what such a school grants, as data/universities.tsv says it
	// top is how many of the country's biggest cities have one (0: the
	// first pattern thirty, the second ten, the others three).
	top int
}

// realFirst are the kinds of invented school that none is named after a
// city of a region where data/universities.tsv lists a real university:
// a reader who knows Arizona's universities finds a "Phoenix State
// College" made up, and the region's real ones stand for it.
var realFirst = map[string]bool{"%s State College": true, "%s Polytechnic Institute": true}

// smallTowns are the kinds of invented school found in the towns beyond
// a country's ten biggest cities: India's government degree colleges,
// which Mumbai and Delhi have none of by that name.
var smallTowns = map[string]bool{"Government Degree College, %s": true}

// furtherEducation is what a college of further education or a
// polytechnic of diplomas grants: short courses in the trades and lines
// of business, no degree, and none in the sciences, the humanities or the
// professions that need a degree (nursing, physiotherapy).
const furtherEducation = "community -economics -math -science -social -humanities -arts -music -film -nursing -health"

// tailPatterns name invented schools after their city, in the forms the
// schools of that kind take in the country today, each with what its kind
// of school grants: Britain's and Ireland's colleges of further education
// (City of Leeds College) and Australia's institutes of TAFE, of
// diplomas and certificates only (furtherEducation), India's
// government colleges of engineering and degree colleges (affiliated to a
// university, whose first degrees they teach), Sweden's högskolor,
// the Philippines' city colleges. New Zealand's polytechnics became
// universities or merged into one institute, so it invents none. Countries not
// listed have no invented schools: their people study at their real ones
// of data/universities.tsv, or abroad (studyAbroad). A reader who knows a
// country has few universities knows a "University of Hebron" or a
// "Universidad Regional de Santiago" is made up.
var tailPatterns = map[string][]tailPattern{
	"US": {{"%s Community College", "community", 0}, {"%s State College", "college", 0}, {"%s Polytechnic Institute", "technical", 0}},
	"GB": {{"City of %s College", furtherEducation, 0}},
	"IE": {{"%s College of Further Education", furtherEducation, 10}},
	"AU": {{"%s Institute of TAFE", furtherEducation, 10}},
	"IN": {{"Government College of Engineering, %s", "technical -design -architecture -math -science", 0},
		{"Government Degree College, %s", "college -engineering -nursing -health -culinary -beauty -assisting -hospitality -design -film -music -arts", 30}},
	"SE": {{"Högskolan i %s", "applied -nursing", 10}},
	"PH": {{"City College of %s", "college -engineering -culinary -beauty -film -music", 10}},
	"DE": {{"Hochschule %s", "applied", 0}, {"Fachhochschule %s", "applied", 0}},
	"AT": {{"Fachhochschule %s", "applied", 0}},
	"FR": {{"École de Commerce de %s", "business", 0}, {"Institut Supérieur de %s", "applied", 0}},
	"ES": {{"Escuela de Negocios de %s", "business", 0}, {"Instituto Superior de %s", "applied", 0}},
	"MX": {{"Instituto Tecnológico de %s", "technical +business", 0}, {"Universidad Regional de %s", "university -medicine -pharmacy", 0}},
	"IT": {{"Istituto Superiore di %s", "applied", 0}},
	"BR": {{"Faculdade de %s", "applied +law", 0}, {"Centro Universitário de %s", "university -medicine", 0}},
	"PT": {{"Instituto Politécnico de %s", "applied", 0}},
	"NL": {{"Hogeschool %s", "applied", 0}},
}

// studyAbroad says where the people of a country that data/universities.tsv
// lists no school of study: a neighbour's schools or those of the country
// whose language and system they share (Mali's at Dakar's, Martinique's at
// the Université des Antilles). The people of countries not listed go to
// the well-known schools abroad (schoolVocab.international).
var studyAbroad = map[string]string{
	"ML": "SN", "MR": "SN", "GW": "SN", "CV": "PT", "ST": "PT", "GQ": "CM", "CF": "CM", "EH": "MA",
	"ER": "ET", "SS": "UG", "SL": "GH", "KM": "MG", "YT": "RE", "SC": "MU", "MQ": "GP", "GF": "GP",
	"BL": "GP", "MF": "GP", "PM": "FR", "WF": "NC", "PF": "FR", "TJ": "RU", "TM": "RU", "TL": "ID",
	"SB": "FJ", "VU": "FJ", "KI": "FJ", "TO": "FJ", "WS": "FJ", "TV": "FJ", "NR": "FJ", "CK": "NZ",
	"NU": "NZ", "GU": "US", "MP": "US", "AS": "US", "VI": "US", "PW": "US", "FM": "US", "MH": "US",
	"KY": "JM", "TC": "BS", "BZ": "JM", "AG": "BB", "DM": "BB", "GD": "BB", "KN": "BB", "LC": "BB",
	"VC": "BB", "AI": "BB", "MS": "BB", "VG": "BB", "BM": "CA", "SX": "CW", "BQ": "CW", "SR": "NL",
	"AD": "ES", "MC": "FR", "SM": "IT", "VA": "IT", "LI": "CH", "FO": "DK", "GL": "DK", "AX": "FI",
	"IM": "GB", "JE": "GB", "GG": "GB", "GI": "GB", "FK": "GB", "ME": "RS",
}

// abroadDestinations says where the people of a country who study abroad
// go, by the ties of language, history and nearness: Chileans to Spain and
// the US, South Africans to Britain, the French-speaking Maghreb and West
// Africa to France and Quebec. The people of a country not listed go to
// the US and Britain.
var abroadDestinations = map[string][]string{
	"MX": {"US", "ES"}, "AR": {"ES", "US"}, "CL": {"ES", "US"}, "CO": {"ES", "US"}, "PE": {"ES", "US"},
	"EC": {"ES", "US"}, "VE": {"ES", "US"}, "UY": {"ES", "US"}, "BO": {"ES", "AR"}, "PY": {"AR", "ES"},
	"CR": {"US", "ES"}, "PA": {"US", "ES"}, "DO": {"US", "ES"}, "GT": {"US", "ES"}, "HN": {"US", "ES"},
	"SV": {"US", "ES"}, "NI": {"US", "ES"}, "CU": {"ES", "MX"}, "BR": {"US", "PT"}, "PT": {"GB", "ES", "FR"},
	"ES": {"GB", "US"}, "IT": {"GB", "US"}, "FR": {"GB", "CA", "US"}, "BE": {"FR", "NL", "GB"},
	"LU": {"FR", "DE", "BE"}, "NL": {"GB", "US"}, "DE": {"NL", "GB", "CH", "AT"}, "AT": {"DE", "GB"},
	"CH": {"DE", "GB", "US"}, "PL": {"GB", "DE"}, "CZ": {"DE", "GB"}, "SK": {"CZ", "GB"}, "HU": {"GB", "DE", "AT"},
	"RO": {"GB", "FR", "DE"}, "BG": {"GB", "DE"}, "GR": {"GB", "US"}, "CY": {"GB", "GR"}, "MT": {"GB"},
	"IE": {"GB"}, "IS": {"DK", "GB", "US"}, "NO": {"GB", "DK", "US"}, "SE": {"GB", "US"}, "DK": {"GB", "US"},
	"FI": {"SE", "GB"}, "EE": {"FI", "GB"}, "LV": {"GB", "DE"}, "LT": {"GB", "DE"}, "UA": {"PL", "DE"},
	"BY": {"PL", "RU"}, "KZ": {"RU", "GB"}, "RU": {"DE", "GB"}, "RS": {"DE", "AT"}, "HR": {"AT", "DE"},
	"SI": {"AT", "DE"}, "CA": {"US", "GB"}, "US": {"GB", "CA"}, "GB": {"US"}, "AU": {"GB", "US"},
	"NZ": {"AU", "GB"}, "ZA": {"GB", "AU", "US"}, "NG": {"GB", "US"}, "GH": {"GB", "US"}, "KE": {"GB", "US"},
	"UG": {"GB", "US"}, "TZ": {"GB", "US"}, "ZW": {"ZA", "GB"}, "ET": {"US", "GB"},
	"MA": {"FR", "CA"}, "DZ": {"FR", "CA"}, "TN": {"FR", "CA"}, "SN": {"FR", "CA"}, "CI": {"FR", "CA"},
	"CM": {"FR", "CA"}, "EG": {"GB", "US"}, "LB": {"FR", "US"}, "JO": {"GB", "US"}, "IL": {"US", "GB"},
	"TR": {"US", "DE", "GB"}, "IR": {"CA", "US", "DE"}, "IN": {"US", "GB", "AU", "CA"},
	"PK": {"GB", "US", "AU"}, "BD": {"GB", "US", "AU"}, "LK": {"AU", "GB"}, "NP": {"AU", "US"},
	"CN": {"US", "GB", "AU", "CA"}, "HK": {"GB", "AU", "US", "CA"}, "TW": {"US", "GB"}, "JP": {"US", "GB"},
	"KR": {"US", "GB"}, "SG": {"GB", "AU", "US"}, "MY": {"AU", "GB"}, "ID": {"AU", "NL", "US"},
	"TH": {"US", "GB", "AU"}, "VN": {"AU", "US"}, "PH": {"US", "AU"},
}

// studyDestinations returns the countries the people of country code go
// to when they study abroad (abroadDestinations).
func studyDestinations(code string) []string {
	if to, ok := abroadDestinations[code]; ok {
		return to
	}
	return []string{"US", "GB"}
}

// abroadPermille is how many in a thousand of a country's people took
// their studies of a stage abroad: few first degrees, for most countries
// a per cent or two (OECD, Education at a Glance: outward mobility), more
// master's degrees; the people of small countries and of the Gulf go
// abroad more, and those of China and India for a master's.
func (v *schoolVocab) abroadPermille(code string, at stage) int {
	switch {
	case at == stageShort:
		return 0 // a community college, a short course: at home
	case slices.Contains(abroadGoers, code) && at == stageFirst:
		return 60
	case slices.Contains(abroadGoers, code):
		return 120
	case at == stageFirst:
		return 15
	case code == "CN" || code == "IN" || code == "NG" || code == "VN":
		return 90
	}
	return 50
}

// abroadGoers are the countries whose people study abroad the most: small
// ones with few universities of their own, and the Gulf states.
var abroadGoers = strings.Fields("LU IS CY MT EE LV LT SI AE SA KW QA BH OM HK SG")

// suburbKm is how near a bigger city of its region a town lies that no
// invented school is named after: a district or suburb GeoNames keeps as
// a town of its own (Mokotów in Warsaw, Sant Martí in Barcelona, Ciudad
// Lineal in Madrid), whose people go to the city's schools.
const suburbKm = 6

// suburb reports whether the i-th biggest city of a country (hubs) lies
// within suburbKm of a bigger one of the thirty biggest of its region.
func suburb(g *gazetteer, hubs []int32, i int) bool {
	p := &g.places[hubs[i]]
	for _, h := range hubs[:min(i, 30)] {
		q := &g.places[h]
		if q.Admin1 == p.Admin1 && distanceKm(p.Latitude, p.Longitude, q.Latitude, q.Longitude) < suburbKm {
			return true
		}
	}
	return false
}

// tailFounding returns the year an invented school of the long tail was
// founded, drawn from its name so that it stays the same: between 1946
// and 1975, before the studies of the world's oldest graduates, which
// schools not yet founded do not take (schoolVocab.openIn).
func tailFounding(name string) uint16 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h = (h ^ uint64(name[i])) * 1099511628211
	}
	return uint16(1946 + mix64(h)%30)
}

var loadSchools = sync.OnceValue(func() *schoolVocab {
	v, err := parseSchools(loadGazetteer())
	if err != nil {
		panic(err) // embedded at build time; the tests catch a bad file
	}
	return v
})

func parseSchools(g *gazetteer) (*schoolVocab, error) {
	v := &schoolVocab{famous: make([][]int32, len(g.countries)), tail: make([][]int32, len(g.countries))}
	used := map[string]bool{}
	v.secondaryIn = map[string][]int32{}
	v.tailIn = map[string][]int32{}
	add := func(name string, place int32, spec string) (int32, error) {
		gr, err := parseGrant(spec)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", name, err)
		}
		id := int32(len(v.universities))
		used[name] = true
		v.universities = append(v.universities, University{Name: name, Slug: slugify(name), City: place})
		v.community = append(v.community, strings.HasPrefix(spec, "community"))
		v.secondary = append(v.secondary, strings.HasPrefix(spec, "secondary"))
		v.grant = append(v.grant, gr)
		v.country = append(v.country, g.countries[g.placeCountry[place]].Code)
		v.kind = append(v.kind, strings.Fields(spec)[0])
		v.founded = append(v.founded, 0)
		v.invented = append(v.invented, false)
		v.own = append(v.own, nil)
		return id, nil
	}
	err := eachRow("data/universities.tsv", 6, func(f []string) error {
		cid, ok := g.country[f[0]]
		if !ok {
			return fmt.Errorf("unknown country %q", f[0])
		}
		place := int32(-1)
		for _, i := range g.byCountry[cid] { // most populous first
			if p := &g.places[i]; p.Name == f[2] && (f[1] == "" || p.Admin1 == f[1]) {
				place = i
				break
			}
		}
		if place < 0 {
			return fmt.Errorf("no place %q in %s", f[2], f[0])
		}
		if used[f[3]] {
			return fmt.Errorf("%q listed twice", f[3])
		}
		id, err := add(f[3], place, f[4])
		if err != nil {
			return err
		}
		v.own[id] = ownRule(f[3])
		v.famous[cid] = append(v.famous[cid], id)
		if f[5] != "" {
			year, err := strconv.Atoi(f[5])
			if err != nil || year < 1000 {
				return fmt.Errorf("%s: founded %q", f[3], f[5])
			}
			v.founded[id] = uint16(year)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	realIn := regionsOfUniversities(v, g)
	for cid, c := range g.countries {
		patterns := tailPatterns[c.Code]
		// The long tail: a school or two in each of a country's bigger
		// cities, more kinds in the biggest.
		hubs := g.hubs[cid]
		for i := 0; i < len(hubs) && i < 30; i++ {
			city := g.places[hubs[i]]
			if foldASCII(city.Name) != city.Name && transliterated[c.Code] || strings.Contains(city.Name, ",") ||
				suburb(g, hubs, i) {
				continue
			}
			for j, pat := range patterns {
				if pat.top > 0 && i >= pat.top || pat.top == 0 && (j > 0 && i >= 10 || j > 1 && i >= 3) {
					continue // only the top cities host the rarer kinds
				}
				if strings.Contains(city.Name, "College") {
					continue // State College, Pennsylvania
				}
				if smallTowns[pat.name] && i < 10 {
					continue // the metropolis's colleges have names of their own
				}
				if realFirst[pat.name] && realIn[regionKey(&city)] {
					continue // the region's real universities stand for it
				}
				if name := fillSchoolName(pat.name, tailCity(&city)); !used[name] {
					id, err := add(name, hubs[i], pat.grant)
					if err != nil {
						return nil, err
					}
					v.tail[cid] = append(v.tail[cid], id)
					v.tailIn[regionKey(&city)] = append(v.tailIn[regionKey(&city)], id)
					v.invented[id] = true
					v.founded[id] = tailFounding(name)
				}
			}
		}
		// A secondary school in each of the bigger cities, and in the
		// biggest of each region beyond them: people list the one of
		// where they grew up.
		covered := map[string]bool{}
		for i, h := range hubs {
			city := &g.places[h]
			key := regionKey(city)
			if i >= 30 && covered[key] || foldASCII(city.Name) != city.Name && transliterated[c.Code] ||
				strings.Contains(city.Name, ",") || suburb(g, hubs, i) {
				continue
			}
			covered[key] = true
			if name := secondaryName(city); name != "" && !used[name] {
				id, err := add(name, h, "secondary")
				if err != nil {
					return nil, err
				}
				v.secondaryIn[key] = append(v.secondaryIn[key], id)
				v.invented[id] = true
			}
		}
	}
	v.abroad = make([][]int32, len(g.countries))
	for cid, c := range g.countries {
		if to, ok := g.country[studyAbroad[c.Code]]; ok && len(v.famous[cid]) == 0 && len(v.tail[cid]) == 0 {
			v.abroad[cid] = v.famous[to]
		}
	}
	wellKnown := func(cc string) []int32 {
		cid, ok := g.country[cc]
		if !ok {
			return nil
		}
		ids := slices.DeleteFunc(slices.Clone(v.famous[cid]), func(u int32) bool { return v.community[u] })
		return ids[:min(6, len(ids))]
	}
	for _, cc := range []string{"US", "GB", "CH", "SG", "CA", "FR", "DE", "AU", "NL"} {
		v.international = append(v.international, wellKnown(cc)...)
	}
	v.destinations = make([][]int32, len(g.countries))
	v.destinationCountries = make([][]countryID, len(g.countries))
	for cid, c := range g.countries {
		for _, cc := range studyDestinations(c.Code) {
			if to, ok := g.country[cc]; ok && cc != c.Code {
				v.destinations[cid] = append(v.destinations[cid], wellKnown(cc)...)
				v.destinationCountries[cid] = append(v.destinationCountries[cid], to)
			}
		}
	}
	index := map[string]uint16{}
	field := func(name string) (uint16, error) {
		id, ok := index[name]
		if ok {
			return id, nil
		}
		kind, known := fieldKinds[name]
		fac, taught := fieldFaculty[name]
		if !known || !taught {
			return 0, fmt.Errorf("field %q has no kind or faculty", name)
		}
		id = uint16(len(v.fields))
		index[name] = id
		v.fields = append(v.fields, name)
		v.kinds = append(v.kinds, kind)
		v.faculty = append(v.faculty, fac)
		v.profession = append(v.profession, professionField[name])
		v.narrow = append(v.narrow, narrowFieldOf(name))
		v.since = append(v.since, fieldSince[name])
		return id, nil
	}
	for f, fields := range fieldsByFamily {
		for _, name := range fields {
			id, err := field(name)
			if err != nil {
				return nil, err
			}
			v.byFamily[f] = append(v.byFamily[f], id)
		}
	}
	for f, ids := range v.byFamily {
		for _, id := range ids {
			if k := v.kinds[id]; !regulated(k) || k == kindLaw {
				v.lay[f] = append(v.lay[f], id)
			}
		}
	}
	v.secondaryField, err = field(secondaryField)
	if err != nil {
		return nil, err
	}
	v.older = make([][]uint16, len(v.fields))
	for f, name := range v.fields {
		if v.since[f] == 0 {
			continue
		}
		old := false
		for _, o := range olderFields[name] {
			id, ok := index[o]
			if !ok {
				return nil, fmt.Errorf("older field %q of %q is no field of a family", o, name)
			}
			v.older[f] = append(v.older[f], id)
			old = old || v.since[id] == 0
		}
		if !old {
			return nil, fmt.Errorf("field %q has no older field that was always a degree", name)
		}
	}
	for f, k := range v.kinds {
		if !regulated(k) && k != kindVocational && k != kindSecondary {
			v.open = append(v.open, uint16(f))
		}
	}
	v.businessField = index["Business Administration"]
	v.infoSystems, v.buildingServices = index["Information Systems"], index["Building Services Engineering"]
	v.electronicsComm = index["Electronics and Communication Engineering"]
	v.facilityManagement, v.logistics = index["Facility Management"], index["Logistics"]
	return v, nil
}

// narrowFieldOf returns the narrow field (see narrowFields) a field of
// study is, 0 for one that is none.
func narrowFieldOf(name string) narrowSet {
	for i, n := range narrowFields {
		if slices.Contains(n.fields, name) {
			return 1 << i
		}
	}
	return 0
}

// regionsOfUniversities returns the regions (see regionKey) where
// data/universities.tsv lists a university, read so far into v.
func regionsOfUniversities(v *schoolVocab, g *gazetteer) map[string]bool {
	in := map[string]bool{}
	for u, uni := range v.universities {
		if v.kind[u] == "university" {
			in[regionKey(&g.places[uni.City])] = true
		}
	}
	return in
}

// regulated reports whether a kind of field leads into a regulated
// profession: law, medicine, nursing, pharmacy, the allied health ones.
func regulated(k fieldKind) bool {
	return k == kindLaw || k == kindMedicine || k == kindNursing || k == kindPharmacy || k == kindHealth
}

// Universities returns the schools, indexed by Education.University. The
// slice is shared: do not modify it.
func (w *World) Universities() []University { return w.schools.universities }

// Fields returns the fields of study, indexed by Education.Field. The
// slice is shared: do not modify it.
func (w *World) Fields() []string { return w.schools.fields }

// Degrees returns the degree names, indexed by Education.Degree (index 0
// is the empty "no degree"). The slice is shared: do not modify it.
func (w *World) Degrees() []string { return degreeNames }

// nationalDegree is a degree of a national system: the countries whose
// schools grant it and the kinds of field it is a degree in.
type nationalDegree struct {
	countries string // ISO codes, space-separated
	kinds     []fieldKind
}

// Groups of kinds of field the degrees of national systems are granted in.
var (
	academicKinds = []fieldKind{kindBusiness, kindEngineering, kindScience, kindArts, kindDesign, kindLaw,
		kindMedicine, kindNursing, kindPharmacy, kindEducation, kindHealth}
	engineeringKinds = []fieldKind{kindEngineering, kindDesign} // architecture is a design field
)

// academicBut returns the academic kinds of field but some.
func academicBut(but ...fieldKind) []fieldKind {
	return slices.DeleteFunc(slices.Clone(academicKinds), func(k fieldKind) bool { return slices.Contains(but, k) })
}

// nationalDegrees are the degrees of national systems, by index from
// firstNational: the single long first degrees of continental Europe
// before the Bologna process (the German Diplom, the Italian Laurea, the
// Russian specialist), the degrees that stayed (the Staatsexamen of
// German lawyers and physicians, the French Licence), and Latin
// America's Licenciatura.
var nationalDegrees = []nationalDegree{
	degDiplom - firstNational:              {"DE AT CH", academicBut(kindLaw, kindMedicine, kindPharmacy, kindEducation)},
	degDiplomFH - firstNational:            {"DE", academicBut(kindLaw, kindMedicine, kindPharmacy)},
	degDiplIng - firstNational:             {"DE AT", engineeringKinds},
	degMagisterArtium - firstNational:      {"DE", []fieldKind{kindArts}},
	degStaatsexamen - firstNational:        {"DE", []fieldKind{kindLaw, kindMedicine, kindPharmacy, kindEducation}},
	degMagister - firstNational:            {"AT PL", academicBut(kindMedicine)},
	degMagisterInz - firstNational:         {"PL", engineeringKinds},
	degLizentiat - firstNational:           {"CH", academicBut(kindMedicine, kindEngineering)},
	degLicence - firstNational:             {"FR BE CH", academicBut(kindMedicine, kindPharmacy, kindNursing, kindHealth)},
	degMaitrise - firstNational:            {"FR", academicBut(kindMedicine, kindPharmacy, kindNursing, kindHealth)},
	degDEA - firstNational:                 {"FR", academicBut(kindMedicine, kindPharmacy, kindNursing, kindHealth)},
	degDESS - firstNational:                {"FR", academicBut(kindMedicine, kindPharmacy, kindNursing, kindHealth)},
	degDiplomeIngenieur - firstNational:    {"FR CH", []fieldKind{kindEngineering}},
	degLaurea - firstNational:              {"IT", academicKinds},
	degLaureaMagistrale - firstNational:    {"IT", []fieldKind{kindLaw, kindMedicine, kindPharmacy, kindDesign}},
	degLicenciatura - firstNational:        {"ES PT MX AR", academicKinds},
	degIngenieria - firstNational:          {"MX AR", []fieldKind{kindEngineering}},
	degIngenieriaSuperior - firstNational:  {"ES", []fieldKind{kindEngineering}},
	degDoctoraal - firstNational:           {"NL", academicBut(kindMedicine)},
	degIr - firstNational:                  {"NL", engineeringKinds},
	degLicentiaat - firstNational:          {"BE", academicBut(kindMedicine, kindEngineering)},
	degBurgerlijkIngenieur - firstNational: {"BE", engineeringKinds},
	degIngenieurCivil - firstNational:      {"BE", engineeringKinds},
	degSpecialist - firstNational:          {"RU UA BY KZ", academicKinds},
	degCivilingenjor - firstNational:       {"SE", []fieldKind{kindEngineering}},
	degMagisterexamen - firstNational:      {"SE", academicBut(kindMedicine, kindEngineering)},
	degSivilingenior - firstNational:       {"NO", []fieldKind{kindEngineering}},
	degSivilokonom - firstNational:         {"NO", []fieldKind{kindBusiness}},
	degCandMag - firstNational:             {"NO DK", []fieldKind{kindArts, kindScience, kindEducation}},
	degCandPolyt - firstNational:           {"DK", []fieldKind{kindEngineering}},
	degCandMerc - firstNational:            {"DK", []fieldKind{kindBusiness}},
	degCandScient - firstNational:          {"DK", []fieldKind{kindScience, kindEngineering}},
	degCandJur - firstNational:             {"DK NO", []fieldKind{kindLaw}},
	degDiplomiInsinoori - firstNational:    {"FI", []fieldKind{kindEngineering}},
	degDrMedUniv - firstNational:           {"AT", []fieldKind{kindMedicine}},
	degMPhil - firstNational:               {"GB", academicBut(kindMedicine, kindNursing, kindPharmacy, kindHealth)},
	degMRes - firstNational:                {"GB", academicBut(kindMedicine, kindNursing, kindPharmacy, kindHealth, kindLaw)},
	degDPhil - firstNational:               {"GB", academicBut(kindMedicine, kindNursing, kindPharmacy, kindHealth)},
	degMArch - firstNational:               {"US", []fieldKind{kindDesign}},
}

// The degrees of national systems join the lists of the degrees that fit
// each kind of field: the French Maîtrise, DEA and DESS and Oxford's and
// Cambridge's graduate degrees among the graduate ones (which studies
// never draw: only national and ownNames give them), the others among the
// first degrees.
func init() {
	for i, nd := range nationalDegrees {
		d := firstNational + uint8(i)
		for _, k := range nd.kinds {
			if stageOf(d) == stageGraduate {
				mastersOf[k] = append(mastersOf[k], d)
			} else {
				bachelorsOf[k] = append(bachelorsOf[k], d)
			}
		}
	}
}

// fitsKind reports whether degree d of a national system is one of a kind
// of field (a Diplom-Ingenieur an engineer's); a degree of no national
// system fits every kind here.
func fitsKind(d uint8, k fieldKind) bool {
	return d < firstNational || slices.Contains(nationalDegrees[d-firstNational].kinds, k)
}

// reform is when a country's universities moved from single long first
// degrees to the bachelor's and master's of the Bologna process: the
// first year students could enrol in a bachelor's, and the year from
// which all did.
type reform struct{ from, general int }

// reforms are the moves of each country to the bachelor's and master's,
// by year of enrolment. Countries not listed have had them throughout.
var reforms = map[string]reform{
	"DE": {1999, 2008}, "AT": {2002, 2008}, "CH": {2001, 2005}, "FR": {2003, 2006}, "IT": {2001, 2001},
	"ES": {2008, 2010}, "PT": {2006, 2006}, "NL": {2002, 2002}, "BE": {2004, 2004}, "PL": {2004, 2007},
	"CZ": {2001, 2006}, "SK": {2001, 2006}, "HU": {2006, 2006}, "RO": {2005, 2005}, "HR": {2005, 2005},
	"SI": {2005, 2009}, "RS": {2005, 2007}, "RU": {2003, 2011}, "UA": {1998, 2012}, "BY": {2010, 2016},
	"KZ": {2004, 2010}, "SE": {2007, 2007}, "NO": {2003, 2003}, "DK": {1988, 1995}, "FI": {2005, 2005},
}

// tailCity returns the name of a city as an invented school of the long
// tail names it: in a name of the country's language, as its people
// write it (Hochschule München), else as English does.
func tailCity(city *Place) string {
	if _, own := tailPatterns[city.Country]; own {
		return localName(city)
	}
	return city.Name
}
