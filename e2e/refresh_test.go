package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/emulator/world"
)

// The nightly refresh: a sheet enriched, the world six months on, the
// sheet run again with --refresh-older-than 90d. The run finds exactly the
// people the world moved, with their previous company and title, pays one
// credit for each answer looked up again and nothing for answers not due;
// enrich changes lists the same people from the journal alone.
func TestRefreshFindsWhoMoved(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 0)
	w := j.emu.World()
	sheet := func(path string, from, to int) {
		var b strings.Builder
		b.WriteString("Name,LinkedIn\n")
		for i := from; i < to; i++ {
			fmt.Fprintf(&b, "%s,%s\n", w.Person(i).FullName, w.Person(i).ProfileURL())
		}
		writeFile(t, path, b.String())
	}
	const a, all = 400, 600 // rows 0..399 are refreshed at the end; 400..599 earlier
	sheet(j.input, 0, all)
	j.enrich(t, j.args()...).expectCode(t, 0)

	// Six months on.
	resp, err := http.Post(j.url+"/_emulator/advance", "application/json", strings.NewReader(`{"days": 180}`))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("advance: %v %v", resp, err)
	}
	resp.Body.Close()
	moved := map[string]emulator.Move{}
	resp, err = http.Get(j.url + "/_emulator/moves?count=10000")
	if err != nil {
		t.Fatal(err)
	}
	var moves []emulator.Move
	json.NewDecoder(resp.Body).Decode(&moves)
	resp.Body.Close()
	for _, m := range moves {
		moved[m.LinkedIn] = m
	}

	// A hundred days on, the rows 400..599 alone are refreshed: at the end
	// they are 80 days old, not due.
	part := *j
	part.input, part.output = filepath.Join(j.dir, "part.csv"), filepath.Join(j.dir, "part-out.csv")
	sheet(part.input, a, all)
	part.enrichEnv(t, []string{"ENRICH_CLOCK_OFFSET=100d"}, part.args("--refresh-older-than", "90d")...).expectCode(t, 0)

	// A hundred and eighty days on, the whole sheet: the plan says what
	// the refresh costs at most, then the run does it.
	plan, pres := j.stdoutEnv(t, []string{"ENRICH_CLOCK_OFFSET=180d"}, "plan", j.input, "--journal", j.journal, "--refresh-older-than", "90d", "--json")
	pres.expectCode(t, 0)
	var p struct{ Refresh *int }
	if err := json.Unmarshal([]byte(plan), &p); err != nil || p.Refresh == nil || *p.Refresh != a {
		t.Errorf("plan says %v answers to refresh, want %d (%v)", p.Refresh, a, err)
	}
	before := j.stats()
	res := j.enrichEnv(t, []string{"ENRICH_CLOCK_OFFSET=180d"}, j.args("--refresh-older-than", "90d")...)
	res.expectCode(t, 0)
	after := j.stats()
	if sent := after.ItemsAccepted - before.ItemsAccepted; sent != a {
		t.Errorf("the refresh sent %d items; the %d rows due have one identifier each, the others were not due", sent, a)
	}
	header, rows := readCSV(t, j.output)
	col := func(name string) int { return column(t, header, name) }
	st, url, chg := col("enrich_status"), col("LinkedIn"), col("enrich_changed")
	prevCo, prevTi, co, ti := col("enrich_previous_company"), col("enrich_previous_title"), col("enrich_company"), col("enrich_title")
	checked := col("enrich_checked_at")
	found, flagged := 0, 0
	for i, r := range rows[:a] {
		if r[st] != "success" {
			t.Fatalf("row %d: %s", i+2, r[st])
		}
		found++
		m, isMover := moved[r[url]]
		movedCompany := strings.Contains(r[chg], "company")
		if !isMover && movedCompany && hiredOrRetired(j.emu.World(), i) {
			continue // a student or job seeker hired since, or someone retired: no move between companies
		}
		if isMover != movedCompany {
			t.Errorf("row %d %s: changed %q, but the world moved them: %v", i+2, r[url], r[chg], isMover)
			continue
		}
		if isMover {
			flagged++
			if m.Now == nil || r[prevCo] != m.From.Company || r[prevTi] != m.From.Title || r[co] != m.Now.Company || r[ti] != m.Now.Title {
				t.Errorf("row %d: %s, %s → %s, %s; the world says %+v → %+v, now %+v", i+2, r[prevTi], r[prevCo], r[ti], r[co], m.From, m.To, m.Now)
			}
		}
		if at, err := time.Parse(time.RFC3339, r[checked]); err != nil || time.Until(at) < 170*24*time.Hour {
			t.Errorf("row %d: checked at %q, want the refresh's time", i+2, r[checked])
		}
	}
	if paid := after.CreditsUsed["standard"] - before.CreditsUsed["standard"]; paid != int64(found) {
		t.Errorf("the refresh paid %d credits for %d answers looked up again and found", paid, found)
	}
	if flagged == 0 {
		t.Fatal("nobody of the sheet moved: the test tests nothing")
	}
	t.Logf("%d of %d rows refreshed, %d moved", found, all, flagged)

	// From the journal alone, with the service gone.
	j.srv.Close()
	since := time.Now().Add(24 * time.Hour).Format(time.DateOnly)
	_, cres := j.stdout(t, "changes", "--since", since, "--journal", j.journal, "-o", filepath.Join(j.dir, "changes.jsonl"))
	cres.expectCode(t, 0)
	listed := readChanges(t, filepath.Join(j.dir, "changes.jsonl"))
	want := 0
	for i := 0; i < all; i++ {
		if _, ok := moved[w.Person(i).ProfileURL()]; ok {
			want++
		}
	}
	// It lists changes of company and of title; the world's moves are the
	// changes of company.
	companies := 0
	index := map[string]int{}
	for i := 0; i < all; i++ {
		index[w.Person(i).ProfileURL()] = i
	}
	for _, c := range listed {
		m, ok := moved[c.Identifier]
		switch {
		case !ok && hiredOrRetired(j.emu.World(), index[c.Identifier]):
			// Hired since the start (or retired): a change of company
			// that is no move between companies.
		case c.Origin == "":
			t.Errorf("listed %+v without the row it came from", c)
		case c.FromCompany == c.ToCompany:
			if ok || c.FromTitle == c.ToTitle {
				t.Errorf("listed %+v as a change of title; the world says %+v", c, m)
			}
		case !ok || c.FromCompany != m.From.Company || c.ToCompany != m.To.Company:
			t.Errorf("listed %+v; the world says %+v", c, m)
		default:
			companies++
		}
	}
	if companies != want {
		t.Errorf("enrich changes lists %d changes of company; the world moved %d of the sheet", companies, want)
	}
}

type changeLine struct {
	Identifier  string `json:"identifier"`
	Origin      string `json:"input_row"`
	FromCompany string `json:"from_company"`
	ToCompany   string `json:"to_company"`
	FromTitle   string `json:"from_title"`
	ToTitle     string `json:"to_title"`
}

func readChanges(t *testing.T, path string) []changeLine {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []changeLine
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var c changeLine
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		out = append(out, c)
	}
	return out
}

// hiredOrRetired reports whether person i of the world had no current role
// at its start and has one now, or the other way round: their company
// changed without a move between companies.
func hiredOrRetired(w *world.World, i int) bool {
	working := func(p *world.Person) bool { return len(p.Jobs) > 0 && p.Jobs[0].Current }
	return working(w.PersonAtStart(i)) != working(w.Person(i))
}
