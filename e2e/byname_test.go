package e2e

import (
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/sources"
)

var (
	nameSeeds = flag.Int("name-seeds", 3, "sheets TestFindByNameNeverAnotherPerson draws")
	nameSeed  = flag.Int("name-seed", 1, "first seed of TestFindByNameNeverAnotherPerson")
)

// TestFindByNameNeverAnotherPerson draws sheets that name people by name
// and company only, as sheets write them (see package namedraw: the
// spellings of names and companies, nicknames, short brands, typos,
// respelt family names, credentials, names written family first, people
// the world does not know, and rows that name a namesake's company while
// their own city contradicts the namesake), in a shape drawn too: one name column or two, a city and a title column or
// not, some rows with an e-mail that finds nobody (the name is the last
// step of their waterfall) or one that finds the very person. The run's
// output must never show anyone but the row's own person; a row of a
// person the world does not know is never matched; a second run makes no
// search and spends no credit; every ambiguous row is in the side sheet.
func TestFindByNameNeverAnotherPerson(t *testing.T) {
	for seed := *nameSeed; seed < *nameSeed+*nameSeeds; seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			neverAnotherPerson(t, uint64(seed))
		})
	}
}

// nameSheet is a drawn sheet of people named by name and company.
type nameSheet struct {
	header []string
	rows   [][]string
	truth  []namedraw.Row
	// byEmail marks the rows whose e-mail finds their own person.
	byEmail []bool
}

// drawNameSheet draws n rows from the emulator's world in a shape of its
// own.
func drawNameSheet(emu *emulator.Emulator, rng *rand.Rand, n int) nameSheet {
	w := emu.World()
	d := namedraw.New(w, rng)
	split, city, title, email := rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(3) == 0, rng.IntN(2) == 0
	var s nameSheet
	if split {
		s.header = []string{"First Name", "Last Name"}
	} else {
		s.header = []string{"Attendee"}
	}
	s.header = append(s.header, "Organisation")
	if city {
		s.header = append(s.header, "City")
	}
	if title {
		s.header = append(s.header, "Job Title")
	}
	if email {
		s.header = append(s.header, "Email")
	}
	for i := range n {
		var r namedraw.Row
		if rng.IntN(3) == 0 {
			r = d.Draw(6) // the spellings of names and companies sheets use
		} else {
			r = d.DrawMix(namedraw.Mix{City: city, Title: title}) // the kinds that make finding hard
		}
		first, last, name := r.First, r.Last, r.Name
		if split && r.Kind == "" && name != "" { // a name drawn in one cell, put in two
			first, last = splitName(name)
		}
		if !split && name == "" {
			name = r.First + " " + r.Last
		}
		if r.Kind != "" && !city {
			r.City = ""
		}
		if r.Kind != "" && !title {
			r.Title = ""
		}
		var cells []string
		if split {
			cells = []string{first, last}
		} else {
			cells = []string{name}
		}
		cells = append(cells, r.Company)
		if city {
			cells = append(cells, r.City)
		}
		if title {
			cells = append(cells, r.Title)
		}
		byEmail := false
		if email {
			e := ""
			switch rng.IntN(4) {
			case 0: // finds nobody: the name is the last step
				e = fmt.Sprintf("nobody.%d.%d@example.net", rng.Uint32(), i)
			case 1:
				if r.Person >= 0 {
					if p := w.Person(r.Person); len(p.Emails) > 0 {
						e, byEmail = p.Emails[0].Address, true
					}
				}
			}
			cells = append(cells, e)
		}
		s.rows = append(s.rows, cells)
		s.truth = append(s.truth, r)
		s.byEmail = append(s.byEmail, byEmail)
	}
	return s
}

// splitName puts a name written in one cell into first and last name
// cells as a sheet would: "Last, First" by its comma, the rest at the
// last space; honorifics and degrees stay where they are.
func splitName(name string) (string, string) {
	if last, first, ok := strings.Cut(name, ", "); ok && !strings.HasPrefix(first, "PhD") {
		return first, last
	}
	name = strings.TrimSuffix(name, ", PhD")
	i := strings.LastIndex(name, " ")
	return name[:i], name[i+1:]
}

