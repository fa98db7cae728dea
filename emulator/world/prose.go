package world

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// The prose of a profile (role descriptions, the summary, the headline)
// is derived on demand from the person's seed and from the profile as it
// is at the world's clock: a summary says the years of experience, the
// title and the employer the profile shows today, not those of when the
// world was generated, and it talks in the phrases of the person's own
// line of work (famDoing, famAchievements).

// sentence fills a template's "{lo-hi}" numbers with ones drawn between
// lo and hi.
func sentence(r *rand.Rand, tmpl string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		j := strings.IndexByte(tmpl, '}')
		if i < 0 || j < i {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		lo, hi, _ := strings.Cut(tmpl[i+1:j], "-")
		a, _ := strconv.Atoi(lo)
		z, _ := strconv.Atoi(hi)
		b.WriteString(strconv.Itoa(between(r, a, z)))
		tmpl = tmpl[j+1:]
	}
}

// jobDescription derives the description of a role of line of work f
// and level l from its seed: often empty, as on real profiles, otherwise
// one to three sentences in the phrases of that line. Achievements are
// distinct, and few early in a career: an intern lists none, a junior
// one at most.
func jobDescription(r *rand.Rand, f family, l Level, company string) string {
	if chance(r, 40) {
		return ""
	}
	parts := []string{"Focused on " + pick(r, famDoing[f]) + " at " + strings.TrimSuffix(company, ".") + "."}
	n := intN(r, 3)
	switch l {
	case Entry:
		n = 0
	case Junior:
		n = min(n, 1)
	}
	for _, tmpl := range pickDistinct(r, famAchievements[f], n) {
		parts = append(parts, sentence(r, tmpl))
	}
	return strings.Join(parts, " ")
}

// proseFamily is the line of work a person's summary and headline talk
// about: that of the main current role, or of the latest one; for
// someone who has not worked yet, the one their latest studies lead to.
func (w *World) proseFamily(p *Person) family {
	if len(p.Jobs) > 0 {
		return p.Jobs[0].fam
	}
	if len(p.Education) > 0 {
		field := p.Education[0].Field
		for f := famGeneral + 1; f < numFamilies; f++ {
			if slices.Contains(w.schools.byFamily[f], field) {
				return f
			}
		}
	}
	return famGeneral
}

// studying reports whether the person is still at school at the world's
// clock: their latest studies end this year or later, or, where the
// profile does not say when, began no more than four years ago (or,
// with no years at all, the person is of student age).
func (w *World) studying(p *Person) bool {
	if len(p.Education) == 0 {
		return false
	}
	year := w.month.Year()
	switch e := p.Education[0]; {
	case e.End != 0:
		return int(e.End) >= year
	case e.Start != 0:
		return int(e.Start)+4 >= year
	}
	return year-int(p.BirthYear) <= 24
}

// retiredNow reports whether someone without a current role has retired:
// has worked and is of retiring age at the world's clock.
func (w *World) retiredNow(p *Person) bool {
	_, working := p.CurrentJob()
	return !working && len(p.Jobs) > 0 && w.month.Year()-int(p.BirthYear) >= 65
}

