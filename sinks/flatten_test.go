package sinks

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites the golden files in testdata: go test ./sinks -update
var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run go test ./sinks -update)", name, err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (go test ./sinks -update to accept):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestFlattenGolden runs Flatten over realistic and hostile candidates:
// everything missing, unknown keys, string ratings, wrong types, every
// script, broken JSON.
func TestFlattenGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/flatten/*.json")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".json")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			values := Flatten(raw)
			if len(values) != len(Columns)-2 {
				t.Fatalf("Flatten gave %d values; want %d", len(values), len(Columns)-2)
			}
			var b strings.Builder
			for i, v := range values {
				fmt.Fprintf(&b, "%s: %q\n", Columns[i+2], v)
			}
			golden(t, filepath.Join("flatten", name+".golden"), []byte(b.String()))
		})
	}
}

// TestFlattenChoices states the rules a user relies on, apart from the
// golden files.
func TestFlattenChoices(t *testing.T) {
	raw, err := os.ReadFile("testdata/flatten/full.json")
	if err != nil {
		t.Fatal(err)
	}
	got := Flatten(raw)
	for _, tc := range []struct {
		column, want string
	}{
		{"enrich_title", "VP Engineering"}, // the current role started last
		{"enrich_company", "Acme Corp"},
		{"enrich_location", "San Francisco, California, United States"},
		{"enrich_email", "jane.doe@acme.example"}, // work before personal at the same rating
		{"enrich_emails", "jane.doe@acme.example; jane@personal.example; jd@old.example"},
		{"enrich_phone", "+1 415 555 0123"}, // mobile first
		{"enrich_phones", "+1 415 555 0123; +1 415 555 0100; +1 415 555 0199"},
		{"enrich_linkedin", "https://www.linkedin.com/in/jane-doe-42"}, // highest rating
		{"enrich_skills", "Go; Distributed Systems; Hiring"},
	} {
		if v := got[columnIndex(t, tc.column)-2]; v != tc.want {
			t.Errorf("%s = %q; want %q", tc.column, v, tc.want)
		}
	}
	for _, raw := range []json.RawMessage{nil, {}, json.RawMessage("null"), json.RawMessage("not json")} {
		for i, v := range Flatten(raw) {
			if v != "" {
				t.Errorf("Flatten(%q): %s = %q; want empty", raw, Columns[i+2], v)
			}
		}
	}
}

func TestFlattenLongText(t *testing.T) {
	long := strings.Repeat("long headline ", 5000) + "end"
	raw, _ := json.Marshal(map[string]any{"headLine": long, "skills": []string{strings.Repeat("s", 100000)}})
	got := Flatten(raw)
	if got[2] != long || len(got[11]) != 100000 {
		t.Errorf("long text was cut: headline %d bytes, skills %d bytes", len(got[2]), len(got[11]))
	}
}

func columnIndex(t *testing.T, name string) int {
	t.Helper()
	for i, c := range Columns {
		if c == name {
			return i
		}
	}
	t.Fatalf("no column %s", name)
	return -1
}
