package byname

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/state"
)

// scoreDoc is the page whose table of points is the score's.
const scoreDoc = "../docs/finding-by-name.md"

// docPoints reads the table of points of docs/finding-by-name.md ("How
// sure: the score"), in its order.
func docPoints(t *testing.T) []point {
	t.Helper()
	f, err := os.Open(scoreDoc)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []point
	in, table := false, false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## How sure: the score"
		case in && strings.HasPrefix(line, "| what | points |"):
			table = true
		case table && !strings.HasPrefix(line, "|"):
			return out
		case table && !strings.HasPrefix(line, "|---"):
			cells := strings.Split(line, "|")
			n, err := strconv.Atoi(strings.NewReplacer("+", "", "−", "-", " ", "").Replace(cells[2]))
			if err != nil {
				t.Fatalf("%s: %q: points %q: %v", scoreDoc, line, cells[2], err)
			}
			out = append(out, point{what: strings.TrimSpace(cells[1]), points: n})
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s has no table of points under \"## How sure: the score\"", scoreDoc)
	}
	return out
}

// TestScoreTableIsTheDocs: the points a user reads in the docs are the
// points applied, line for line.
func TestScoreTableIsTheDocs(t *testing.T) {
	doc := docPoints(t)
	if len(doc) != len(points) {
		t.Errorf("the docs list %d points, the score applies %d", len(doc), len(points))
	}
	for i := range min(len(doc), len(points)) {
		if doc[i].what != points[i].what || doc[i].points != points[i].points {
			t.Errorf("line %d: the docs say %q %+d, the score applies %q %+d", i+1, doc[i].what, doc[i].points, points[i].what, points[i].points)
		}
	}
}

// verdicts are every verdict of a candidate whose name and company
// agree, with every standing, and whether Choose would match them when
// they are the one left: nothing against, and a near miss backed by a
// place or title.
func verdicts() []struct {
	v       match.Verdict
	s       Standing
	matched bool
} {
	var out []struct {
		v       match.Verdict
		s       Standing
		matched bool
	}
	for name := range 3 { // as written, near, hidden
		for company := range 3 { // current, past, near
			for mask := range 1 << 6 {
				v := match.Verdict{Agrees: true, Moved: company == 1}
				s := Standing{Alone: mask&1 != 0, NameHidden: name == 2}
				switch name {
				case 1:
					v.NameNear = []string{"nickname Bob→Robert"}
				case 2:
					v.NameNear = []string{"name hidden by the profile"}
				}
				if company == 2 {
					v.CompanyNear = "short brand Oakworth for Oakworth Software"
				}
				v.Location = mask&2 != 0
				switch mask >> 2 & 3 { // the title: silent, agrees, a post, against
				case 1:
					v.Title = true
				case 2:
					v.Post = true
				case 3:
					v.Against = append(v.Against, "title Nurse; the row says Engineer")
				}
				if mask&16 != 0 && !v.Location {
					v.Against = append(v.Against, "lives in Hamburg, Germany; the row says Munich")
				}
				if mask&32 != 0 && !v.Location {
					v.Against = append(v.Against, "lives in Texas; the row says Ohio")
				}
				matched := len(v.Against) == 0 && (!v.Near() || v.Corroborated())
				out = append(out, struct {
					v       match.Verdict
					s       Standing
					matched bool
				}{v, s, matched})
			}
		}
	}
	return out
}

// TestScoreBands: every match of high confidence scores HighFloor or
// more, every one of medium confidence MediumFloor to HighFloor-1, every
// person not matched (proposed, or one of several) 1 to MediumFloor-1;
// and within its band a score is the sum of the docs' points, or the
// band's edge that sum passed.
func TestScoreBands(t *testing.T) {
	doc := map[string]int{}
	for _, p := range docPoints(t) {
		doc[p.what] = p.points
	}
	for _, c := range verdicts() {
		for _, matched := range []bool{c.matched, false} {
			s := c.s
			s.Matched = matched
			lo, hi := 1, MediumFloor-1
			switch {
			case matched && c.v.Near():
				lo, hi = MediumFloor, HighFloor-1
			case matched:
				lo, hi = HighFloor, 100
			}
			sum := 0
			for _, p := range points {
				sum += doc[p.what] * p.times(c.v, s)
			}
			got := Score(c.v, s)
			if got < lo || got > hi || got != min(max(sum, lo), hi) {
				t.Errorf("%+v %+v: score %d; want %d (the docs' points add up to %d) within %d to %d", c.v, s, got, min(max(sum, lo), hi), sum, lo, hi)
			}
		}
	}
}

