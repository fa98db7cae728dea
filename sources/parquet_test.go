package sources

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
)

// TestParquetAsText: a Parquet file written by another program is read as
// a sheet: its columns in order, a phone stored as a number with every
// digit, a list as its items, a timestamp in RFC 3339, a date as a date,
// null an empty cell; its identifiers are found as in a sheet.
func TestParquetAsText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "leads.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	schema := parquet.NewSchema("lead", parquet.Group{
		"id":      parquet.Int(64),
		"Email":   parquet.Optional(parquet.String()),
		"Phone":   parquet.Optional(parquet.Int(64)),
		"tags":    parquet.List(parquet.String()),
		"seen_at": parquet.Optional(parquet.Timestamp(parquet.Millisecond)),
		"born":    parquet.Optional(parquet.Date()),
	})
	w := parquet.NewGenericWriter[any](f, schema)
	at := time.Date(2026, 11, 29, 8, 30, 0, 0, time.UTC)
	if _, err := w.Write([]any{
		map[string]any{"id": int64(1), "Email": "ada@example.com", "Phone": int64(4915112345678), "tags": []any{"vip", "berlin"}, "seen_at": at, "born": time.Date(1990, 5, 17, 0, 0, 0, 0, time.UTC)},
		map[string]any{"id": int64(2), "tags": []any{}},
	}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	tb, err := Open(path, Options{DefaultRegion: "DE"})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	// A Group orders its columns by name.
	if got := tb.Layout().Header; !slices.Equal(got, []string{"Email", "Phone", "born", "id", "seen_at", "tags"}) || tb.Layout().Format != Parquet {
		t.Fatalf("header %v, format %s", got, tb.Layout().Format)
	}
	var rows [][]string
	var ids int
	for {
		r, err := tb.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r.Cells)
		ids += len(r.IDs)
	}
	want := [][]string{
		{"ada@example.com", "4915112345678", "1990-05-17", "1", "2026-11-29T08:30:00Z", "vip; berlin"},
		{"", "", "", "2", "", ""},
	}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("rows %q; want %q", rows, want)
	}
	if ids != 2 {
		t.Errorf("%d identifiers; want the e-mail and the phone", ids)
	}
}
