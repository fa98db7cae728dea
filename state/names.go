package state

import (
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A row that names a person only by name and company is found by a
// people search. The journal keeps every search's outcome, keyed by what
// was searched for (the name, company, place and title, folded), so that a
// resumed or repeated run never searches twice for the same row: the
// search quota is spent once.

var bucketNameSearches = []byte("name-searches")

// NameStatus is the outcome of a search by name.
type NameStatus string

// The outcomes of a search by name.
const (
	NameMatched   NameStatus = "matched"   // exactly one candidate agrees: UID
	NameAmbiguous NameStatus = "ambiguous" // several agree (Candidates), or more came than were seen
	NameNone      NameStatus = "none"      // nobody agrees
	// NameSuppressed: the one who agrees asked to be forgotten
	// (Journal.Forget); who they are is not kept.
	NameSuppressed NameStatus = "suppressed"
)

// NameSearch is the outcome of the searches made for one row's person.
type NameSearch struct {
	Status NameStatus `json:"status"`
	UID    string     `json:"uid,omitempty"` // the person matched
	// Agreed says what agreed with the row, for the output: "name,
	// company, location".
	Agreed string `json:"agreed,omitempty"`
	Moved  bool   `json:"moved,omitempty"` // matched through a company the person left
	// Confidence is how sure the match is: "high" (name and company as
	// written), "medium" (through a near miss that a place or title backs).
	Confidence string `json:"confidence,omitempty"`
	// Score says how sure a match is as a number from 0 to 100, the sum
	// of the points of what agreed and disagreed held within its
	// confidence's band (docs/finding-by-name.md, "How sure: the score").
	// 0 is unknown: a search journaled before scores were kept, which is
	// not scored again (its candidates are not kept whole).
	Score int `json:"score,omitempty"`
	// Reason says why a row is not matched, for its error column.
	Reason string `json:"reason,omitempty"`
	// Candidates are the people whose name and company agree (for an
	// ambiguous row, the ones to choose from).
	Candidates []NameCandidate `json:"candidates,omitempty"`
	Total      int64           `json:"total"`    // people the last search reported
	Queries    int             `json:"queries"`  // searches made
	Profiles   int             `json:"profiles"` // profiles they returned
	At         time.Time       `json:"at"`
}

// The confidence of a match (NameSearch.Confidence).
const (
	// ConfidenceHigh: name and company agree as written and nothing on
	// the row disagrees.
	ConfidenceHigh = "high"
	// ConfidenceMedium: name or company agree only through a near miss
	// (a nickname, a spelling, a short brand), and a place or title on
	// the row agrees too.
	ConfidenceMedium = "medium"
)

// AgreedPastCompany is what agreed, in NameSearch.Agreed, for a person
// matched at a company they left.
const AgreedPastCompany = "past company"

// NameCandidate is a person a search by name returned.
type NameCandidate struct {
	UID      string `json:"uid"`
	Name     string `json:"name"`
	Title    string `json:"title,omitempty"`
	Company  string `json:"company,omitempty"`
	Location string `json:"location,omitempty"`
	Moved    bool   `json:"moved,omitempty"` // the row's company is a past one of theirs
	// Why says what of the row they agree with only through a near miss,
	// and what disagrees: what a person deciding reads.
	Why string `json:"why,omitempty"`
	// Score is how sure it would be that they are the row's person, as
	// NameSearch.Score, held below the medium floor when they are not
	// matched; 0 is unknown (journaled before scores were kept).
	Score int `json:"score,omitempty"`
}

// PutNameSearch records the outcome of the searches for key.
// Whoever is on the suppression list is left out of it (Suppression.Filter).
func (j *Journal) PutNameSearch(key string, s NameSearch) error {
	return j.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketNameSearches)
		if err != nil {
			return err
		}
		return putJSON(b, []byte(key), suppressionIn(tx).Filter(s))
	})
}

// NameSearch returns the outcome recorded for key, and whether there is
// one. A record that cannot be read is none: the row is searched again.
func (r *Reader) NameSearch(key string) (NameSearch, bool) {
	b := r.tx.Bucket(bucketNameSearches)
	if b == nil {
		return NameSearch{}, false
	}
	v := b.Get([]byte(key))
	if v == nil {
		return NameSearch{}, false
	}
	var s NameSearch
	if err := json.Unmarshal(v, &s); err != nil {
		return NameSearch{}, false
	}
	return s, true
}
