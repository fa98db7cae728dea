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
	// Work words of three letters or fewer, which would otherwise be
	// taken for short forms it does not know.
	"tax": {"tax"}, "law": {"law"}, "art": {"art"}, "ops": {"operations"}, "pr": {"public", "relations"},
	"lab": {"laboratory"}, "hse": {"health", "safety"}, "ehs": {"health", "safety"}, "gis": {"geographic"},
	"esg": {"sustainability"}, "crm": {"customer", "relationship"}, "erp": {"enterprise", "resource"},
	"r": {}, "d": {}, "rd": {"research", "development"}, "gp": {"general", "practitioner"}, "ent": {"otolaryngology"},
}

// posts are the seniority words that name a post ("Assistant",
// "Coordinator"): a title made only of seniority words says what post it
// is by the last of them, its head ("Executive Assistant" is an
// assistant's post, "Assistant Manager" a manager's).
var posts = set("assistant", "coordinator", "consultant", "specialist", "representative", "intern", "trainee",
	"apprentice", "manager", "mgr", "director", "officer", "advisor", "adviser", "associate", "partner", "owner",
	"founder", "cofounder", "president", "vp", "svp", "evp", "avp", "member", "head", "chief")

// samePost names the posts one post may be written as: an owner is often
// its founder, a consultant an advisor.
var samePost = map[string]string{"mgr": "manager", "adviser": "advisor", "consultant": "advisor",
	"founder": "owner", "cofounder": "owner", "vp": "president", "svp": "president", "evp": "president",
	"avp": "president", "head": "director"}

// post returns the head post of a title, "" when it names none.
func post(title string) string {
	w := words(title)
	for i := len(w) - 1; i >= 0; i-- {
		if posts[w[i]] {
			if p, ok := samePost[w[i]]; ok {
				return p
			}
			return w[i]
		}
	}
	return ""
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
// Where five letters begin words of different work, it keeps six:
// "techni" of a technician, "techno" of technology (a CTO's),
// "transl" of a translator, "transp" of transport.
func stem(w string) string {
	n := 5
	if longStems[w[:min(len(w), 5)]] {
		n = 6
	}
	return w[:min(len(w), n)]
}

// longStems are the five-letter beginnings of words of different work.
var longStems = set("techn", "trans", "contr")

// titleVerdict compares a row's title with a candidate's titles: it
// agrees where every word of it is in one of theirs, or every word of the
// work. A title made only of seniority words ("Executive Assistant",
// "Coordinator") agrees only as a post: it tells namesakes apart but
// backs no near miss; it disagrees where no title of the candidate is of
// that post ("Senior Workplace Coordinator" or "Structural Engineer"
// against "Lead Executive Assistant"). A title of work disagrees with
// titles that show no work where none is of its post ("Head of
// Partnerships" against "Executive Assistant").
func titleVerdict(row string, jobs []Job) (agrees, asPost, disagrees bool) {
	if strings.TrimSpace(row) == "" {
		return false, false, false
	}
	want := work(row)
	for _, j := range jobs {
		if within(row, j.Title) {
			return len(want) > 0, len(want) == 0, false
		}
	}
	if len(want) == 0 {
		return false, false, postsDisagree(post(row), jobs)
	}
	shared, shown := false, false
	for _, j := range jobs {
		have := work(j.Title)
		shown = shown || len(have) > 0
		all := true
		for _, w := range want {
			if slices.Contains(have, w) {
				shared = true
			} else {
				all = false
			}
		}
		if all {
			return true, false, false
		}
	}
	if !shown {
		// The candidate's titles say posts alone ("Executive Assistant"):
		// a title of work and another post is not theirs ("Head of
		// Partnerships"), nor one of work alone where every post of theirs
		// is one of support ("Controller").
		if p := post(row); p != "" {
			return false, false, postsDisagree(p, jobs)
		}
		return false, false, supportPostsOnly(jobs)
	}
	return false, false, !shared
}

// supportPosts are the posts whose title says the work of the post
// itself, helping, arranging or representing ("Executive Assistant",
// "Coordinator"): a title of other work ("Controller") is not of its
// holder. A manager, a director, a partner or an associate may be of
// any work.
var supportPosts = set("assistant", "coordinator", "representative")

// supportPostsOnly reports whether a candidate holds titles and every one
// is of a support post.
func supportPostsOnly(jobs []Job) bool {
	shown := false
	for _, j := range jobs {
		if strings.TrimSpace(j.Title) == "" {
			continue
		}
		if !supportPosts[post(j.Title)] {
			return false
		}
		shown = true
	}
	return shown
}

// postsDisagree reports whether a candidate's titles show and none is of
// the row's post p ("" says nothing): "Junior Specialist" against an
// engineer's career.
func postsDisagree(p string, jobs []Job) bool {
	shown := false
	for _, j := range jobs {
		if post(j.Title) == p {
			return false
		}
		shown = shown || strings.TrimSpace(j.Title) != ""
	}
	return p != "" && shown
}
