package runsheet

import (
	"strings"
	"sync"
	"time"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/state"
)

// UnreadName is the Row.Name of a row that has identifiers and names a
// person too: the person is read from the input again (SetPerson) only
// if its identifiers all find nobody, so that a sheet of identifiers does
// not pay for reading names at all.
const UnreadName = -1

// name interns the person a row names by name and company, and returns
// 1 + its index, or 0 when the row does not name one that can be searched.
func (m *Sheet) name(p sheet.Person) int32 {
	if !p.Named() {
		return 0
	}
	key, ok := match.Key(p)
	if !ok {
		return 0
	}
	if i, ok := m.NameIndex[key]; ok {
		return i + 1
	}
	i := int32(len(m.Names))
	// Copies: the cells may share the memory of their whole input line.
	p = sheet.Person{Name: strings.Clone(p.Name), First: strings.Clone(p.First), Last: strings.Clone(p.Last),
		Company: strings.Clone(p.Company), Location: strings.Clone(p.Location), Title: strings.Clone(p.Title)}
	m.Names = append(m.Names, Name{Key: key, Person: p, Lookup: -1})
	m.NameIndex[key] = i
	return i + 1
}

// SetPerson gives row r, whose person was left unread, the person the
// input names in it, and returns the name's index, or -1 when the row
// names none that can be searched. A name new to the model has no outcome
// yet: ReadNamesOf reads what the journal holds of it.
func (m *Sheet) SetPerson(r int32, p sheet.Person) int32 {
	m.Rows[r].Name = m.name(p)
	return m.Rows[r].Name - 1
}

// addedIndex holds the lookups interned after the model was sealed.
type addedIndex struct {
	mu  sync.RWMutex
	ids map[string]int32
}

// Seal ends the reading of the model: identifiers interned from now on
// (the uids searches find) go apart from the index, so that Has may be called
// concurrently with the run.
func (m *Sheet) Seal() { m.sealed = true }

// Find returns the lookup of an identifier.
func (m *Sheet) Find(id string) (int32, bool) {
	if i, ok := m.index.find(m.Lookups, id); ok {
		return i, true
	}
	if !m.sealed {
		return 0, false
	}
	m.added.mu.RLock()
	defer m.added.mu.RUnlock()
	i, ok := m.added.ids[id]
	return i, ok
}

// Matched records the outcome of a name's search: a person matched
// becomes a lookup of their uid (one the sheet may already name), but
// one of medium confidence where HighOnly is set. It returns that lookup,
// or -1.
func (m *Sheet) Matched(n int32, s state.NameSearch) int32 {
	nm := &m.Names[n]
	nm.Status, nm.Queued = s.Status, false
	nm.Medium, nm.Score = s.Confidence == state.ConfidenceMedium, uint8(min(max(s.Score, 0), 100))
	if s.Status != state.NameMatched || nm.Medium && m.HighOnly {
		nm.Lookup = -1
		return -1
	}
	before := len(m.Lookups)
	nm.Lookup = m.intern(ident.ID{Kind: ident.UID, Value: s.UID})
	if int(nm.Lookup) >= before {
		m.Lookups[nm.Lookup].Searched = true
	}
	return nm.Lookup
}

// ReadLookup sets lookup li from the journal's record of it, if any: a uid
// a search found may have been looked up before, by another sheet or
// another name, and its answer is the journal's, not a new one. cutoff is
// the refresh's, as for ReadJournal.
func (m *Sheet) ReadLookup(j *state.Journal, mode state.Mode, cutoff time.Time, li int32) error {
	return j.View(func(r *state.Reader) error {
		l, ok, err := r.Lookup(mode, m.Lookups[li].ID)
		if err == nil && ok {
			m.setter(cutoff)(li, l)
		}
		m.suppress(li)
		return err
	})
}

// ReadNames sets every name's outcome from the journal's searches, and
// reads the lookups of the uids they matched.
func (m *Sheet) ReadNames(j *state.Journal, mode state.Mode, set func(i int32, l state.Lookup)) error {
	names := make([]int32, len(m.Names))
	for i := range names {
		names[i] = int32(i)
	}
	return m.readNames(j, mode, names, set)
}

// ReadNamesOf is ReadNames for the names given, new to the model (see
// SetPerson); cutoff is the refresh's, as for ReadJournal.
func (m *Sheet) ReadNamesOf(j *state.Journal, mode state.Mode, cutoff time.Time, names []int32) error {
	return m.readNames(j, mode, names, m.setter(cutoff))
}

func (m *Sheet) readNames(j *state.Journal, mode state.Mode, names []int32, set func(i int32, l state.Lookup)) error {
	if len(names) == 0 {
		return nil
	}
	return j.View(func(r *state.Reader) error {
		for _, i := range names {
			if m.Names[i].Status != "" {
				continue
			}
			s, ok := r.NameSearch(m.Names[i].Key)
			if !ok {
				continue
			}
			li := m.Matched(i, s)
			if li < 0 {
				continue
			}
			l, ok, err := r.Lookup(mode, m.Lookups[li].ID)
			if err != nil {
				return err
			}
			if ok {
				set(li, l)
			}
			m.suppress(li)
		}
		return nil
	})
}