// TestScoreAgainst: anything against lowers the score, and a near miss
// nothing backs lowers it, where the band leaves room.
func TestScoreAgainst(t *testing.T) {
	s := Standing{Alone: true}
	plain := match.Verdict{Agrees: true, Title: true}
	against := match.Verdict{Agrees: true, Title: true, Against: []string{"lives in Hamburg, Germany; the row says Munich"}}
	twice := match.Verdict{Agrees: true, Against: []string{"lives in Hamburg, Germany; the row says Munich", "title Nurse; the row says Engineer"}}
	if a, b, c := Score(plain, s), Score(against, s), Score(twice, s); !(a > b && b > c && c >= 1) {
		t.Errorf("scores %d, %d against one, %d against two; want each lower, and never 0", a, b, c)
	}
	backed := match.Verdict{Agrees: true, NameNear: []string{"nickname Bob→Robert"}, Location: true}
	unbacked := match.Verdict{Agrees: true, NameNear: []string{"nickname Bob→Robert"}}
	if a, b := Score(backed, Standing{Alone: true, Matched: true}), Score(unbacked, Standing{Alone: true}); a-b != 10+25 {
		t.Errorf("a nickname a place backs scores %d, one nothing backs %d; want 35 apart (the place's 10, and 25)", a, b)
	}
	if got := Score(match.Verdict{Agrees: true, Refused: "lives in Germany; the row says Lyon, France"}, s); got != 0 {
		t.Errorf("a person the row rules out scores %d; want 0", got)
	}
}

// page is a searcher that answers every search with the same people.
type page []wire.SearchProfile

func (p page) Search(context.Context, wire.SearchQuery) (wire.SearchPage, api.Meta, error) {
	return wire.SearchPage{Total: int64(len(p)), Profiles: p}, api.Meta{}, nil
}

func person(uid, name, location string, jobs ...string) wire.SearchProfile {
	sp := wire.SearchProfile{UID: uid, FullName: name, Location: location}
	for i := 0; i+1 < len(jobs); i += 2 {
		sp.Experience = append(sp.Experience, wire.Role{Company: jobs[i], Title: jobs[i+1]})
	}
	return sp
}

