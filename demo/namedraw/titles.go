package namedraw

import (
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
)

// seniority are the title words that say how senior a post is or what
// kind of post, not what the work is, as a title matcher reads them: the
// list of internal/match/title.go when these kinds were written. It is a
// copy, so that what a drawn row is does not move with the matcher the
// rows judge.
var seniority = set("senior", "sr", "junior", "jr", "lead", "principal", "staff", "head", "chief", "associate",
	"assistant", "deputy", "vice", "president", "vp", "svp", "evp", "avp", "manager", "mgr", "director", "officer",
	"of", "and", "the", "for", "in", "at", "to", "a", "i", "ii", "iii", "iv", "global", "regional", "international",
	"national", "group", "team", "owner", "founder", "cofounder", "co", "partner", "specialist", "consultant",
	"coordinator", "representative", "intern", "trainee", "apprentice", "executive", "general", "managing",
	"board", "member", "advisor", "adviser", "emea", "apac", "americas", "na", "eu", "uk", "us", "ceo")

// posts are the seniority words that name a post, each with the post it
// is counted as: posts a person could hold under either name count as
// one (a founder is often the owner, a head of something its director).
var posts = map[string]string{
	"assistant": "assistant", "coordinator": "coordinator", "specialist": "specialist", "associate": "associate",
	"representative": "representative", "partner": "partner", "member": "member", "manager": "manager",
	"mgr": "manager", "consultant": "advisor", "advisor": "advisor", "adviser": "advisor",
	"intern": "trainee", "trainee": "trainee", "apprentice": "trainee",
	"owner": "owner", "founder": "owner", "cofounder": "owner",
	"director": "director", "head": "director", "chief": "director", "officer": "director", "president": "director",
	"vp": "director", "svp": "director", "evp": "director", "avp": "director",
}

// bareable are the posts a list writes without the work: "Coordinator",
// "Senior Specialist", not "Partner" for an HR Business Partner or
// "Chief Officer" for a Chief Legal Officer.
var bareable = set("assistant", "coordinator", "specialist", "consultant", "advisor", "adviser", "representative",
	"manager", "intern")

// connectors are the seniority words that name nothing alone.
var connectors = set("of", "and", "the", "for", "in", "at", "to", "a")

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// seniorityOnly reports whether a title is made of seniority words alone:
// "Executive Assistant", "Co-Founder & CEO".
func seniorityOnly(title string) bool {
	w := strings.Fields(match.Fold(title))
	return len(w) > 0 && !slices.ContainsFunc(w, func(x string) bool { return !seniority[x] })
}

// bare returns the seniority words of a title that ends in its post, as
// a list that keeps only the post writes it: "Senior Specialist" of
// "Senior Procurement Specialist", "Coordinator" of "Logistics
// Coordinator". ok is false for a title of another form ("Head of Tax",
// "Senior Director, Brand"), of a post not written alone (see
// bareable), or of seniority words alone.
func bare(title string) (string, bool) {
	if strings.ContainsAny(title, ",&-/") || seniorityOnly(title) {
		return "", false
	}
	fields := strings.Fields(title)
	if !bareable[match.Fold(fields[len(fields)-1])] {
		return "", false
	}
	var kept []string
	for _, f := range fields {
		if x := match.Fold(f); seniority[x] && !connectors[x] {
			kept = append(kept, f)
		}
	}
	return strings.Join(kept, " "), true
}

// post returns the post a title names, by the last word that names one
// ("assistant" of "Executive Assistant"), else by the last word before
// its subject ("lead" of "Accounting Team Lead", "engineer" of "Software
// Engineer").
func post(title string) string {
	w := strings.Fields(match.Fold(title))
	for i := len(w) - 1; i >= 0; i-- {
		if p, ok := posts[w[i]]; ok {
			return p
		}
	}
	head, _, _ := strings.Cut(title, ",")
	head, _, _ = strings.Cut(head, " of ")
	if w = strings.Fields(match.Fold(head)); len(w) > 0 {
		return w[len(w)-1]
	}
	return ""
}

