package export

import (
	"fmt"
	"strings"

	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/state"
)

// ParseMinConfidence reads --min-confidence, how sure a match by name
// must be to be a match: medium (the default, as the search decides:
// name and company as written, or through a near miss that a place or
// title backs) or high (as written only). It refuses high beside
// --fill-confidence medium, which would fill only rows high does not
// match.
func ParseMinConfidence(s string, f fill.Rules) (string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", state.ConfidenceMedium:
		return state.ConfidenceMedium, nil
	case state.ConfidenceHigh:
		if f.Medium {
			return "", fmt.Errorf("--fill-confidence medium fills the rows matched with medium confidence, which --min-confidence high does not match: leave one out")
		}
		return state.ConfidenceHigh, nil
	}
	return "", fmt.Errorf("--min-confidence %q: use medium (the default: a near miss that a place or title backs is a match) or high (name and company as written only)", s)
}

// trust holds the search of a row to the least confidence the user
// trusts (Config.MinConfidence): under high, a match of medium confidence
// is no match but the proposal of its one candidate, for a person to
// decide. Only the export changes: the journal keeps the search as it
// was made, so that an export with another setting matches the row again
// and searches nothing.
func (n *named) trust(least string) {
	s := &n.search
	if least != state.ConfidenceHigh || s.Status != state.NameMatched || s.Confidence != state.ConfidenceMedium {
		return
	}
	s.Status = state.NameAmbiguous
	why := "medium confidence"
	if s.Score > 0 {
		why += fmt.Sprintf(" (score %d)", s.Score)
	}
	why += " is below --min-confidence high"
	if s.Agreed != "" {
		why += ": " + s.Agreed + " agree"
	}
	s.Reason = "one person of this name at this company, not matched: " + why + "; see the candidates sheet"
	if len(s.Candidates) == 0 && s.UID != "" {
		// An output written without the journal knows the uid alone.
		s.Candidates = []state.NameCandidate{{UID: s.UID, Score: s.Score}}
	}
}
