package sinks

import (
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	xunicode "golang.org/x/text/encoding/unicode"

	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/internal/textenc"
	"github.com/enrich-dev/enrich/sources"
)

// statusOnly appends enrich_status alone, so that the outputs of the
// tests of fills stay short.
var statusOnly = Options{Columns: []Column{ColumnStatus}}

// fillsByRow are the fills of each row, by its number.
type fillsByRow map[int][]Fill

// writeFilled writes the table at input to a new file named name (its
// extension the format), every row not_found with the fills fills gives
// it, and returns the output's path; or the first error of a Write.
func writeFilled(t *testing.T, input, name string, opts Options, fills fillsByRow) (string, error) {
	t.Helper()
	tb, err := sources.Open(input, sources.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	out := filepath.Join(t.TempDir(), name)
	w, err := Create(out, tb.Layout(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for {
		row, err := tb.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(row, &Outcome{Status: StatusNotFound, Fills: fills[row.Num]}); err != nil {
			return "", err
		}
	}
	if err := WriteTail(w, tb.Tail()); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	return out, nil
}

// inputFile writes data to a file of the test and returns its path.
func inputFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCSVFills writes CSV inputs of every dialect with cells filled: each
// output is the input byte for byte but for the filled fields (and the
// appended enrich_status).
func TestCSVFills(t *testing.T) {
	utf16le := func(s string) []byte {
		b, err := xunicode.UTF16(xunicode.LittleEndian, xunicode.UseBOM).NewEncoder().Bytes([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cp1252 := func(s string) []byte {
		b, err := textenc.Windows1252.NewEncoder().Bytes([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		name  string
		input []byte
		opts  Options
		fills fillsByRow
		want  []byte
	}{
		{
			name:  "comma, quoted and unquoted neighbours",
			input: []byte("Name,Email,Phone,Note\nAnn,,\"+1 415 555 0123\",\"said \"\"hi\"\"\"\nBob,\"bob@x.example\",,plain\n"),
			fills: fillsByRow{2: {{Column: 1, Value: "ann@x.example"}}, 3: {{Column: 2, Value: "+1 415-555-0199"}}},
			want:  []byte("Name,Email,Phone,Note,enrich_status\nAnn,ann@x.example,\"+1 415 555 0123\",\"said \"\"hi\"\"\",not_found\nBob,\"bob@x.example\",+1 415-555-0199,plain,not_found\n"),
		},
		{
			name:  "a value that needs quotes, an overwritten quoted field",
			input: []byte("Name,Email,Company\nAnn,,\"Acme, Inc.\"\n"),
			fills: fillsByRow{2: {{Column: 1, Value: `x"y,z`}, {Column: 2, Value: "Initech"}}},
			want:  []byte("Name,Email,Company,enrich_status\nAnn,\"x\"\"y,z\",Initech,not_found\n"),
		},
		{
			name:  "semicolon, CRLF, a quoted line break kept",
			input: []byte("Name;Email;Address;Phone\r\n\"Müller\";;\"Hauptstr. 1\r\n10115 Berlin\";\r\nSchmidt;s@x.example;Weg 2;030 123456\r\n"),
			fills: fillsByRow{2: {{Column: 1, Value: "m@x.example"}, {Column: 3, Value: "030 1234; 5"}}, 3: {{Column: 0, Value: " Schmidt-Weber"}}},
			want:  []byte("Name;Email;Address;Phone;enrich_status\r\n\"Müller\";m@x.example;\"Hauptstr. 1\r\n10115 Berlin\";\"030 1234; 5\";not_found\r\n\" Schmidt-Weber\";s@x.example;Weg 2;030 123456;not_found\r\n"),
		},
		{
			name:  "a ragged row filled beyond its last field",
			input: []byte("Name,Email,Phone,Title\nAnn,a@x.example\nBob\n"),
			fills: fillsByRow{2: {{Column: 3, Value: "CTO"}}, 3: {{Column: 1, Value: "b@x.example"}}},
			want:  []byte("Name,Email,Phone,Title,enrich_status\nAnn,a@x.example,,CTO,not_found\nBob,b@x.example,,,not_found\n"),
		},
		{
			name:  "a row wider than the header: its extra cells after the appended ones",
			input: []byte("Name,Email\nAnn,,extra\n"),
			fills: fillsByRow{2: {{Column: 1, Value: "a@x.example"}}},
			want:  []byte("Name,Email,enrich_status\nAnn,a@x.example,not_found,extra\n"),
		},
		{
			name:  "the formula guard on filled values, not on the user's",
			input: []byte("Name,Title,Phone,Note\nAnn,,,=SUM(1)\n"),
			fills: fillsByRow{2: {{Column: 1, Value: "=cmd|' /C calc'!A0"}, {Column: 2, Value: "+1 415-555-0123"}}},
			want:  []byte("Name,Title,Phone,Note,enrich_status\nAnn,'=cmd|' /C calc'!A0,+1 415-555-0123,=SUM(1),not_found\n"),
		},
		{
			name:  "no formula guard",
			input: []byte("Name,Title\nAnn,\n"),
			opts:  Options{Columns: []Column{ColumnStatus}, NoFormulaGuard: true},
			fills: fillsByRow{2: {{Column: 1, Value: "=1+1"}}},
			want:  []byte("Name,Title,enrich_status\nAnn,=1+1,not_found\n"),
		},
		{
			name:  "the last fill of a column wins; a negative column fills nothing",
			input: []byte("Name,Email\nAnn,\n"),
			fills: fillsByRow{2: {{Column: 1, Value: "first@x.example"}, {Column: -1, Value: "no"}, {Column: 1, Value: "last@x.example"}}},
			want:  []byte("Name,Email,enrich_status\nAnn,last@x.example,not_found\n"),
		},
		{
			name:  "the header and the rows above it stay",
			input: []byte("sep=,\nLeads export,\n\nName,Email\n\nAnn,\n"),
			fills: fillsByRow{5: {{Column: 1, Value: "a@x.example"}}},
			want:  []byte("sep=,\nLeads export,\n\nName,Email,enrich_status\n\nAnn,a@x.example,not_found\n"),
		},
		{
			name:  "Windows-1252: the filled value encoded as the row",
			input: cp1252("Name;Société;Ville\r\nZoë;;Zürich\r\n"),
			fills: fillsByRow{2: {{Column: 1, Value: "Café Crème"}}},
			want:  cp1252("Name;Société;Ville;enrich_status\r\nZoë;Café Crème;Zürich;not_found\r\n"),
		},
		{
			name:  "UTF-16 with tabs",
			input: utf16le("Name\tEmail\tCity\r\nJosé\t\tSão Paulo\r\n"),
			fills: fillsByRow{2: {{Column: 1, Value: "josé@x.example"}, {Column: 2, Value: "Rio\tde Janeiro"}}},
			want:  utf16le("Name\tEmail\tCity\tenrich_status\r\nJosé\tjosé@x.example\t\"Rio\tde Janeiro\"\tnot_found\r\n"),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			if opts.Columns == nil {
				opts = statusOnly
			}
			out, err := writeFilled(t, inputFile(t, "in.csv", tc.input), "out.csv", opts, tc.fills)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(out)
			if string(got) != string(tc.want) {
				t.Errorf("output\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

// A filled value that Windows-1252 cannot hold turns the output into
// UTF-8 with a BOM, as an appended one does.
func TestCSVFillNotWindows1252(t *testing.T) {
	input, err := textenc.Windows1252.NewEncoder().Bytes([]byte("Name;Société\r\nZoë;\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	path := inputFile(t, "in.csv", input)
	fills := fillsByRow{2: {{Column: 1, Value: "王伟"}}}
	out, err := writeFilled(t, path, "out.csv", statusOnly, fills)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != "\uFEFFName;Société;enrich_status\r\nZoë;王伟;not_found\r\n" {
		t.Errorf("output %q; want UTF-8 with a BOM and the value", got)
	}
}

// A record whose text does not split into the row's cells (read another
// way) is written cell by cell, with the fill, rather than cut wrong.
func TestCSVFillRecordDisagrees(t *testing.T) {
	layout := sheet.Layout{Format: sheet.CSV, Delimiter: ',', Header: []string{"a", "b", "c"}, HeaderRecord: "a,b,c", HeaderEOL: "\n"}
	c, err := newCSVWriter(filepath.Join(t.TempDir(), "out.csv"), layout, statusOnly)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Abort()
	row := sheet.Row{Num: 2, Cells: []string{"x", "y,z", ""}, Record: `x,y,z`, EOL: "\n"}
	got, _ := c.FormatRow(nil, 0, row, &Outcome{Status: StatusNotFound, Fills: []Fill{{Column: 2, Value: "v"}}})
	if want := "x,\"y,z\",v,not_found\n"; string(got) != want {
		t.Errorf("row %q; want %q", got, want)
	}
}

// An .xlsx input written as CSV gets its cells with the fills, guarded.
func TestCSVFillsOfWorkbook(t *testing.T) {
	in := newBook(t)
	out, err := writeFilled(t, in, "out.csv", statusOnly, fillsByRow{2: {{Column: 1, Value: "=ann"}, {Column: 2, Value: "+1 415-555-0123"}}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(got), "\uFEFF")))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Ann", "'=ann", "+1 415-555-0123", "42", "", "not_found"}
	if strings.Join(rows[1], "|") != strings.Join(want, "|") {
		t.Errorf("row 2 %q; want %q", rows[1], want)
	}
	if strings.Join(rows[0], "|") != "Name|Email|Phone|Score|Note|enrich_status" {
		t.Errorf("header %q", rows[0])
	}
}