// work returns the words of a title that say what the work is, cut to
// what their forms share ("engineer", "engineering"), the short ones
// included ("tax", "hr").
func work(title string) []string {
	var out []string
	for _, x := range strings.Fields(match.Fold(title)) {
		if !seniority[x] {
			out = append(out, x[:min(len(x), 5)])
		}
	}
	return out
}

// shortWork reports whether a title has a word of the work of three
// letters or fewer: "Tax Advisor", "HR Manager", "QA Engineer".
func shortWork(t world.Title) bool {
	return slices.ContainsFunc(strings.Fields(match.Fold(t.Name)), func(x string) bool { return !seniority[x] && len(x) <= 3 })
}

// otherWork reports whether a title is of other work than every title
// held: another department, no word of the work shared, and another
// post. A careful reader takes a row of it for someone else.
func otherWork(t world.Title, held []world.Title) bool {
	if t.Department == world.NoDepartment {
		return false
	}
	for _, h := range held {
		if h.Department == t.Department || post(t.Name) == post(h.Name) {
			return false
		}
		if slices.ContainsFunc(work(t.Name), func(x string) bool { return slices.Contains(work(h.Name), x) }) {
			return false
		}
	}
	return true
}

// retitle gives the row the title its kind writes.
func (d *Drawer) retitle(k Kind, r *Row, c *world.Company) bool {
	p := d.w.Person(r.Person)
	own := d.w.Title(p.Jobs[0].Title).Name
	if k == SeniorityTitle {
		if seniorityOnly(own) {
			r.Title = own
			return true
		}
		t, ok := bare(own)
		r.Title = t
		return ok
	}
	return d.against(r, p, c)
}

// against writes a title that tells the row from person p, the only one
// of that name at the company, who then is not the row's person: no one
// of the world is. Of three rows, one writes seniority words of another
// post ("Executive Assistant" for a Logistics Coordinator), one a title
// of other work against a person whose title has a short word of the
// work ("Senior Supply Chain Analyst" for a Trainee Tax Advisor), one a
// title of other work. The row keeps p's city, where a colleague of that
// name would live too: the title alone tells them apart.
func (d *Drawer) against(r *Row, p *world.Person, c *world.Company) bool {
	if d.namesakes(match.ParseName(p.FirstName+" "+p.LastName), c.Name) != 1 || d.nicknamed(p.FirstName, p.LastName, c.Name) {
		return false
	}
	var held []world.Title
	for _, j := range p.Jobs {
		t := d.w.Title(j.Title)
		if t.Department == world.NoDepartment {
			return false // a founder, a CEO, a board member: a row's title may say any post of theirs
		}
		held = append(held, t)
	}
	var title string
	switch v := d.rng.IntN(3); {
	case v == 0:
		titles := d.bareTitles()
		title = titles[d.rng.IntN(len(titles))]
		if slices.ContainsFunc(held, func(h world.Title) bool { return post(h.Name) == post(title) }) {
			return false
		}
	case v == 1 && !slices.ContainsFunc(held, shortWork):
		return false
	default:
		o := d.w.Person(d.rng.IntN(d.w.Len()))
		if len(o.Jobs) == 0 || !otherWork(d.w.Title(o.Jobs[0].Title), held) {
			return false
		}
		title = d.w.Title(o.Jobs[0].Title).Name
	}
	r.Title, r.Person, r.UID, r.Past = title, -1, "", false
	return true
}

// bareTitles returns the titles of seniority words alone that people of
// some work hold or that a list writes for one ("Executive Assistant",
// "Coordinator", "Senior Specialist"), in the vocabulary's order: those
// of a post that says what the person does. "Manager" and "Intern" are
// left out: a list may write them of almost anyone a profile shows.
func (d *Drawer) bareTitles() []string {
	if d.bare != nil {
		return d.bare
	}
	seen := map[string]bool{}
	for _, t := range d.w.Titles() {
		if t.Department == world.NoDepartment {
			continue
		}
		b, ok := t.Name, seniorityOnly(t.Name)
		if !ok {
			b, ok = bare(t.Name)
		}
		if ok && !seen[b] && post(b) != "manager" && post(b) != "trainee" {
			seen[b] = true
			d.bare = append(d.bare, b)
		}
	}
	return d.bare
}
