package export

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

const (
	uidRobert = "0000000000000000000000000000000b"
	uidJane   = "0000000000000000000000000000000d"
)

// TestMinConfidence: under --min-confidence high, a row the journal's
// search matched with medium confidence is ambiguous, its person proposed
// in the candidates sheet with their score and the reason saying why; an
// export without it shows the match again, with its confidence and score.
// Only the export changes: the journal's search is the same after both,
// and the run's model (FromRun.Model), or no journal at all, decide alike.
func TestMinConfidence(t *testing.T) {
	dir := t.TempDir()
	input, output := filepath.Join(dir, "in.csv"), filepath.Join(dir, "out.csv")
	writeTestFile(t, input, "Name,Company\nBob Smith,Oakworth Software\nJane Doe,Oakworth Software\n")
	journal := statetest.JournalWith(t, map[string][]byte{
		uidRobert: []byte(`{"item":"` + uidRobert + `","status":"success","candidate":{"uid":"` + uidRobert + `","fullName":"Robert Smith","experience":[{"company":"Oakworth Software","position":"Sales Manager"}]}}`),
		uidJane:   []byte(`{"item":"` + uidJane + `","status":"success","candidate":{"uid":"` + uidJane + `","fullName":"Jane Doe","experience":[{"company":"Oakworth Software","position":"Engineer"}]}}`),
	})
	bob := state.NameSearch{Status: state.NameMatched, UID: uidRobert, Agreed: "name (nickname Bob→Robert), company, location",
		Confidence: state.ConfidenceMedium, Score: 75, Total: 1, Queries: 1, Profiles: 1,
		Candidates: []state.NameCandidate{{UID: uidRobert, Name: "Robert Smith", Company: "Oakworth Software", Why: "nickname Bob→Robert", Score: 75}}}
	jane := state.NameSearch{Status: state.NameMatched, UID: uidJane, Agreed: "name, company", Confidence: state.ConfidenceHigh, Score: 90,
		Total: 1, Queries: 1, Profiles: 1, Candidates: []state.NameCandidate{{UID: uidJane, Name: "Jane Doe", Company: "Oakworth Software", Score: 90}}}
	bobKey, _ := match.Key(sheet.Person{Name: "Bob Smith", Company: "Oakworth Software"})
	janeKey, _ := match.Key(sheet.Person{Name: "Jane Doe", Company: "Oakworth Software"})
	j, err := state.Open(journal, state.Options{Command: "test", NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	for key, s := range map[string]state.NameSearch{bobKey: bob, janeKey: jane} {
		if err := j.PutNameSearch(key, s); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()

	export := func(least string, model, withoutJournal bool) map[string][]string {
		t.Helper()
		j, err := state.Open(journal, state.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer j.Close()
		cfg := Config{Input: input, Output: output, ByName: true, MinConfidence: least}
		run := FromRun{WithoutJournal: withoutJournal}
		if model {
			if run.Model, err = readModel(context.Background(), j, cfg); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := ExportRun(context.Background(), j, cfg, run); err != nil {
			t.Fatal(err)
		}
		return columnsOf(t, output)
	}
	const below = "medium confidence (score 75) is below --min-confidence high"
	for _, tc := range []struct {
		name  string
		model bool
	}{
		{"from the journal", false},
		{"from the run's model", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := export(state.ConfidenceHigh, tc.model, false)
			if got["enrich_status"][0] != "ambiguous" || !strings.Contains(got["enrich_error"][0], below+": "+bob.Agreed+" agree") ||
				got["enrich_uid"][0] != "" || got["enrich_score"][0] != "" {
				t.Errorf("under high, Bob Smith (medium): %s %q, uid %q, score %q", got["enrich_status"][0], got["enrich_error"][0], got["enrich_uid"][0], got["enrich_score"][0])
			}
			if got["enrich_status"][1] != "success" || got["enrich_confidence"][1] != "high" || got["enrich_score"][1] != "90" {
				t.Errorf("under high, Jane Doe (high): %s %s %s", got["enrich_status"][1], got["enrich_confidence"][1], got["enrich_score"][1])
			}
			cands := columnsOf(t, CandidatesPath(output))
			if len(cands["row"]) != 1 || cands["row"][0] != "2" || cands["candidate_uid"][0] != uidRobert || cands["candidate_score"][0] != "75" ||
				!strings.Contains(cands["why"][0], below) {
				t.Errorf("under high, the candidates sheet: %v", cands)
			}

			got = export("", tc.model, false)
			if got["enrich_status"][0] != "success" || got["enrich_uid"][0] != uidRobert || got["enrich_confidence"][0] != "medium" ||
				got["enrich_score"][0] != "75" || got["enrich_match"][0] != bob.Agreed {
				t.Errorf("without it, Bob Smith: %s %s %s %s %q", got["enrich_status"][0], got["enrich_uid"][0], got["enrich_confidence"][0], got["enrich_score"][0], got["enrich_match"][0])
			}
			if _, err := os.Stat(CandidatesPath(output)); !os.IsNotExist(err) {
				t.Errorf("without it, a candidates sheet is left: %v", err)
			}
		})
	}

	// Written from the run's model alone (the journal damaged under the
	// run): the medium match is not shown under high either.
	got := export(state.ConfidenceHigh, true, true)
	if got["enrich_status"][0] != "ambiguous" || !strings.Contains(got["enrich_error"][0], below) {
		t.Errorf("without the journal, under high, Bob Smith: %s %q", got["enrich_status"][0], got["enrich_error"][0])
	}
	if cands := columnsOf(t, CandidatesPath(output)); len(cands["row"]) != 1 || cands["candidate_uid"][0] != uidRobert {
		t.Errorf("without the journal, under high, the candidates sheet: %v", cands)
	}

	j, err = state.Open(journal, state.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	_ = j.View(func(r *state.Reader) error {
		if s, ok := r.NameSearch(bobKey); !ok || !reflect.DeepEqual(s, bob) {
			t.Errorf("the journal's search after the exports: %+v; want it as made, %+v", s, bob)
		}
		return nil
	})
}

// columnsOf reads a CSV by column: the cells of each header, in order.
func columnsOf(t *testing.T, path string) map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for i, h := range rows[0] {
		out[h] = []string{}
		for _, r := range rows[1:] {
			out[h] = append(out[h], r[i])
		}
	}
	return out
}

// TestParseMinConfidence: medium by default, high on asking, in any
// case; a word it does not know names the flag; and high beside
// --fill-confidence medium, which would fill only what high leaves
// unmatched, is refused.
func TestParseMinConfidence(t *testing.T) {
	for _, tc := range []struct {
		in     string
		medium bool // --fill-confidence medium
		want   string
		err    string
	}{
		{"", false, "medium", ""},
		{"medium", true, "medium", ""},
		{" HIGH ", false, "high", ""},
		{"low", false, "", `--min-confidence "low": use medium`},
		{"high", true, "", "--fill-confidence medium fills the rows matched with medium confidence, which --min-confidence high does not match"},
	} {
		got, err := ParseMinConfidence(tc.in, fill.Rules{Medium: tc.medium})
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseMinConfidence(%q, medium fill %v) = %q, %v; want %q, %q", tc.in, tc.medium, got, err, tc.want, tc.err)
		}
	}
}