// TestFindScores: the docs' examples, searched: the score journaled for
// the row and each candidate, with the confidence and status it goes
// with.
func TestFindScores(t *testing.T) {
	jane := person("a1", "Jane Doe", "Austin, Texas, United States", "Oakworth Software", "Software Engineer")
	janeLeft := person("a1", "Jane Doe", "Austin, Texas, United States", "Globex", "Software Engineer", "Oakworth Software", "Software Engineer")
	janeBoston := person("b2", "Jane Doe", "Boston, Massachusetts, United States", "Oakworth Software", "Accountant")
	janeHamburg := person("a1", "Jane Doe", "Hamburg, Germany", "Oakworth Software", "Software Engineer")
	robert := person("r3", "Robert Smith", "Austin, Texas, United States", "Oakworth Software", "Sales Manager")
	for _, tc := range []struct {
		name       string
		row        sheet.Person
		found      page
		status     state.NameStatus
		confidence string
		scores     []int // of the row's candidates, in order
	}{
		{"as written, alone", sheet.Person{Name: "Jane Doe", Company: "Oakworth Software"}, page{jane}, state.NameMatched, state.ConfidenceHigh, []int{90}},
		{"as written, the place agrees", sheet.Person{Name: "Jane Doe", Company: "Oakworth Software", Location: "Austin, TX"}, page{jane}, state.NameMatched, state.ConfidenceHigh, []int{100}},
		{"a company she left", sheet.Person{Name: "Jane Doe", Company: "Oakworth Software"}, page{janeLeft}, state.NameMatched, state.ConfidenceHigh, []int{85}},
		{"namesakes a place tells apart", sheet.Person{Name: "Jane Doe", Company: "Oakworth Software", Location: "Austin, TX"}, page{janeBoston, jane}, state.NameMatched, state.ConfidenceHigh, []int{90}},
		{"a nickname a place backs", sheet.Person{Name: "Bob Smith", Company: "Oakworth Software", Location: "Austin, TX"}, page{robert}, state.NameMatched, state.ConfidenceMedium, []int{75}},
		{"a nickname nothing backs", sheet.Person{Name: "Bob Smith", Company: "Oakworth Software"}, page{robert}, state.NameAmbiguous, "", []int{40}},
		{"a city against", sheet.Person{Name: "Jane Doe", Company: "Oakworth Software", Location: "Munich"}, page{janeHamburg}, state.NameAmbiguous, "", []int{35}},
		{"namesakes nothing tells apart", sheet.Person{Name: "Jane Doe", Company: "Oakworth Software"}, page{jane, janeBoston}, state.NameAmbiguous, "", []int{49, 49}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Find(context.Background(), tc.found, tc.row, time.Unix(0, 0))
			if err != nil {
				t.Fatal(err)
			}
			var scores []int
			for _, c := range got.Candidates {
				scores = append(scores, c.Score)
			}
			want := 0
			if tc.status == state.NameMatched {
				want = tc.scores[0]
			}
			if got.Status != tc.status || got.Confidence != tc.confidence || got.Score != want || !slices.Equal(scores, tc.scores) {
				t.Errorf("Find = %s, confidence %q, score %d, candidates' %v (%s); want %s, %q, %d, %v",
					got.Status, got.Confidence, got.Score, scores, got.Reason, tc.status, tc.confidence, want, tc.scores)
			}
		})
	}
}

// TestScoreBandsOnTheWorld: rows of every hard kind, searched in the
// emulator's world and judged by the real judge, score within the band of
// their outcome: a match of high confidence HighFloor or more, one of
// medium MediumFloor to HighFloor-1, every candidate of a row not
// matched less than MediumFloor, and a row nobody agrees with nothing.
func TestScoreBandsOnTheWorld(t *testing.T) {
	emu, c := serviceOf(t, 20000, 100000)
	d := namedraw.New(emu.World(), rand.New(rand.NewPCG(5, 6)))
	ctx, now := context.Background(), time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	seen := map[string]int{}
	for _, k := range namedraw.Kinds {
		for _, mix := range []namedraw.Mix{{City: true, Title: true}, {}} {
			for range 6 {
				r, ok := d.DrawKind(k, mix)
				for try := 0; !ok && try < 50; try++ {
					r, ok = d.DrawKind(k, mix)
				}
				if !ok {
					continue // a kind the mix cannot give (a contradicting city, without cities)
				}
				got, err := Find(ctx, c, sheet.Person{Name: r.Name, Company: r.Company, Location: r.City, Title: r.Title}, now)
				if err != nil {
					t.Fatal(err)
				}
				lo, hi := 1, MediumFloor-1
				switch {
				case got.Status == state.NameMatched && got.Confidence == state.ConfidenceHigh:
					lo, hi = HighFloor, 100
				case got.Status == state.NameMatched:
					lo, hi = MediumFloor, HighFloor-1
				}
				seen[string(got.Status)+" "+got.Confidence]++
				if got.Status == state.NameMatched && (got.Score < lo || got.Score > hi) {
					t.Errorf("%+v: matched with %s confidence, score %d; want %d to %d", r, got.Confidence, got.Score, lo, hi)
				}
				for _, nc := range got.Candidates {
					if nc.Score < lo || nc.Score > hi || got.Status == state.NameMatched && nc.Score != got.Score {
						t.Errorf("%+v: %s, candidate %s scores %d; want %d to %d", r, got.Status, nc.Name, nc.Score, lo, hi)
					}
				}
			}
		}
	}
	if seen["matched high"] == 0 || seen["matched medium"] == 0 || seen["ambiguous "] == 0 {
		t.Errorf("outcomes %v: the draw tested no high match, no medium one or no proposal", seen)
	}
}