// summaryText derives a person's "about" prose as of the world's clock:
// who they are now (the current title and employer with the years of
// experience the profile counts, the latest role of one between jobs or
// retired, the studies of one who has not worked), what they enjoy in
// their line of work f, their core skills in it.
func (w *World) summaryText(r *rand.Rand, p *Person, f family) string {
	var parts []string
	years := w.TotalYears(p)
	// experience says "N+ years of experience, now in <industry>": the
	// years are the career's, the industry the employer's (when, "now"
	// or "most recently").
	experience := func(ind IndustryID, when string) string {
		s := strconv.Itoa(years) + "+ years of experience"
		if name := w.industries.name(ind); name != "" {
			s += ", " + when + " in " + strings.ToLower(name)
		}
		return s
	}
	enjoy := "I enjoy "
	job, working := p.CurrentJob()
	switch {
	case working:
		t := w.titles.titles[job.Title]
		co := &w.companies[job.Company]
		if years >= 2 {
			parts = append(parts, t.Name+" with "+experience(co.Industry, "now")+".")
			if chance(r, 50) {
				parts = append(parts, "Currently at "+strings.TrimSuffix(co.Name, ".")+".")
			}
		} else {
			parts = append(parts, t.Name+" at "+strings.TrimSuffix(co.Name, ".")+".")
			if k := slices.Index(ladder, t.Level); k >= 0 && k <= slices.Index(ladder, MidLevel) {
				parts = append(parts, "Early in my career and eager to learn.")
			}
		}
	case len(p.Jobs) > 0:
		last := p.Jobs[0]
		title, co := w.titles.titles[last.Title].Name, &w.companies[last.Company]
		if w.retiredNow(p) {
			s := "Retired " + title
			if ind := w.industries.name(co.Industry); years >= 2 && ind != "" {
				s += " after " + strconv.Itoa(years) + " years of work, the last in " + strings.ToLower(ind)
			}
			parts = append(parts, s+".")
			enjoy = "I enjoyed "
			break
		}
		parts = append(parts, "Most recently "+title+" at "+strings.TrimSuffix(co.Name, ".")+".")
		if years >= 2 {
			parts = append(parts, experience(co.Industry, "most recently")+".")
		}
		parts = append(parts, "Open to new opportunities.")
	case len(p.Education) > 0:
		ed := p.Education[0]
		field, school := w.schools.fields[ed.Field], w.schools.universities[ed.University].Name
		if w.studying(p) {
			parts = append(parts, "Student of "+field+" at "+school+".")
		} else {
			parts = append(parts, field+" graduate of "+school+", looking for a first role.")
		}
		enjoy = "I am interested in "
	default:
		parts = append(parts, "Looking for a first role.")
		enjoy = "I am interested in "
	}
	parts = append(parts, enjoy+pick(r, famDoing[f])+".")
	if core := w.coreSkills(p, f); len(core) >= 3 {
		parts = append(parts, "Core skills: "+w.skills.names[core[0]]+", "+w.skills.names[core[1]]+
			" and "+w.skills.names[core[2]]+".")
	}
	if chance(r, 60) {
		parts = append(parts, pick(r, summaryClosers))
	}
	return strings.Join(parts, " ")
}

// coreSkills returns the skills a summary names for line of work f, in
// the person's order: those of the line first, then the generic ones,
// then those of running a business; not the skills of a former career.
func (w *World) coreSkills(p *Person, f family) []SkillID {
	out := make([]SkillID, 0, 3)
	for _, pool := range [][]SkillID{w.skills.byFamily[f], w.skills.generic, w.skills.byFamily[famGeneral]} {
		for _, s := range p.Skills {
			if len(out) == 3 {
				return out
			}
			if slices.Contains(pool, s) && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
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

// headline derives the one-line headline under a person's name as of
// the world's clock. It follows the current role; a student's is one
// only while they study and hold no role.
func (w *World) headline(r *rand.Rand, p *Person, f family) string {
	job, working := p.CurrentJob()
	if !working {
		switch {
		case w.retiredNow(p):
			return "Retired " + w.titles.titles[p.Jobs[0].Title].Name
		case w.studying(p):
			return "Student at " + w.schools.universities[p.Education[0].University].Name
		case len(p.Jobs) > 0 && chance(r, 60):
			return w.titles.titles[p.Jobs[0].Title].Name + " | Open to new opportunities"
		case len(p.Jobs) == 0 && len(p.Education) > 0 && int(p.Education[0].End)+3 >= w.month.Year():
			return w.schools.fields[p.Education[0].Field] + " graduate looking for a first role"
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
	doing := pick(r, famDoing[f])
	return strings.ToUpper(doing[:1]) + doing[1:]
}
