package export

import (
	"errors"
	"strings"
	"sync"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/report"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// ErrUnsettled stops an export made for a run (FromRun.Settle) at the first
// row whose outcome the run could still change: nothing is written, and
// the run reads its input into its model.
var ErrUnsettled = errors.New("the journal does not settle every row")

// Settled is what a run learns of its input from an export that writes
// its output straight from the journal's answers (FromRun.Settle), when
// they settle every row: nothing to send, look up again nor search, so
// that the run has no model to build and reads its input once.
//
// A row is settled when its outcome is final (found, found nobody, or an
// identifier that is invalid or missing) and no search by name takes part
// in it; a run that finds by name settles only the rows its identifiers
// found.
type Settled struct {
	// ByName says the run finds by name (Config.FindByName): a row whose
	// identifiers found nobody, and that names a person, waits on its
	// search.
	ByName bool

	table   *answerTable // its entries say which identifiers rows named
	mu      sync.Mutex
	unknown map[string]struct{} // identifiers named that the journal has no answer for
}

// start readies s for the answers of table t.
func (s *Settled) start(t *answerTable) {
	s.table = t
	s.unknown = make(map[string]struct{})
}

// Lookups returns the number of distinct identifiers the rows name, as a
// run's model counts them.
func (s *Settled) Lookups() int {
	n := len(s.unknown)
	for i := range s.table.entries {
		if s.table.entries[i].named() != 0 {
			n++
		}
	}
	return n
}

// MatchRates counts, for each identifier kind, the identifiers the rows
// name that the journal answers, and those that found the person.
func (s *Settled) MatchRates(rates map[string]report.KindMatch) {
	for i := range s.table.entries {
		k, phase := s.table.entries[i].named(), s.table.entries[i].phase()
		if k == 0 || (phase != state.Found && phase != state.NotFound) {
			continue
		}
		kind := ident.Kind(k - 1).String()
		km := rates[kind]
		km.Tried++
		if phase == state.Found {
			km.Found++
		}
		km.Rate = float64(km.Found) / float64(km.Tried)
		rates[kind] = km
	}
}

// count counts an identifier a row names, and the journal's answer to it
// (ok false: none).
func (s *Settled) count(id ident.ID, a answer, ok bool) {
	if ok {
		a.entry.name(id.Kind)
		return
	}
	s.mu.Lock()
	if _, ok := s.unknown[id.Value]; !ok {
		s.unknown[strings.Clone(id.Value)] = struct{}{} // not the row's line, which the value may share
	}
	s.mu.Unlock()
}

// settles reports whether a row's outcome is settled; outcome counted
// its identifiers.
func (x *Exporter) settles(r *journalScan, row sheet.Row, out *sinks.Outcome) bool {
	s := x.settle
	switch out.Status {
	case sinks.StatusSuccess, sinks.StatusNotFound, sinks.StatusInvalidIdentifier, sinks.StatusNoIdentifier, sinks.StatusSuppressed:
	default:
		return false
	}
	if out.FoundBy == sinks.FoundByName || out.FoundBy == sinks.FoundByChosen {
		return false // the run's report tells how its rows were found by name
	}
	if len(x.people) == 0 {
		return true
	}
	if len(row.IDs) > 0 {
		// A row found nobody by its identifiers: one that names a person
		// waits on its name being read, and searched.
		return out.Status != sinks.StatusNotFound || !s.ByName || !sources.Names(x.people, row.Cells)
	}
	// A row with no valid identifier that names a person: searched, or
	// found by the search of an earlier run that found by name.
	p := sources.PersonOf(x.people, row.Cells)
	key, ok := match.Key(p)
	if !p.Named() || !ok {
		return true
	}
	if s.ByName {
		return false
	}
	_, searched := r.NameSearch(key)
	return !searched
}
