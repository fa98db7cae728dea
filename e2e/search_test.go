package e2e

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/emulator"
)

// readCSV reads a CSV output into a header and rows.
func readCSV(t *testing.T, path string) ([]string, [][]string) {
	t.Helper()
	return readCSVComma(t, path, ',')
}

// readCSVComma is readCSV of a file whose cells comma separates.
func readCSVComma(t *testing.T, path string, comma rune) ([]string, [][]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = comma
	r.FieldsPerRecord = -1
	all, err := r.ReadAll()
	if err != nil || len(all) == 0 {
		t.Fatalf("read %s: %v", path, err)
	}
	return all[0], all[1:]
}

// searchService is an emulator whose scrolls expire quickly and whose
// searches are slow enough that the export must keep up.
func searchService() emulator.Config {
	cfg := fastService(10000)
	cfg.People = 20000
	cfg.Default.CompanyAPI = true
	cfg.ScrollTTL = 1500 * time.Millisecond
	cfg.SearchDelay = 20 * time.Millisecond
	return cfg
}

// TestSearchExportEveryProfileOnce exports a search of more than 1,000
// results in pages of 100 through a scroll whose lifetime is 1.5 s, and
// checks that every profile is written exactly once.
func TestSearchExportEveryProfileOnce(t *testing.T) {
	t.Parallel()
	j := newJob(t, searchService(), 1)
	out := filepath.Join(j.dir, "people.csv")
	res := j.enrich(t, "search", "--location", "United States", "--size", "100", "-o", out, "--progress", "log")
	res.expectCode(t, 0)
	header, rows := readCSV(t, out)
	if strings.Join(header, ",") != "uid,full_name,headline,location,title,company,linkedin,skills,open_to_work,contacts_fetched" {
		t.Fatalf("header %v", header)
	}
	if len(rows) <= 1000 {
		t.Fatalf("%d profiles: the search must find more than 1,000 for this test", len(rows))
	}
	seen := map[string]bool{}
	for _, r := range rows {
		if seen[r[0]] {
			t.Fatalf("profile %s written twice", r[0])
		}
		seen[r[0]] = true
		if !strings.HasSuffix(r[3], "United States") {
			t.Errorf("profile %s in %q", r[0], r[3])
		}
	}
	if !strings.Contains(res.stderr, itoa(len(rows))+" profiles written") || !strings.Contains(res.stderr, "of "+itoa(len(rows))+" matches") {
		t.Errorf("stderr does not report every match written:\n%s", res.stderr)
	}
}

func TestSearchQuotaStopsCleanly(t *testing.T) {
	t.Parallel()
	cfg := searchService()
	cfg.Default.SearchProfilesPerDay = 250
	j := newJob(t, cfg, 1)
	out := filepath.Join(j.dir, "people.csv")
	res := j.enrich(t, "search", "--location", "United States", "--size", "100", "-o", out, "--progress", "none")
	res.expectCode(t, 3)
	if !strings.Contains(res.stderr, "quota") {
		t.Errorf("stderr does not say the quota ran out:\n%s", res.stderr)
	}
	_, rows := readCSV(t, out)
	if len(rows) == 0 || len(rows) > 250 {
		t.Errorf("%d profiles written with a quota of 250", len(rows))
	}
}

func TestSearchEnrich(t *testing.T) {
	t.Parallel()
	j := newJob(t, searchService(), 1)
	out := filepath.Join(j.dir, "leads.csv")
	j.enrich(t, "search", "--location", "Texas", "--max", "60", "--enrich", "-o", out, "--journal", j.journal,
		"--items-per-minute", "100", "--rate-window", "1s", "--listen", "127.0.0.1:0", "--progress", "none").expectCode(t, 0)
	header, rows := readCSV(t, out)
	status, uid, email := index(header, "enrich_status"), index(header, "enrich_uid"), index(header, "enrich_emails")
	if len(rows) != 60 || status < 0 || email < 0 {
		t.Fatalf("%d rows, header %v", len(rows), header)
	}
	withEmail := 0
	for _, r := range rows {
		if r[status] != "success" || r[uid] != r[0] {
			t.Errorf("row %v: %s %s", r[0], r[status], r[uid])
		}
		if r[email] != "" {
			withEmail++
		}
	}
	if withEmail == 0 {
		t.Error("no contact came with the enriched profiles")
	}
	if used := j.stats().CreditsUsed["standard"]; used != 60 {
		t.Errorf("credits used %d for 60 profiles", used)
	}
	reportsWritten(t, out)
}

// reportsWritten fails unless a command wrote both reports beside output.
func reportsWritten(t *testing.T, output string) {
	t.Helper()
	for _, ext := range []string{".report.json", ".report.html"} {
		if fi, err := os.Stat(output + ext); err != nil || fi.Size() == 0 {
			t.Errorf("no %s beside %s: %v", ext, output, err)
		}
	}
}

func TestCompanyEmployees(t *testing.T) {
	t.Parallel()
	j := newJob(t, searchService(), 1)
	var sample struct {
		Companies []struct {
			ID   int64
			Slug string
		}
	}
	resp, err := http.Get(j.url + "/_emulator/sample?count=5")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&sample)
	resp.Body.Close()
	company := sample.Companies[len(sample.Companies)-1].Slug
	out := filepath.Join(j.dir, "employees.csv")
	args := []string{"company", "employees", company, "--status", "both", "-o", out, "--journal", j.journal,
		"--listen", "127.0.0.1:0", "--callback-timeout", "10s", "--progress", "none"}
	res := j.enrich(t, args...)
	res.expectCode(t, 0)
	reportsWritten(t, out)
	_, rows := readCSV(t, out)
	want := j.emu.World()
	c, ok := want.CompanyByRef(company)
	if !ok {
		t.Fatalf("no company %s in the world", company)
	}
	if n := want.EmployeeCount(c, "both"); len(rows) != n {
		t.Fatalf("%d profiles written, the company has %d", len(rows), n)
	}
	// Again: the journal has them all, so nothing is requested or paid.
	before := j.emu.Stats().Accounts[0]
	j.enrich(t, args...).expectCode(t, 0)
	after := j.emu.Stats().Accounts[0]
	if after.Delivered != before.Delivered {
		t.Errorf("a second export requested the profiles again")
	}
	// A company the account cannot see, and one that does not exist.
	j.enrich(t, "company", "find", "no-such-company-anywhere").expectCode(t, 2)
}

func index(header []string, name string) int {
	for i, h := range header {
		if h == name {
			return i
		}
	}
	return -1
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// readCSVIf is readCSV of a file that may not be there: nil when it is not.
func readCSVIf(t *testing.T, path string) ([]string, [][]string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	return readCSV(t, path)
}
