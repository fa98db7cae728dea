package export

import (
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// named is the last step of a row's waterfall: the search for the person
// its name and company give.
type named struct {
	person   sheet.Person
	search   state.NameSearch
	searched bool  // the journal holds the search's outcome
	lookup   int32 // with a model: the matched uid's lookup, or -1
	// chosen is the uid of the person a person chose among the search's
	// candidates ("" when none was); kept says the journal keeps the
	// choice (Choices).
	chosen string
	kept   bool
}

// nameOf returns the name step of a row that names a person (nil when it
// names none, or finding by name is off), with the journal's outcome of
// its search. Without a journal to read, the model's outcome stands. With
// a model, the row is its row ri, whose person is read from its cells only
// when the model left it unread.
func (x *Exporter) nameOf(r *journalScan, cells []string, m *runsheet.Sheet, ri int32) *named {
	if !x.byName {
		return nil
	}
	n := &named{lookup: -1}
	if m != nil && ri >= 0 && m.Rows[ri].Name != runsheet.UnreadName {
		if m.Rows[ri].Name == 0 {
			return nil
		}
		nm := &m.Names[m.Rows[ri].Name-1]
		n.person, n.lookup = nm.Person, nm.Lookup
		if r.Reader == nil {
			n.search, n.searched = state.NameSearch{Status: nm.Status, Score: int(nm.Score)}, nm.Status != ""
			if nm.Medium {
				n.search.Confidence = state.ConfidenceMedium
			}
			if nm.Lookup >= 0 {
				n.search.UID = m.Lookups[nm.Lookup].ID
			}
			if nm.Status == state.NameChosen { // the run's choice (pipeline)
				n.chosen, n.kept = n.search.UID, true
			}
			n.trust(x.minConfidence)
			return n
		}
		n.search, n.searched = r.NameSearch(nm.Key)
		n.trust(x.minConfidence)
		n.choose(r.choices, nm.Key)
		if n.chosen == "" && nm.Status == state.NameChosen && nm.Lookup >= 0 {
			n.chosen, n.kept = m.Lookups[nm.Lookup].ID, true // the run's choice, kept when it started
		}
		return n
	}
	if !sources.Names(x.people, cells) {
		return nil
	}
	n.person = sources.PersonOf(x.people, cells)
	key, ok := match.Key(n.person)
	if !ok {
		return nil
	}
	if r.Reader != nil {
		n.search, n.searched = r.NameSearch(key)
		n.trust(x.minConfidence)
		n.choose(r.choices, key)
	}
	return n
}

// choose takes the person chosen for the search of key, if any: a choice
// stands only for a search the journal holds.
func (n *named) choose(c *Choices, key string) {
	if uid, kept, ok := c.Of(key); ok && n.searched {
		n.chosen, n.kept = uid, kept
	}
}

// matchedID is the identifier a matched search adds to the waterfall.
func (n *named) matchedID() (ident.ID, bool) {
	if n == nil || !n.searched || n.search.Status != state.NameMatched || n.search.UID == "" {
		return ident.ID{}, false
	}
	return ident.ID{Kind: ident.UID, Value: n.search.UID}, true
}

// agrees reports whether the profile found for the row's name names the
// row's person, by name and by company: the search's brief profiles may
// hide names and employers, and its company filter matches the words of
// a company's name (a search at "Müller GmbH" finds people of "Schneider
// & Müller"), so a profile that turns out to be someone else's is never
// shown. A company given by its web domain was judged against the
// employers' sites the search showed, which the profile does not repeat.
func (n *named) agrees(r *profile.Record) bool {
	return r == nil || match.Agrees(match.RowOf(n.person), r.FullName, r.Employers)
}

// unmatched is the outcome of a row whose identifiers found nobody and
// whose search matched no one (or was not made yet).
func (n *named) unmatched(last string) sinks.Outcome {
	switch {
	case !n.searched:
		return sinks.Outcome{Status: sinks.StatusPending, Identifier: last, Error: "waits for its search by name and company: the next run makes it (the daily search quota may be spent)"}
	case n.search.Status == state.NameAmbiguous && n.search.Reason != "":
		return sinks.Outcome{Status: sinks.StatusAmbiguous, Identifier: last, Error: n.search.Reason}
	case n.search.Status == state.NameAmbiguous:
		return sinks.Outcome{Status: sinks.StatusAmbiguous, Identifier: last, Error: match.Settle(len(n.search.Candidates), n.search.Total, match.RowOf(n.person))}
	case n.search.Status == state.NameSuppressed:
		return sinks.Outcome{Status: sinks.StatusSuppressed, Identifier: last, Error: reasonSuppressed}
	}
	return sinks.Outcome{Status: sinks.StatusNotFound, Identifier: last, Error: n.search.Reason}
}
