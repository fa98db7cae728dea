package sinks

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// TestParquetTyped: a Parquet output holds the input's columns as text in
// their order, an empty cell null, then the appended columns typed: the
// e-mails and phones as lists, the score a number; read back with the
// library's own reader, not enrich's.
func TestParquetTyped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.parquet")
	layout := sheet.Layout{Path: "in.csv", Format: sheet.CSV, Header: []string{"Name", "Email"}, Names: []string{"Name", "Email"}}
	cols := []Column{ColumnStatus, ColumnScore}
	for _, c := range DefaultColumns() {
		if c.Name == "enrich_emails" || c.Name == "enrich_phones" {
			cols = append(cols, c)
		}
	}
	w, err := Create(path, layout, Options{Columns: cols})
	if err != nil {
		t.Fatal(err)
	}
	rec := &profile.Record{Emails: "a@x.com; b@y.com", Phones: "+15550100"}
	if err := w.Write(sheet.Row{Num: 2, Cells: []string{"Ada", ""}}, &Outcome{Status: StatusSuccess, Score: 91, Profile: rec}); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(sheet.Row{Num: 3, Cells: []string{"Bob", "bob@x.com"}}, &Outcome{Status: StatusNotFound}); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	pf, err := parquet.OpenFile(f, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, fl := range pf.Schema().Fields() {
		names = append(names, fl.Name())
	}
	if want := []string{"Name", "Email", "enrich_status", "enrich_score", "enrich_emails", "enrich_phones"}; !reflect.DeepEqual(names, want) {
		t.Errorf("columns %v; want %v", names, want)
	}
	r := parquet.NewReader(pf)
	var rows []map[string]any
	for {
		m := map[string]any{}
		if err := r.Read(&m); err != nil {
			break
		}
		rows = append(rows, m)
	}
	want := []map[string]any{
		{"Name": "Ada", "Email": nil, "enrich_status": "success", "enrich_score": int32(91), "enrich_emails": []any{"a@x.com", "b@y.com"}, "enrich_phones": []any{"+15550100"}},
		{"Name": "Bob", "Email": "bob@x.com", "enrich_status": "not_found", "enrich_score": nil, "enrich_emails": []any{}, "enrich_phones": []any{}},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows\n%v\nwant\n%v", rows, want)
	}
}
