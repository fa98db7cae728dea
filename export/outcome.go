package export

import (
	"strings"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/runsheet"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// outcome derives a row's status and profile from its identifiers'
// lookups: the first that found the person wins; identifiers that found
// nobody are passed over, as the waterfall did. It reports whether the
// row is an error because its stored result is damaged. places are the
// places of the row's identifiers in the table of answers (placesOf), or
// nil without one.
func (x *Exporter) outcome(r *journalScan, row sheet.Row, places []int32) (sinks.Outcome, bool, error) {
	name := func() *named { return x.nameOf(r, row.Cells, nil, -1) }
	if len(row.IDs) == 0 {
		if nm := name(); nm != nil {
			name = func() *named { return nm }
		} else if len(row.Invalid) > 0 {
			return sinks.Outcome{Status: sinks.StatusInvalidIdentifier, Error: row.Invalid[0].String()}, false, nil
		} else {
			return sinks.Outcome{Status: sinks.StatusNoIdentifier}, false, nil
		}
	}
	lookup := func(i int) (answer, bool, error) {
		if places == nil {
			return x.lookup(r, row.IDs[i].Value)
		}
		if p := places[i]; p >= 0 {
			return x.table.at(p), true, nil
		}
		if x.table.partial {
			return x.lookup(r, row.IDs[i].Value)
		}
		return answer{}, false, nil
	}
	if x.settle != nil {
		// Every identifier of the row counts, not only those its
		// waterfall reaches.
		for i, id := range row.IDs {
			a, ok, err := lookup(i)
			if err != nil {
				return sinks.Outcome{}, false, err
			}
			x.settle.count(id, a, ok)
		}
	}
	return x.decideNamed(r, len(row.IDs), func(i int) (ident.ID, answer, bool, error) {
		a, ok, err := lookup(i)
		return row.IDs[i], a, ok, err
	}, name, func(uid ident.ID) (ident.ID, answer, bool, error) {
		a, ok, err := x.lookup(r, uid.Value)
		return uid, a, ok, err
	})
}

// decideNamed is decide for a row whose waterfall may end with the person
// its name and company found: when its n identifiers all found nobody,
// name gives that last step (nil: none), and the uid of the person a
// search matched, or a person chose among its candidates, is decided with
// atUID. The name step is read only then: a row found by an identifier
// costs nothing more.
func (x *Exporter) decideNamed(r *journalScan, n int, at func(i int) (ident.ID, answer, bool, error), name func() *named, atUID func(ident.ID) (ident.ID, answer, bool, error)) (sinks.Outcome, bool, error) {
	out, damaged, err := x.decide(r, n, at)
	if err != nil || out.Status != sinks.StatusNotFound {
		return out, damaged, err
	}
	nm := name()
	if nm == nil {
		return out, damaged, nil
	}
	if nm.chosen != "" {
		return x.decideChosen(r, nm, out.Identifier, atUID)
	}
	uid, matched := nm.matchedID()
	if !matched {
		o := nm.unmatched(out.Identifier)
		if !nm.searched && x.unsearched != "" {
			o.Error = x.unsearched
		}
		return o, false, nil
	}
	out, damaged, err = x.decide(r, 1, func(int) (ident.ID, answer, bool, error) { return atUID(uid) })
	if err != nil || out.Status != sinks.StatusSuccess {
		return out, damaged, err
	}
	if !nm.agrees(out.Profile) {
		return sinks.Outcome{Status: sinks.StatusNotFound, Identifier: uid.Value, Error: reasonOtherName}, damaged, nil
	}
	out.FoundBy, out.Match, out.Confidence, out.Score = sinks.FoundByName, nm.search.Agreed, nm.search.Confidence, nm.search.Score
	return out, damaged, nil
}

// knownOutcome is outcome for a row, at place ri of the
// run's model (-1: a row without a valid identifier). A lookup the run
// found answered in the journal and has not touched since is answered
// from the model; the others are read from the journal.
func (x *Exporter) knownOutcome(r *journalScan, m *runsheet.Sheet, ri int32, row sheet.Row) (sinks.Outcome, bool, error) {
	if ri < 0 {
		if reason, ok := m.InvalidRows[int32(row.Num)]; ok {
			return sinks.Outcome{Status: sinks.StatusInvalidIdentifier, Error: reason}, false, nil
		}
		return sinks.Outcome{Status: sinks.StatusNoIdentifier}, false, nil
	}
	ids := m.LookupsOf(ri)
	name := func() *named { return x.nameOf(r, row.Cells, m, ri) }
	if len(ids) == 0 {
		nm := name()
		if nm == nil {
			return x.knownOutcome(r, m, -1, row) // a row found only by name, with finding by name off
		}
		name = func() *named { return nm }
	}
	atLookup := func(li int32) (ident.ID, answer, bool, error) {
		l := &m.Lookups[li]
		id := ident.ID{Kind: l.Kind, Value: l.ID}
		if l.Settled && (l.Phase == state.Found || l.Phase == state.NotFound || l.Phase == state.Suppressed) {
			return id, answer{phase: l.Phase, result: l.Result, redone: l.Redone}, true, nil
		}
		a, ok, err := x.lookup(r, l.ID)
		return id, a, ok, err
	}
	return x.decideNamed(r, len(ids), func(i int) (ident.ID, answer, bool, error) {
		return atLookup(ids[i])
	}, name, func(uid ident.ID) (ident.ID, answer, bool, error) {
		if li, ok := m.Find(uid.Value); ok {
			return atLookup(li)
		}
		a, ok, err := x.lookup(r, uid.Value)
		return uid, a, ok, err
	})
}

// decide decides a row from its n identifiers on the waterfall; at(i)
// gives the i-th and what the journal says of it (ok false: nothing yet).
// A result the run kept beside the output, when the journal could not
// store it, answers an identifier the journal has no final answer for.
// It reports whether the row's stored result is unusable, for the redo.
func (x *Exporter) decide(r *journalScan, n int, at func(i int) (ident.ID, answer, bool, error)) (sinks.Outcome, bool, error) {
	var (
		id   ident.ID
		a    answer
		kept *sinks.Outcome // the person a kept result shows
		err  error
	)
	i, phase := runsheet.Waterfall(n, func(i int) state.Phase {
		var ok bool
		if id, a, ok, err = at(i); err != nil {
			return state.Failed // stops the waterfall; err is returned
		}
		kept = nil
		if !ok || !a.phase.Final() {
			switch res, found := x.kept.answer(id.Value); {
			case found && res.Status == wire.StatusFailed:
				return state.NotFound
			case found && res.Status == wire.StatusSuccess && res.Problem() == "":
				if s := x.decode(res); sameIdentifier(id, s.item) {
					kept = &sinks.Outcome{Status: sinks.StatusSuccess, Identifier: id.Value, FoundBy: id.Kind.String(), Profile: s.record(), Candidate: s.candidate}
					return state.Found
				}
			}
		}
		switch {
		case !ok && x.suppression.Suppressed(id.Kind, id.Value):
			return state.Suppressed
		case (!ok || a.phase == state.Queued) && x.vouched(r, id, i, n, at):
			return state.NotFound // passed over: a later identifier found the person it names
		case !ok:
			return state.Queued
		}
		return a.phase
	})
	switch {
	case err != nil:
		return sinks.Outcome{}, false, err
	case i < 0:
		return sinks.Outcome{Status: sinks.StatusNotFound, Identifier: id.Value}, false, nil
	case kept != nil:
		return *kept, false, nil
	}
	switch phase {
	case state.Found:
		s, same := x.found(r, id, a)
		reason := ""
		switch {
		case s.gone:
			reason = reasonJournalGone
		case !same && a.redone:
			reason = reasonUnusableAgain
		case s.damaged:
			reason = reasonDamaged
		case !same:
			reason = reasonMismatch
		}
		if reason != "" {
			return sinks.Outcome{Status: sinks.StatusError, Identifier: id.Value, Error: reason}, true, nil
		}
		out := sinks.Outcome{Status: sinks.StatusSuccess, Identifier: id.Value, FoundBy: id.Kind.String(), Profile: s.record(), Cells: s.cells(), Candidate: s.candidate}
		if x.refresh {
			x.refreshed(r, id, a, &out)
		}
		return out, false, nil
	case state.Failed:
		return sinks.Outcome{Status: sinks.StatusError, Identifier: id.Value, Error: a.reason}, false, nil
	case state.CreditsOver:
		return sinks.Outcome{Status: sinks.StatusCreditsExhausted, Identifier: id.Value}, false, nil
	case state.Suppressed:
		return sinks.Outcome{Status: sinks.StatusSuppressed, Identifier: id.Value, Error: reasonSuppressed}, false, nil
	}
	if x.creditsOut {
		return sinks.Outcome{Status: sinks.StatusCreditsExhausted, Identifier: id.Value}, false, nil
	}
	return sinks.Outcome{Status: sinks.StatusPending, Identifier: id.Value}, false, nil
}

// vouched reports whether the identifier id, the i-th of a row's n,
// which the journal has no answer for, is listed by the profile a later
// identifier of the row found (profile.Record.Lists): the row is that
// person's, and id is not looked up for it (an e-mail a fill wrote back
// from the profile its phone found). The run's model decides so too
// (runsheet.Sheet.Vouched).
func (x *Exporter) vouched(r *journalScan, id ident.ID, i, n int, at func(i int) (ident.ID, answer, bool, error)) bool {
	for k := i + 1; k < n; k++ {
		later, a, ok, err := at(k)
		if err != nil || !ok || a.phase != state.Found {
			continue
		}
		if s, same := x.found(r, later, a); same && s.record() != nil && s.record().Lists(id) {
			return true
		}
	}
	return false
}

// refreshed fills a refresh run's columns: when the answer shown came,
// and what changed since the previous one, if a refresh kept one that
// answers the same identifier.
func (x *Exporter) refreshed(r *journalScan, id ident.ID, a answer, out *sinks.Outcome) {
	out.Extra = map[string]string{ColumnCheckedAt: a.updated.UTC().Format(time.RFC3339)}
	if a.previous == 0 {
		return
	}
	prev := x.result(r, a.previous)
	rec := prev.record()
	if prev.damaged || rec == nil || !sameIdentifier(id, prev.item) {
		return
	}
	out.Extra[ColumnChanged] = strings.Join(changed(rec, out.Profile), "; ")
	out.Extra[ColumnPreviousCompany] = rec.Company
	out.Extra[ColumnPreviousTitle] = rec.Title
	out.Previous = prev.candidate
}

// found returns the stored result a found for id, and whether it answers
// id; from a table of answers, read once for the identifier when it does
// (while the table holds no more than maxHeldBytes of profiles: past it,
// they are the cache's to keep or forget).
func (x *Exporter) found(r *journalScan, id ident.ID, a answer) (storedResult, bool) {
	if a.entry != nil {
		if held := a.entry.found.Load(); held != nil {
			return storedResult{item: id.Value, held: held}, true
		}
	}
	s := x.result(r, a.result)
	same := !s.damaged && x.answers(a.result, id, s)
	if a.entry != nil && same && s.held != nil && !x.jsonl && x.table.hold(s.held) {
		a.entry.found.CompareAndSwap(nil, s.held)
	}
	return s, same
}

// answers reports whether the stored result s, of id result, answers the
// identifier id (sameIdentifier), and remembers it with the cached result:
// the rows that name a person again compare two strings.
func (x *Exporter) answers(result uint64, id ident.ID, s storedResult) bool {
	if s.item == id.Value || s.answers == id.Value {
		return true
	}
	if !sameIdentifier(id, s.item) {
		return false
	}
	x.mu.Lock()
	if c, ok := x.profiles[result]; ok {
		c.answers = strings.Clone(id.Value) // not the row's line, which it may share
		x.profiles[result] = c
	}
	x.mu.Unlock()
	return true
}

// sameIdentifier reports whether a stored result's item is the identifier
// the row submitted: the same normalized value, however the service
// echoed it.
func sameIdentifier(id ident.ID, item string) bool {
	if item == id.Value {
		return true
	}
	v, err := ident.Normalize(id.Kind, item, "")
	return err == nil && v == id.Value
}
