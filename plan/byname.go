package plan

import (
	"fmt"
	"io"
	"strings"

	"github.com/enrich-dev/enrich/byname"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// nameCount counts the searches by name a run would make.
type nameCount struct {
	on       bool
	searched func(string) bool
	// certain holds the names of rows without an identifier, by key;
	// maybe counts the rows with one: a run reads their persons only when
	// the identifiers find nobody, and the plan, which may read a million
	// of them, not at all.
	certain map[string]bool
	maybe   int
	people  []sources.PersonColumn
}

// startByName shows the person columns and starts counting the searches,
// when finding by name is on and the sheet has both a name and a company.
func (p *Plan) startByName(t *sources.Table, opts Options) *nameCount {
	n := &nameCount{searched: opts.Searched, certain: map[string]bool{}, people: t.People()}
	for _, c := range t.People() {
		p.People = append(p.People, PersonColumn{PersonColumn: c, Samples: []string{}})
	}
	p.nameAndCompany = t.FindsByName()
	n.on = opts.ByName && p.nameAndCompany
	if n.on {
		p.ByName = &ByName{}
	}
	return n
}

// add counts a row's person, and keeps samples of the person columns.
func (n *nameCount) add(p *Plan, row sources.Row) {
	for i := range p.People {
		c := &p.People[i]
		if len(c.Samples) < planSamples && c.Index < len(row.Cells) {
			if v := strings.TrimSpace(row.Cells[c.Index]); v != "" {
				c.Samples = append(c.Samples, v)
			}
		}
	}
	if !n.on || !sources.Names(n.people, row.Cells) {
		return
	}
	if len(row.IDs) > 0 {
		p.ByName.Rows++
		n.maybe++
		return
	}
	key, ok := match.Key(sources.PersonOf(n.people, row.Cells))
	if !ok {
		return
	}
	p.ByName.Rows++
	p.ByName.RowsWithout++
	n.certain[key] = true
}

// finish counts the distinct searches, and those the journal holds.
func (n *nameCount) finish(p *Plan) {
	if !n.on {
		return
	}
	b := p.ByName
	b.Certain = len(n.certain)
	b.Searches = b.Certain + n.maybe
	if n.searched != nil {
		b.Searched = new(int)
		for key := range n.certain {
			if n.searched(key) {
				*b.Searched++
			}
		}
	}
}

// writeByName writes the person columns and the searches.
func (p *Plan) writeByName(w io.Writer) {
	if len(p.People) == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Person columns (to find rows without an identifier by name and company)")
	for _, c := range p.People {
		samples := make([]string, len(c.Samples))
		for i, s := range c.Samples {
			samples[i] = fmt.Sprintf("%q", ellipsis(s, 40))
		}
		fmt.Fprintf(w, "  %-10s %-24q by %-8s %s\n", c.Field, c.Name, c.By, strings.Join(samples, ", "))
	}
	for _, c := range p.People {
		if c.By == sheet.ByPairing {
			fmt.Fprintf(w, "  %q is read as the %s: it stands beside the other half of the name, as German, French, Dutch, Italian, Spanish, Portuguese, Polish and Nordic exports write it; --column name=%q reads it as the whole name.\n",
				c.Name, strings.ReplaceAll(string(c.Field), "_", " "), c.Header)
		}
	}
	b := p.ByName
	if b == nil {
		if p.nameAndCompany {
			fmt.Fprintln(w, "  Finding by name is off (--find-by-name off).")
		} else {
			fmt.Fprintln(w, "  Finding by name needs a name (or first and last name) and a company column; name them with --column name=HEADER, company=HEADER.")
		}
		return
	}
	fmt.Fprintf(w, "  %s rows name a person by name and company; %s of them have no valid identifier.\n", thousands(b.Rows), thousands(b.RowsWithout))
	fmt.Fprintf(w, "  Searches: %s for the rows without an identifier", thousands(b.Certain))
	if b.Searched != nil {
		fmt.Fprintf(w, " (%s already in the journal)", thousands(*b.Searched))
	}
	fmt.Fprintf(w, ", up to %s if every identifier finds nobody", thousands(b.Searches))
	fmt.Fprintln(w, ".")
	fmt.Fprintf(w, "  Each row takes one search of the daily search quota (a name crowded at its company, up to three; a row nobody agrees with, up to two more)\n  and each search returns up to %d profiles against the daily profile quota; 3 run at a time.\n", byname.PageSize)
}

// SearchedIn returns Options.Searched over a journal: whether it holds a
// search by name.
func SearchedIn(j *state.Journal) func(key string) bool {
	return func(key string) bool {
		found := false
		_ = j.View(func(r *state.Reader) error {
			_, found = r.NameSearch(key)
			return nil
		})
		return found
	}
}
