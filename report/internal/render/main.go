// Command render writes the page of a JSON report (OUTPUT.report.json) to
// a file, for `make report-shot` and for looking at a report's page after
// the page changed:
//
//	go run ./report/internal/render REPORT.json PAGE.html
//
// A report with a "company" object is a company employee export; any
// other is a run.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/enrich-dev/enrich/report"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: render REPORT.json PAGE.html")
		os.Exit(2)
	}
	if err := render(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "render:", err)
		os.Exit(1)
	}
}

func render(in, out string) error {
	b, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var probe struct {
		Company json.RawMessage `json:"company"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	var page interface{ WriteHTML(io.Writer) error }
	if probe.Company != nil {
		page = &report.Employees{}
	} else {
		page = &report.Run{}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(page); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	var buf bytes.Buffer
	if err := page.WriteHTML(&buf); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}