func (s nameSheet) write(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(f)
	_ = w.Write(s.header)
	_ = w.WriteAll(s.rows)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func neverAnotherPerson(t *testing.T, seed uint64) {
	replay := fmt.Sprintf("replay: go test ./e2e/ -run 'TestFindByNameNeverAnotherPerson/seed=%d$' -name-seed %d -name-seeds 1", seed, seed)
	cfg := fastService(100000)
	cfg.SearchQueriesPerDay, cfg.SearchProfilesPerDay = 100000, 10000000
	j := newJob(t, cfg, 0)
	rng := rand.New(rand.NewPCG(seed, 0x62796e616d65))
	s := drawNameSheet(j.emu, rng, 40+rng.IntN(60))
	s.write(t, j.input)

	r := j.enrich(t, j.args()...)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stderr, replay)
	}
	header, rows := readCSV(t, j.output)
	status, uid, foundBy := column(t, header, "enrich_status"), column(t, header, "enrich_uid"), column(t, header, "enrich_found_by")
	match, confidence, why := column(t, header, "enrich_match"), column(t, header, "enrich_confidence"), column(t, header, "enrich_error")
	offered := map[string]bool{} // "row/uid" of each candidate in the side sheet
	if _, cands := readCSVIf(t, j.output+".candidates.csv"); cands != nil {
		for _, c := range cands {
			offered[c[1]+"/"+c[7]] = true
		}
	}
	if len(rows) != len(s.truth) {
		t.Fatalf("%d rows out of %d\n%s", len(rows), len(s.truth), replay)
	}
	byName, ambiguous, unique, uniqueFound, uniqueSettled := 0, 0, 0, 0, 0
	for i, row := range rows {
		truth := s.truth[i]
		if truth.Unique {
			unique++
			if row[status] == "ambiguous" && offered[fmt.Sprint(i+2)+"/"+truth.UID] {
				uniqueSettled++
			}
		}
		switch row[status] {
		case "success":
			if row[uid] != truth.UID {
				t.Errorf("row %d (%q) shows %s; it names %s (%+v)\n%s", i+2, s.rows[i], row[uid], truth.UID, truth, replay)
			}
			want := "name+company"
			if s.byEmail[i] {
				want = "email"
			}
			if row[foundBy] != want {
				t.Errorf("row %d found by %q; want %q\n%s", i+2, row[foundBy], want, replay)
			}
			if row[foundBy] == "name+company" {
				byName++
				if !strings.HasPrefix(row[match], "name") || row[confidence] != "high" && row[confidence] != "medium" {
					t.Errorf("row %d: enrich_match %q, enrich_confidence %q\n%s", i+2, row[match], row[confidence], replay)
				}
			}
			if truth.Unique && row[uid] == truth.UID {
				uniqueFound++
				uniqueSettled++
			}
		case "ambiguous":
			ambiguous++
			if row[why] == "" {
				t.Errorf("row %d (%q): ambiguous without a reason\n%s", i+2, s.rows[i], replay)
			}
		case "not_found":
			if row[why] == "" && !s.byEmail[i] {
				t.Errorf("row %d (%q): not found without a reason\n%s", i+2, s.rows[i], replay)
			}
		case "no_identifier":
			// A name that reads as a placeholder ("NA MA": Na Ma, or
			// "n/a") names nobody to search for.
			if !slices.ContainsFunc(s.rows[i], func(c string) bool { return c != "" && sources.IsPlaceholder(c) }) {
				t.Errorf("row %d (%q): status no_identifier\n%s", i+2, s.rows[i], replay)
			}
		default:
			t.Errorf("row %d (%q): status %s\n%s", i+2, s.rows[i], row[status], replay)
		}
	}
	if ambiguous > 0 {
		_, cands := readCSV(t, j.output+".candidates.csv")
		rowsIn := map[string]bool{}
		for _, c := range cands {
			rowsIn[c[1]] = true
		}
		if len(rowsIn) != ambiguous {
			t.Errorf("%d ambiguous rows, %d in the side sheet\n%s", ambiguous, len(rowsIn), replay)
		}
	}
	t.Logf("%d rows: %d found by name, %d ambiguous; of %d unique people %d found, %d settled", len(rows), byName, ambiguous, unique, uniqueFound, uniqueSettled)
	if uniqueSettled*10 < unique*8 {
		t.Errorf("only %d of %d people alone of their name at their company were found or offered\n%s", uniqueSettled, unique, replay)
	}

	// A second run makes no search and spends nothing.
	before := j.stats()
	r = j.enrich(t, j.args()...)
	after := j.stats()
	if r.code != 0 || after.SearchQueries != before.SearchQueries || after.CreditsUsed["standard"] != before.CreditsUsed["standard"] {
		t.Errorf("second run: exit %d, %d searches, %d credits\n%s\n%s", r.code, after.SearchQueries-before.SearchQueries,
			after.CreditsUsed["standard"]-before.CreditsUsed["standard"], r.stderr, replay)
	}
}

