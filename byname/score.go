package byname

import (
	"slices"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/state"
)

// How sure a match by name is, as a number from 0 to 100 (enrich_score;
// docs/finding-by-name.md, "How sure: the score"): the points of what
// agreed with the row and of what disagreed, added up, then held within
// the band of what the search decided. The decision is a rule of
// conditions (a near miss needs a place or title beside it; anything
// against proposes), which no sum of points can follow in every case: the
// band makes the number and the confidence always tell one story, and the
// points place a person within it.

// The bands of the score, by what the search decided of a person.
const (
	// HighFloor is the least score of a match of high confidence: high
	// matches score HighFloor to 100.
	HighFloor = 80
	// MediumFloor is the least score of a match of medium confidence
	// (MediumFloor to HighFloor-1); a person not matched (proposed, or
	// one of several to choose from) scores 1 to MediumFloor-1.
	MediumFloor = 50
)

// Standing is what the settled search knows of a candidate besides the
// verdict of its judgement.
type Standing struct {
	// Alone says nobody else the search found agrees with the row, and
	// the search showed everyone it found.
	Alone bool
	// NameHidden says the profile hides the name: it agrees only through
	// the search having found the row's family name in it.
	NameHidden bool
	// Matched says the search matched them: the row's person.
	Matched bool
}

// point is one line of the score's table: what agrees or disagrees, as
// docs/finding-by-name.md words it, its points, and how many times it
// counts for a verdict (0 when it does not).
type point struct {
	what   string
	points int
	times  func(v match.Verdict, s Standing) int
}

// points is the score's table, in the order of the docs' table; a test
// holds the two the same.
var points = []point{
	{"name as written", 45, func(v match.Verdict, s Standing) int { return count(len(v.NameNear) == 0 && !s.NameHidden) }},
	{"name through a near miss", 20, func(v match.Verdict, s Standing) int {
		return count(len(v.NameNear) > 0 && !s.NameHidden)
	}},
	{"name hidden by the profile", 10, func(v match.Verdict, s Standing) int { return count(s.NameHidden) }},
	{"company as written, current", 35, func(v match.Verdict, s Standing) int { return count(v.CompanyNear == "" && !v.Moved) }},
	{"company as written, one they left", 30, func(v match.Verdict, s Standing) int { return count(v.CompanyNear == "" && v.Moved) }},
	{"company through a near miss", 10, func(v match.Verdict, s Standing) int {
		return count(v.CompanyNear != "")
	}},
	{"nobody else the search found agrees", 10, func(v match.Verdict, s Standing) int { return count(s.Alone) }},
	{"place agrees", 10, func(v match.Verdict, s Standing) int { return count(v.Location) }},
	{"title agrees", 10, func(v match.Verdict, s Standing) int { return count(v.Title) }},
	{"title agrees only as a post", 5, func(v match.Verdict, s Standing) int { return count(v.Post) }},
	{"each city, state or title against", -55, func(v match.Verdict, s Standing) int { return len(v.Against) }},
	{"a near miss that no place or title backs", -25, func(v match.Verdict, s Standing) int {
		return count((v.Near() || s.NameHidden) && !v.Corroborated())
	}},
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Score is how sure it is that a candidate is the row's person, from the
// verdict of their judgement and their standing in the search: the sum of
// the points (the table above), held within the band of the decision. A
// match of high confidence (name and company as written) scores HighFloor
// to 100; one of medium confidence (through a near miss), MediumFloor to
// HighFloor-1; a person not matched, 1 to MediumFloor-1, never 0, which
// the journal keeps for a score unknown. A candidate whose name or company
// does not agree, or whom the row rules out (a country), scores 0.
func Score(v match.Verdict, s Standing) int {
	if !v.Agrees || v.Refused != "" {
		return 0
	}
	sum := 0
	for _, p := range points {
		sum += p.points * p.times(v, s)
	}
	lo, hi := 1, MediumFloor-1
	switch {
	case s.Matched && (v.Near() || s.NameHidden):
		lo, hi = MediumFloor, HighFloor-1
	case s.Matched:
		lo, hi = HighFloor, 100
	}
	return min(max(sum, lo), hi)
}

// scoreOutcome scores the outcome of the search that decides a row: each
// of its candidates by their verdict in res, and the row by the person
// matched, if any.
func scoreOutcome(out *state.NameSearch, res result) {
	ch := res.choice
	for k := range out.Candidates {
		i := slices.IndexFunc(res.page.Profiles, func(sp wire.SearchProfile) bool { return sp.UID == out.Candidates[k].UID })
		if i < 0 {
			continue
		}
		s := Standing{
			Alone: res.complete() && len(ch.Agreeing) == 1 && ch.Agreeing[0] == i,
			// A profile that hides its name agrees with the row only as
			// NameHidden (byname.go, search).
			NameHidden: res.page.Profiles[i].FullName == "",
			Matched:    out.Status == state.NameMatched && i == ch.Index,
		}
		out.Candidates[k].Score = Score(ch.Verdicts[i], s)
		if s.Matched {
			out.Score = out.Candidates[k].Score
		}
	}
}
