package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// enrichBin is the real binary, built once for the package's end-to-end
// tests by TestMain.
var enrichBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "enrich-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	enrichBin = filepath.Join(dir, "enrich")
	build := exec.Command("go", "build", "-o", enrichBin, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build enrich:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runEnrich runs the binary and returns its stdout, stderr and exit code.
func runEnrich(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(enrichBin, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("run enrich %q: %v", args, err)
	}
	return out.String(), errOut.String(), code
}

const sharedTestdata = "../../testdata"

func TestPlanText(t *testing.T) {
	out, errOut, code := runEnrich(t, "plan", filepath.Join(sharedTestdata, "leads.csv"))
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	for _, want := range []string{
		`(CSV, utf-8, delimiter ",")`,
		"Rows   9 (header on row 1)",
		"tried in this order: linkedin, email, phone, uid",
		`linkedin  "LinkedIn URL"  by header  4 valid, 2 invalid  "https://www.linkedin.com/in/jane-doe-42"`,
		"Rows with a valid identifier        6",
		"Rows with only invalid identifiers  2",
		"Rows without any identifier         1",
		"Invalid identifiers: 5",
		"1 phone: phone number without country code; set --default-region\n      row 3, Phone: \"(415) 555-0188\"",
		"not a profile URL (/pub/ path)",
		"Duplicate rows         1",
		"Unique lookups         5 first choice, 12 if every identifier is tried",
		"Worst-case credits     14 (one per person found, by an identifier or by name",
		"company    \"Company\"                by header   \"Acme Corp\"",
		"Searches: 3 for the rows without an identifier, up to 8 if every identifier finds nobody",
		"Time at 600 items/min  1s for the first choices, up to 2s for all",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("plan output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlanJSON(t *testing.T) {
	out, errOut, code := runEnrich(t, "plan", filepath.Join(sharedTestdata, "leads.xlsx"),
		"--json", "--default-region", "us", "--prefer", "phone", "--items-per-minute", "1")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var p struct {
		Format    string   `json:"format"`
		Sheet     string   `json:"sheet"`
		Waterfall []string `json:"waterfall"`
		Columns   []struct {
			Header     string   `json:"header"`
			Kind       string   `json:"kind"`
			DetectedBy string   `json:"detected_by"`
			Samples    []string `json:"samples"`
		} `json:"columns"`
		Rows               int `json:"rows"`
		RowsWithIdentifier int `json:"rows_with_identifier"`
		UniqueLookups      int `json:"unique_lookups"`
		FirstChoice        int `json:"first_choice_lookups"`
		WorstCaseCredits   int `json:"worst_case_credits"`
		AllLookupTime      struct {
			Seconds float64 `json:"seconds"`
		} `json:"all_lookup_time"`
		Invalid []struct {
			Reason   string `json:"reason"`
			Examples []struct {
				Row    int    `json:"row"`
				Column string `json:"column"`
				Value  string `json:"value"`
			} `json:"examples"`
		} `json:"invalid_by_reason"`
		Resolved *int `json:"resolved"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("output is not the plan as JSON: %v\n%s", err, out)
	}
	if p.Format != "xlsx" || p.Sheet != "Leads" || strings.Join(p.Waterfall, ",") != "phone,linkedin,email,uid" {
		t.Errorf("format %s sheet %s waterfall %v", p.Format, p.Sheet, p.Waterfall)
	}
	if len(p.Columns) != 4 || p.Columns[0].Kind != "phone" || p.Columns[0].Samples[0] != "14155550123" {
		t.Errorf("columns %+v; want phone columns first, numeric phone with all its digits", p.Columns)
	}
	if p.Rows != 5 || p.RowsWithIdentifier != 3 || p.WorstCaseCredits != 3 || p.FirstChoice != 3 {
		t.Errorf("counts %+v", p)
	}
	if p.AllLookupTime.Seconds != float64(p.UniqueLookups*60) {
		t.Errorf("%d lookups at 1 item/min take %v s", p.UniqueLookups, p.AllLookupTime.Seconds)
	}
	if len(p.Invalid) != 2 || p.Invalid[0].Examples[0].Row == 0 || p.Resolved != nil {
		t.Errorf("invalid %+v, resolved %v", p.Invalid, p.Resolved)
	}
}

func TestPlanSheetAndColumn(t *testing.T) {
	out, errOut, code := runEnrich(t, "plan", filepath.Join(sharedTestdata, "leads.xlsx"), "--sheet", "Other")
	if code != 0 || !strings.Contains(out, `(Excel, sheet "Other")`) || !strings.Contains(out, `email  "Work Email"  by header  2 valid`) {
		t.Errorf("--sheet Other: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = runEnrich(t, "plan", filepath.Join(sharedTestdata, "leads-messy.csv"), "--column", "email=Email_2")
	if code != 0 || !strings.Contains(out, `email  "Email_2"  by override  2 valid`) || strings.Contains(out, `"Email"  by header`) {
		t.Errorf("--column email=Email_2: exit %d\n%s%s", code, out, errOut)
	}
}

// TestPlanBadInput checks that every kind of bad input says what is wrong
// in one line and exits with code 2.
func TestPlanBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"plan", filepath.Join(sharedTestdata, "legacy.xls")}, "legacy Excel 97-2003 workbook (.xls)"},
		{[]string{"plan", filepath.Join(sharedTestdata, "encrypted.xlsx")}, "password-protected"},
		{[]string{"plan", filepath.Join(sharedTestdata, "corrupt.xlsx")}, "not a valid .xlsx workbook"},
		{[]string{"plan", filepath.Join(sharedTestdata, "nope.csv")}, "no such file"},
		{[]string{"plan", filepath.Join(sharedTestdata, "leads.xlsx"), "--sheet", "Contacts"}, `no sheet named "Contacts"`},
		{[]string{"plan", filepath.Join(sharedTestdata, "leads.csv"), "--column", "email=Work"}, `no column named "Work"`},
		{[]string{"plan", filepath.Join(sharedTestdata, "leads.csv"), "--column", "fax=Phone"}, `unknown identifier kind "fax"`},
		{[]string{"plan", filepath.Join(sharedTestdata, "leads.csv"), "--column", "Phone"}, "write KIND=HEADER"},
		{[]string{"plan", filepath.Join(sharedTestdata, "leads.csv"), "--default-region", "UK"}, "did you mean GB?"},
		{[]string{"plan", filepath.Join(sharedTestdata, "leads.csv"), "--prefer", "email,email"}, "email is named twice"},
		{[]string{"plan", filepath.Join(sharedTestdata, "leads.csv"), "--items-per-minute", "0"}, "--items-per-minute must be a positive number"},
		{[]string{"plan"}, "expects one input file"},
	} {
		out, errOut, code := runEnrich(t, tc.args...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("enrich %q: exit %d, stderr %q, stdout %q; want exit 2 and %q", tc.args, code, errOut, out, tc.want)
		}
		if lines := strings.Count(strings.TrimSpace(errOut), "\n") + 1; lines != 1 {
			t.Errorf("enrich %q: %d lines on stderr; want one sentence", tc.args, lines)
		}
	}
}

// TestPlanRefusalNamesTheFile: a plan that refuses a file names that
// file, never "standard input", which only a piped input is called.
func TestPlanRefusalNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "columns.csv")
	if err := os.WriteFile(path, []byte("Foo,Bar\nx,y\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runEnrich(t, "plan", path)
	if code != ExitUsage || !strings.Contains(errOut, path+": no identifier column") || strings.Contains(errOut, "standard input") {
		t.Errorf("enrich plan %s: exit %d, stderr %q; want exit 2 naming the file", path, code, errOut)
	}
}