// TestFindByNameQuota: a daily search quota spent in the middle of a run
// pauses finding by name; the lookups go on, the run ends incomplete
// (exit 3) saying so, and a run after the quota's reset finds the rest
// without searching again for the rows already searched.
func TestFindByNameQuota(t *testing.T) {
	t.Parallel()
	cfg := fastService(100000)
	cfg.SearchQueriesPerDay, cfg.SearchProfilesPerDay, cfg.DayLength = 10, 100000, 8*time.Second
	j := newJob(t, cfg, 0)
	rng := rand.New(rand.NewPCG(5, 5))
	d := namedraw.New(j.emu.World(), rng)
	var b strings.Builder
	b.WriteString("Name,Company,LinkedIn\n")
	w := j.emu.World()
	for i := range 30 {
		r := d.Draw(0)
		fmt.Fprintf(&b, "%q,%q,\n", r.First+" "+r.Last+r.Name, r.Company)
		if i%3 == 0 { // a row found by its profile URL all along
			fmt.Fprintf(&b, "Someone Else,Acme,%s\n", w.Person(i).ProfileURL())
		}
	}
	writeFile(t, j.input, b.String())
	start := time.Now()
	r := j.enrich(t, j.args()...)
	r.expectCode(t, 3)
	if !strings.Contains(r.stderr, "daily search quota is spent") {
		t.Errorf("the run does not say the quota is spent:\n%s", r.stderr)
	}
	header, rows := readCSV(t, j.output)
	status, foundBy := column(t, header, "enrich_status"), column(t, header, "enrich_found_by")
	counts := map[string]int{}
	for _, row := range rows {
		counts[row[status]+"/"+row[foundBy]]++
	}
	if counts["success/linkedin"] != 10 || counts["pending/"] == 0 || j.stats().SearchQueries > 11 {
		t.Errorf("after the quota: %v, %d searches", counts, j.stats().SearchQueries)
	}
	searched := j.stats().SearchQueries

	// The next day: the rest is searched, nothing twice.
	time.Sleep(time.Until(start.Add(cfg.DayLength)))
	r = j.enrich(t, j.args()...)
	if r.code != 0 && r.code != 3 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	_, rows = readCSV(t, j.output)
	pending := 0
	for _, row := range rows {
		if row[status] == "pending" {
			pending++
		}
	}
	if pending >= counts["pending/"] {
		t.Errorf("the run after the reset searched nothing: %d rows pending, %d before", pending, counts["pending/"])
	}
	if total := j.stats().SearchQueries; total-searched > 10 {
		t.Errorf("%d searches after the reset; the quota is 10", total-searched)
	}
}

// TestFoundByNameAlreadyInJournal: a row found by name whose person the
// journal already holds (a sheet of uids looked them up before) costs
// nothing, and the run says so: no profile received, no credits added to
// the account, and the row counted as found by name, not by a uid the
// sheet does not have.
func TestFoundByNameAlreadyInJournal(t *testing.T) {
	t.Parallel()
	cfg := fastService(100000)
	cfg.SearchQueriesPerDay, cfg.SearchProfilesPerDay = 1000, 100000
	j := newJob(t, cfg, 0)
	d := namedraw.New(j.emu.World(), rand.New(rand.NewPCG(33, 2)))
	var r namedraw.Row
	// Someone alone of their name at their company, whose search profile
	// shows the name (a hidden one is only proposed).
	for r = d.Draw(0); !r.Unique || r.Past || namedraw.HidesName(j.emu.World().Person(r.Person)); r = d.Draw(0) {
	}
	writeFile(t, j.input, "uid\n"+r.UID+"\n")
	j.enrich(t, j.args()...).expectCode(t, 0)
	used := j.stats().CreditsUsed["standard"]

	writeFile(t, j.input, fmt.Sprintf("Name,Company\n%q,%q\n", r.First+" "+r.Last+r.Name, r.Company))
	j.enrich(t, j.args()...).expectCode(t, 0)
	if spent := j.stats().CreditsUsed["standard"] - used; spent != 0 {
		t.Fatalf("the second run spent %d credits", spent)
	}
	rep := j.report(t)
	if rep.RowsByStatus["success"] != 1 {
		t.Fatalf("rows %v; want the row found by name", rep.RowsByStatus)
	}
	if rep.Credits.ProfilesReceived != 0 {
		t.Errorf("%d profiles received; the journal held the person", rep.Credits.ProfilesReceived)
	}
	if got := rep.MatchRate["name"]; got.Found != 1 || len(rep.MatchRate) != 1 {
		t.Errorf("match rate %v; want the row counted as found by name", rep.MatchRate)
	}
	var b strings.Builder
	rep.WriteSummary(&b)
	if strings.Contains(b.String(), "added to the account") || strings.Contains(b.String(), "uid ") {
		t.Errorf("summary:\n%s", b.String())
	}
}

