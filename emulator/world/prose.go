package world

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Phrases for the prose derived on demand: summaries, role descriptions,
// headlines. Written per department so that a sales manager does not talk
// about Kubernetes.
var deptDoing = [numDepartments][]string{
	NoDepartment: {"building companies people want to work for", "turning strategy into execution",
		"growing teams and businesses", "leading organisations through change"},
	Marketing: {"building brands that people remember", "running data-driven campaigns",
		"growing pipeline through content and SEO", "launching products into new markets"},
	Sales: {"helping customers find the right solution", "building long-term client relationships",
		"growing revenue in new territories", "closing complex B2B deals"},
	ProductProject: {"shipping products customers love", "delivering projects on time and on budget",
		"turning customer problems into roadmaps", "aligning stakeholders around clear goals"},
	Engineering: {"building reliable, scalable systems", "designing clean APIs and services",
		"automating infrastructure and deployments", "mentoring engineers and improving code quality"},
	DataAnalytics: {"turning data into decisions", "building models that predict what matters",
		"designing dashboards the business actually uses", "building robust data pipelines"},
	Design: {"designing simple, accessible experiences", "bringing research into product decisions",
		"crafting visual identities", "building design systems"},
	HRRecruitment: {"hiring great people", "building inclusive workplaces",
		"developing talent and leaders", "making onboarding a great experience"},
	FinanceAccounting: {"keeping the numbers honest", "planning budgets and forecasts",
		"closing the books on time", "improving financial controls"},
	LegalCompliance: {"keeping the business compliant", "negotiating fair contracts",
		"managing regulatory risk", "advising on corporate matters"},
	CustomerSupport: {"making customers successful", "solving problems quickly and kindly",
		"reducing churn through great onboarding", "turning feedback into improvements"},
	HealthHospitality: {"caring for patients and guests", "delivering excellent service",
		"running safe, welcoming operations", "improving patient outcomes"},
	EducationTraining: {"helping people learn", "designing engaging courses",
		"coaching teams to grow", "making learning accessible"},
	OperationsAdmin: {"keeping operations running smoothly", "optimising supply chains",
		"improving processes and reducing costs", "coordinating teams and vendors"},
	FacilityServices: {"keeping buildings safe and efficient", "managing maintenance and vendors",
		"creating great workplaces", "running facilities on a budget"},
	Entertainment: {"telling stories on screen", "producing content audiences love",
		"bringing creative projects to life", "editing, mixing and finishing productions"},
}

var deptAchievements = [numDepartments][]string{
	NoDepartment: {"Grew the company from %d to %d employees.", "Raised funding and built the founding team of %d people.",
		"Led the business through %d years of growth.", "Oversaw %d business units and their %d managers."},
	Marketing: {"Increased qualified leads by %d%% in %d months.", "Managed a marketing budget of %dk across %d channels.",
		"Launched %d campaigns reaching %dk people."},
	Sales: {"Exceeded quota by %d%% for %d consecutive quarters.", "Opened %d new accounts worth %dk in annual revenue.",
		"Built a pipeline of %dk across %d industries."},
	ProductProject: {"Shipped %d major releases with a team of %d.", "Cut delivery time by %d%% over %d months.",
		"Managed a portfolio of %d projects worth %dk."},
	Engineering: {"Reduced latency by %d%% for a service handling %dk requests a minute.",
		"Migrated %d services to Kubernetes with %d engineers.", "Raised test coverage by %d%% across %d repositories."},
	DataAnalytics: {"Built %d dashboards used by %d teams.", "Improved forecast accuracy by %d%% across %d markets.",
		"Designed pipelines processing %dk events a day from %d sources."},
	Design: {"Redesigned %d core flows, lifting conversion by %d%%.", "Ran %d user interviews across %d markets.",
		"Built a design system of %d components used by %d teams."},
	HRRecruitment: {"Hired %d people in %d months.", "Cut time-to-hire by %d%% across %d offices.",
		"Ran onboarding for %d new joiners in %d countries."},
	FinanceAccounting: {"Closed the books in %d days instead of %d.", "Managed budgets of %dk across %d cost centres.",
		"Cut costs by %d%% over %d quarters."},
	LegalCompliance: {"Negotiated %d contracts across %d jurisdictions.", "Led %d audits with %d findings closed.",
		"Handled %d regulatory filings in %d countries."},
	CustomerSupport: {"Kept satisfaction above %d%% for %d quarters.", "Handled %d tickets a week with a team of %d.",
		"Reduced churn by %d%% over %d months."},
	HealthHospitality: {"Cared for %d patients a week in a team of %d.", "Served %d guests a day across %d outlets.",
		"Raised satisfaction scores by %d%% in %d months."},
	EducationTraining: {"Taught %d students a year across %d courses.", "Designed %d courses completed by %dk learners.",
		"Trained %d managers in %d countries."},
	OperationsAdmin: {"Cut fulfilment costs by %d%% across %d warehouses.", "Coordinated %d vendors for %d sites.",
		"Improved on-time delivery by %d%% over %d months."},
	FacilityServices: {"Managed %d sites totalling %dk square metres.", "Cut energy use by %d%% across %d buildings.",
		"Ran maintenance for %d buildings with a team of %d."},
	Entertainment: {"Produced %d episodes watched by %dk viewers.", "Edited %d short films shown at %d festivals.",
		"Delivered %d commercials for %d brands."},
}

