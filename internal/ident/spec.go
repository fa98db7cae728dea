package ident

import (
	"slices"
	"strings"
)

// The kinds of identifier, in the default waterfall order: a profile URL
// matches best, a uid is the last resort because few sheets carry one.
const (
	LinkedIn Kind = iota + 1
	Email
	Phone
	UID
)

// Kinds lists every kind in the default waterfall order.
var Kinds = func() []Kind {
	kinds := make([]Kind, 0, len(specs)-1)
	for k := Kind(1); int(k) < len(specs); k++ {
		kinds = append(kinds, k)
	}
	return kinds
}()

// A kind of identifier is defined here, once: its name, how a value is
// normalized and judged plausible, how a cell that is none is guessed at,
// the headers that name its column and those that hint at it, and whether
// a cell may list several. Adding a kind is adding its constant, its
// entry and its place in classifyOrder here, and its normalizer; the sheet readers, the plan, the
// run and the reports take it from here.
type spec struct {
	name      string
	label     string // what a page for people calls it
	normalize func(raw, region string) (string, error)
	// plausible says whether a cell (trimmed) whose header says nothing
	// looks like one: stricter than normalize where a false match costs.
	plausible func(s, region string) bool
	// meant says whether a cell (trimmed, lower case) that is no valid
	// identifier was meant as one of the kind, to say so in its reason.
	meant func(lower string) bool
	// headers are the spellings of a header (folded: letters and digits,
	// lower case, no accents) that name a column of the kind: those of CRM
	// and prospecting exports (Salesforce, HubSpot, Apollo, Sales
	// Navigator tools, Pipedrive…), in English and the languages of the
	// European offices that use them.
	headers []string
	// hinted says whether a header (folded, and its words) hints at the
	// kind without being one of its spellings: the content must agree.
	hinted func(key string, words []string) bool
	// several says that a cell may list several values, separated by ';',
	// ',' or line breaks.
	several bool
}

// specs are the kinds' definitions, by kind.
var specs = [...]spec{
	LinkedIn: {
		name:      "linkedin",
		label:     "profile URL",
		normalize: func(raw, _ string) (string, error) { return NormalizeLinkedIn(raw) },
		plausible: func(s, _ string) bool {
			if strings.Contains(strings.ToLower(s), "linkedin.com/pub/") {
				return true // the column holds profile URLs, even if this one is reported invalid
			}
			_, err := NormalizeLinkedIn(s)
			return err == nil
		},
		meant: func(s string) bool {
			return strings.Contains(s, "linkedin") || strings.Contains(s, "/in/") || strings.HasPrefix(s, "http")
		},
		headers: []string{"linkedin", "linkedinurl", "linkedinprofile", "linkedinprofileurl", "linkedinlink",
			"linkedinprofilelink", "linkedinaddress", "personlinkedinurl", "contactlinkedinurl", "linkedinpublicurl",
			"linkedinpublicprofileurl", "profileurl", "publicprofileurl", "liurl", "liprofile", "liprofileurl",
			"urllinkedin", "profillinkedin", "linkedinprofil", "perfillinkedin", "perfildelinkedin", "linkedinurlprofile"},
		hinted: func(key string, _ []string) bool { return strings.Contains(key, "linkedin") },
	},
	Email: {
		name:      "email",
		label:     "e-mail",
		normalize: func(raw, _ string) (string, error) { return NormalizeEmail(raw) },
		plausible: func(s, _ string) bool {
			_, err := NormalizeEmail(s)
			return err == nil
		},
		meant: func(s string) bool { return strings.Contains(s, "@") },
		headers: []string{"email", "emails", "emailaddress", "emailaddresses", "mail", "mailaddress", "workemail",
			"businessemail", "professionalemail", "personalemail", "privateemail", "primaryemail", "secondaryemail",
			"otheremail", "alternateemail", "alternativeemail", "email1", "email2", "email3", "emailwork",
			"emailpersonal", "emailhome", "homeemail", "contactemail", "directemail", "courriel", "adressemail",
			"adresseemail", "adressecourriel", "correo", "correoelectronico", "emailadresse", "emailadres"},
		hinted: func(key string, _ []string) bool {
			return strings.Contains(key, "email") || strings.Contains(key, "mail")
		},
		several: true,
	},
	Phone: {
		name:      "phone",
		label:     "phone",
		normalize: NormalizePhone,
		plausible: plausiblePhone,
		meant:     func(s string) bool { return strings.Trim(s, "0123456789 +-.()/") == "" },
		headers: []string{"phone", "phones", "phonenumber", "phonenumbers", "telephone", "telephonenumber", "tel",
			"telnumber", "mobile", "mobilephone", "mobilenumber", "mobilephonenumber", "cell", "cellphone",
			"cellnumber", "cellular", "workphone", "businessphone", "officephone", "directphone", "directdial",
			"directline", "homephone", "personalphone", "otherphone", "primaryphone", "phone1", "phone2", "phone3",
			"mobile1", "mobile2", "contactphone", "contactnumber", "phonework", "phonemobile", "phonehome", "handy",
			"telefon", "telefono", "telefone", "portable", "mobil", "mobiltelefon", "numerodetelephone", "gsm"},
		hinted: func(_ string, words []string) bool {
			return slices.ContainsFunc(words, func(w string) bool {
				return slices.ContainsFunc(phoneWords, func(p string) bool { return strings.HasPrefix(w, p) })
			})
		},
	},
	UID: {
		name:      "uid",
		label:     "uid",
		normalize: func(raw, _ string) (string, error) { return NormalizeUID(raw) },
		plausible: func(s, _ string) bool {
			_, err := NormalizeUID(s)
			return err == nil
		},
		meant:   func(string) bool { return true }, // what is none of the others
		headers: []string{"uid", "profileuid", "personuid", "candidateuid"},
		hinted: func(key string, _ []string) bool {
			return strings.Contains(key, "uid") || key == "id" || key == "profileid" || key == "personid"
		},
	},
}

// phoneWords begin the words of a header that may name a phone column,
// checked against the content because they also occur in unrelated
// headers.
var phoneWords = []string{"phone", "telephon", "telefon", "tel", "mobile", "mobil", "cell", "handy", "gsm", "portable"}

// classifyOrder is the order Classify tries the kinds in: the most
// distinctive spelling first, phones, which any number resembles, last.
var classifyOrder = []Kind{LinkedIn, Email, UID, Phone}

// HeaderSpellings are the folded header spellings that name a column of
// kind k.
func HeaderSpellings(k Kind) []string { return specs[k].headers }

// HintedBy reports whether a header (folded, and its words) hints at
// kind k without being one of its spellings.
func HintedBy(k Kind, key string, words []string) bool { return specs[k].hinted(key, words) }

// Label is what a page for people calls kind k.
func Label(k Kind) string { return specs[k].label }

// Several reports whether a cell of kind k may list several values.
func Several(k Kind) bool { return k.valid() && specs[k].several }
