package match

import (
	"slices"
	"strings"
)

// A title agrees when every word of the row's is in one of the
// candidate's titles, or when every word that says what the work is
// (not how senior it is) has a word of the same stem there ("Head of
// Accounting", "Senior Accountant"). It disagrees when no word of the
// work is shared with any of the candidate's titles: "Software Engineer"
// against a career of nursing.

// seniority are title words that say how senior or what kind of post,
// not what the work is.
var seniority = set("senior", "sr", "junior", "jr", "lead", "principal", "staff", "head", "chief", "associate",
	"assistant", "deputy", "vice", "president", "vp", "svp", "evp", "avp", "manager", "mgr", "director", "officer",
	"of", "and", "the", "for", "in", "at", "to", "a", "i", "ii", "iii", "iv", "global", "regional", "international",
	"national", "group", "team", "owner", "founder", "cofounder", "co", "partner", "specialist", "consultant",
	"coordinator", "representative", "intern", "trainee", "apprentice", "executive", "general", "managing",
	"board", "member", "advisor", "adviser", "emea", "apac", "americas", "na", "eu", "uk", "us")

// titleAbbreviations spell out what a title's short forms say of the work.
var titleAbbreviations = map[string][]string{
	"ceo": {"executive"}, "cto": {"technology"}, "cfo": {"financial"}, "coo": {"operating"},
	"cmo": {"marketing"}, "cio": {"information"}, "ciso": {"security"}, "cro": {"revenue"},
	"hr": {"human", "resources"}, "it": {"information", "technology"}, "swe": {"software", "engineer"},
	"dev": {"developer"}, "eng": {"engineer"}, "acct": {"accountant"}, "qa": {"quality"},
	"ux": {"user", "experience"}, "ui": {"user", "interface"}, "pm": {"product"}, "sdr": {"sales"},
	"bdr": {"business", "development"}, "ae": {"account"}, "rn": {"nurse"}, "md": {"physician"},
	"sre": {"site", "reliability", "engineer"}, "vp": {}, "hrbp": {"human", "resources"}, "ml": {"machine", "learning"},
	"ai": {"intelligence"}, "bi": {"business", "intelligence"}, "seo": {"search"}, "cpa": {"accountant"},
}

// work returns the stems of the words of a title that say what the work
// is.
func work(title string) []string {
	var out []string
	for _, w := range words(title) {
		ws := []string{w}
		if ex, ok := titleAbbreviations[w]; ok {
			ws = ex
		} else if len(w) <= 3 {
			continue // a short form it does not know says nothing it can compare
		}
		for _, x := range ws {
			if !seniority[x] {
				out = append(out, stem(x))
			}
		}
	}
	return out
}

// stem cuts a word to what its forms share: "engineer", "engineering".
func stem(w string) string {
	if len(w) > 5 {
		return w[:5]
	}
	return w
}

// titleVerdict compares a row's title with a candidate's titles.
func titleVerdict(row string, jobs []Job) (agrees, disagrees bool) {
	if strings.TrimSpace(row) == "" {
		return false, false
	}
	want := work(row)
	if len(want) == 0 {
		return false, false // "Owner", "Director": how senior, not what work
	}
	shared, shown := false, false
	for _, j := range jobs {
		if within(row, j.Title) {
			return true, false
		}
		have := work(j.Title)
		shown = shown || len(have) > 0
		all := len(want) > 0
		for _, w := range want {
			if slices.Contains(have, w) {
				shared = true
			} else {
				all = false
			}
		}
		if all {
			return true, false
		}
	}
	return false, shown && !shared
}
