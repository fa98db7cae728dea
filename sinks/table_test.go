package sinks

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/sources"
)

// person is a typed table's row; its tags are its columns.
type person struct {
	UID      string `csv:"uid"`
	FullName string `csv:"full_name"`
	Title    string `csv:"title"`
}

func TestTableWriter(t *testing.T) {
	header := []string{"uid", "full_name", "title"}
	rows := [][]string{
		{"0123456789abcdef0123456789abcdef", "Zoë Ångström", "=HYPERLINK(\"http://x\")"},
		{"fedcba9876543210fedcba9876543210", "王伟", "+CTO"},
	}
	for _, ext := range []string{".csv", ".xlsx", ".jsonl"} {
		t.Run(ext, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "people"+ext)
			w, err := CreateTable[person](path)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				if err := w.Write(person{r[0], r[1], r[2]}, json.RawMessage(`{"uid":"`+r[0]+`","extra":1}`)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := os.Stat(path); err == nil {
				t.Fatal("the table appeared before Commit")
			}
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}
			w.Abort() // safe after Commit
			if ext == ".jsonl" {
				b, _ := os.ReadFile(path)
				lines := strings.Split(strings.TrimSpace(string(b)), "\n")
				var obj map[string]any
				if len(lines) != 2 || json.Unmarshal([]byte(lines[0]), &obj) != nil || obj["title"] != rows[0][2] || obj["raw"].(map[string]any)["extra"] != 1.0 {
					t.Fatalf("jsonl: %s", b)
				}
				return
			}
			tab, err := sources.Open(path, sources.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer tab.Close()
			if got := tab.Layout().Header; strings.Join(got, "|") != strings.Join(header, "|") {
				t.Errorf("header %v", got)
			}
			for i := 0; ; i++ {
				row, err := tab.Next()
				if errors.Is(err, io.EOF) {
					if i != len(rows) {
						t.Errorf("%d rows", i)
					}
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				want := rows[i][2]
				if ext == ".csv" {
					want = "'" + want // a formula in a CSV cell is neutralized
				}
				if row.Cells[1] != rows[i][1] || row.Cells[2] != want {
					t.Errorf("row %d: %q", i, row.Cells)
				}
			}
		})
	}
	if _, err := CreateTable[person](filepath.Join(t.TempDir(), "x.txt")); err == nil {
		t.Error("a .txt table was created")
	}
}