var summaryClosers = []string{
	"Always happy to connect and exchange ideas.",
	"Open to interesting conversations.",
	"Feel free to reach out.",
	"Outside work: running, reading and travelling.",
	"Passionate about continuous learning.",
	"I believe the best results come from great teams.",
}

// sentence fills a "%d" template with plausible numbers: the first up to
// sixty, later ones (months, teams, quarters) up to a dozen.
func sentence(r *rand.Rand, tmpl string) string {
	var b strings.Builder
	limit := 60
	for {
		i := strings.Index(tmpl, "%")
		if i < 0 || i+1 >= len(tmpl) {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		switch tmpl[i+1] {
		case 'd':
			b.WriteString(strconv.Itoa(between(r, 2, limit)))
			limit = 12
		case '%':
			b.WriteByte('%')
		}
		tmpl = tmpl[i+2:]
	}
}

// jobDescription derives the description of a role from its seed: often
// empty, as on real profiles, otherwise one to three sentences.
func jobDescription(r *rand.Rand, d Department, company string) string {
	if chance(r, 40) {
		return ""
	}
	parts := []string{"Focused on " + pick(r, deptDoing[d]) + " at " + strings.TrimSuffix(company, ".") + "."}
	for range intN(r, 3) {
		parts = append(parts, sentence(r, pick(r, deptAchievements[d])))
	}
	return strings.Join(parts, " ")
}

// summaryText derives a person's "about" prose.
func (w *World) summaryText(r *rand.Rand, p *Person, d Department) string {
	var parts []string
	title := "Professional"
	if len(p.Jobs) > 0 {
		title = w.titles.titles[p.Jobs[0].Title].Name
	}
	if p.TotalYears >= 2 {
		intro := title + " with " + strconv.Itoa(int(p.TotalYears)) + "+ years of experience"
		if ind := w.industries.name(p.Industry); ind != "" {
			intro += " in " + strings.ToLower(ind)
		}
		parts = append(parts, intro+".")
	} else {
		parts = append(parts, "Early-career "+strings.ToLower(title)+" eager to learn.")
	}
	parts = append(parts, "I enjoy "+pick(r, deptDoing[d])+".")
	if len(p.Skills) >= 3 {
		parts = append(parts, "Core skills: "+w.skills.names[p.Skills[0]]+", "+w.skills.names[p.Skills[1]]+
			" and "+w.skills.names[p.Skills[2]]+".")
	}
	if chance(r, 60) {
		parts = append(parts, pick(r, summaryClosers))
	}
	return strings.Join(parts, " ")
}

// skillsOfWork returns the person's skills that belong to a line of work,
// in the person's order: a headline names those of the current role, not
// of a former career.
func (w *World) skillsOfWork(p *Person, f family) []SkillID {
	var out []SkillID
	for _, s := range p.Skills {
		if slices.Contains(w.skills.byFamily[f], s) {
			out = append(out, s)
		}
	}
	return out
}

// headline derives the one-line headline under a person's name.
func (w *World) headline(r *rand.Rand, p *Person, d Department) string {
	job, working := p.CurrentJob()
	if !working {
		// A student is someone still at school, or who has not worked yet;
		// not someone who graduated years ago and is between jobs.
		studying := len(p.Education) > 0 && (len(p.Jobs) == 0 || int(p.Education[0].End) >= w.month.Year())
		switch {
		case len(p.Jobs) > 0 && w.month.Year()-int(p.BirthYear) >= 65:
			return "Retired " + w.titles.titles[p.Jobs[0].Title].Name
		case studying:
			return "Student at " + w.schools.universities[p.Education[0].University].Name
		case len(p.Jobs) > 0 && chance(r, 60):
			return w.titles.titles[p.Jobs[0].Title].Name + " | Open to new opportunities"
		}
		return "Looking for new opportunities"
	}
	title := w.titles.titles[job.Title].Name
	company := w.companies[job.Company].Name
	switch x := intN(r, 100); {
	case x < 55:
		return title + " at " + company
	case x < 70 && len(w.skillsOfWork(p, job.fam)) >= 2:
		own := w.skillsOfWork(p, job.fam)
		return title + " | " + w.skills.names[own[0]] + " | " + w.skills.names[own[1]]
	case x < 85:
		return title
	case x < 93:
		return title + " @ " + company
	}
	doing := pick(r, deptDoing[d])
	return strings.ToUpper(doing[:1]) + doing[1:]
}
