package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// TestGolden writes the reports of the sample run and the sample company
// export, as the commands do, and compares both files with the golden
// ones: the JSON keeps its field names, and the page changes only on
// purpose (go test ./report -run TestGolden -update, then look at the
// diff and at `make report-shot`).
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		fixture string
		doc     interface{ WriteFiles() error }
	}{
		{fixture: "sample-run.json", doc: &Run{}},
		{fixture: "sample-employees.json", doc: &Employees{}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", tc.fixture))
			if err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(bytes.NewReader(b))
			dec.DisallowUnknownFields()
			if err := dec.Decode(tc.doc); err != nil {
				t.Fatalf("%s: %v", tc.fixture, err)
			}
			var output string
			switch d := tc.doc.(type) {
			case *Run:
				output = d.Output
			case *Employees:
				output = d.Output
			}
			golden, err := filepath.Abs(filepath.Join("testdata", "golden"))
			if err != nil {
				t.Fatal(err)
			}
			t.Chdir(t.TempDir()) // the sample's output is a plain file name
			if err := tc.doc.WriteFiles(); err != nil {
				t.Fatal(err)
			}
			for _, ext := range []string{".report.json", ".report.html"} {
				got, err := os.ReadFile(output + ext)
				if err != nil {
					t.Fatal(err)
				}
				if r, ok := tc.doc.(*Run); ok && ext == ".report.html" {
					checkRunPage(t, r, got)
				}
				path := filepath.Join(golden, output+ext)
				if *update {
					if err := os.WriteFile(path, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run with -update to write it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from %s; if the change is meant, run: go test ./report -run TestGolden -update", output+ext, path)
				}
			}
		})
	}
}