// TestFoundByNameCarriedOverTriedAgain: a person found by name whose
// lookup an earlier run gave up after its attempts (no callback came), or
// was answered credits_are_over, is looked up again by the next run, as
// any identifier left so is. The row is never left in error, or without
// credits, for good while each run says that running again resumes.
func TestFoundByNameCarriedOverTriedAgain(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string // the first run's flags
		status string   // the row's status after the first run
		// spoil changes the first run's submission of the person's
		// lookup, or what the service does with it.
		spoil func(j *job, body []byte) []byte
	}{
		{"given up", []string{"--max-attempts", "1", "--callback-timeout", "1s"}, "error", func(_ *job, body []byte) []byte {
			return regexp.MustCompile(`"callbackUrl":"[^"]*"`).ReplaceAll(body, []byte(`"callbackUrl":"http://127.0.0.1:9/nowhere"`))
		}},
		{"credits ran out", nil, "credits_exhausted", func(j *job, body []byte) []byte {
			topUp(t, j.url, -1<<40) // spent elsewhere since the run read its balance
			return body
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			foundByNameCarriedOver(t, c.args, c.status, c.spoil)
		})
	}
}

func foundByNameCarriedOver(t *testing.T, args []string, status string, spoil func(*job, []byte) []byte) {
	cfg := fastService(100000)
	cfg.SearchQueriesPerDay, cfg.SearchProfilesPerDay = 1000, 100000
	var spoiling atomic.Bool
	spoiling.Store(true)
	var uid string
	var j *job
	j = newJobWith(t, cfg, 0, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if spoiling.Load() && r.Method == http.MethodPost && r.URL.Path == api.PathLookup {
				body, _ := io.ReadAll(r.Body)
				if bytes.Contains(body, []byte(uid)) {
					body = spoil(j, body)
				}
				r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
			}
			next.ServeHTTP(w, r)
		})
	})
	d := namedraw.New(j.emu.World(), rand.New(rand.NewPCG(41, 3)))
	var row namedraw.Row
	for row = d.Draw(0); !row.Unique || row.Past; row = d.Draw(0) {
	}
	uid = row.UID
	// The row's profile URL finds nobody: its name is read, and searched,
	// once that answer came.
	writeFile(t, j.input, fmt.Sprintf("Name,Company,LinkedIn\n%q,%q,https://www.linkedin.com/in/nobody-at-all-4177\n", row.First+" "+row.Last+row.Name, row.Company))

	r := j.enrich(t, j.args(args...)...)
	r.expectCode(t, 3)
	if rep := j.report(t); rep.RowsByStatus[status] != 1 {
		t.Fatalf("after the first run: rows %v; want the row %s\n%s", rep.RowsByStatus, status, r.stderr)
	}
	sent := j.stats().ItemsAccepted

	spoiling.Store(false)
	topUp(t, j.url, 100000)
	r = j.enrich(t, j.args()...)
	r.expectCode(t, 0)
	if j.stats().ItemsAccepted == sent {
		t.Errorf("the next run sent nothing\n%s", r.stderr)
	}
	if rep := j.report(t); rep.RowsByStatus["success"] != 1 {
		t.Errorf("the next run: rows %v; want the row found by name\n%s", rep.RowsByStatus, r.stderr)
	}
}
