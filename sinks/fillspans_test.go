package sinks

import (
	"encoding/csv"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/sources"
)

// spanDelims are the delimiters the fuzz target draws from.
var spanDelims = []string{",", ";", "\t", "|"}

// checkSpans checks fieldSpans on one record: the spans with the
// delimiter between them make up the record, and each field's text is
// the cell encoding/csv (with LazyQuotes, as package sources reads)
// reads, where encoding/csv reads the text as one record.
func checkSpans(t *testing.T, record, delim string) {
	spans := fieldSpans(record, delim, nil)
	var b strings.Builder
	for i, s := range spans {
		if s.start > s.end || s.end > len(record) || i > 0 && s.start != spans[i-1].end+len(delim) {
			t.Fatalf("%q by %q: spans %v out of order", record, delim, spans)
		}
		if i > 0 {
			b.WriteString(delim)
		}
		b.WriteString(record[s.start:s.end])
	}
	if b.String() != record {
		t.Fatalf("%q by %q: spans %v make up %q", record, delim, spans, b.String())
	}
	want, ok := oneRecord(record, delim)
	if !ok {
		return
	}
	if len(spans) != len(want) {
		t.Fatalf("%q by %q: %d spans; encoding/csv reads %d cells %q", record, delim, len(spans), len(want), want)
	}
	for i, s := range spans {
		// encoding/csv reads a quoted CR LF as LF.
		if got := strings.ReplaceAll(fieldText(record[s.start:s.end]), "\r\n", "\n"); got != want[i] {
			t.Fatalf("%q by %q: field %d %q reads %q; encoding/csv reads %q", record, delim, i, record[s.start:s.end], got, want[i])
		}
	}
}

// oneRecord returns the cells encoding/csv reads in text, when it reads
// one record that is all of text.
func oneRecord(text, delim string) ([]string, bool) {
	if text == "" || text[0] == '\n' || text[0] == '\r' || strings.HasSuffix(text, "\r") || strings.HasSuffix(text, "\n") {
		return nil, false // blank lines before, or a line ending after: not a Record's text
	}
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = []rune(delim)[0]
	r.LazyQuotes = true
	r.FieldsPerRecord = -1
	cells, err := r.Read()
	if err != nil || r.InputOffset() != int64(len(text)) {
		return nil, false
	}
	if _, err := r.Read(); !errors.Is(err, io.EOF) {
		return nil, false
	}
	return cells, true
}

func TestFieldSpans(t *testing.T) {
	for _, tc := range []struct {
		record, delim string
		want          []string
	}{
		{`a,b,c`, ",", []string{"a", "b", "c"}},
		{``, ",", []string{""}},
		{`,,`, ",", []string{"", "", ""}},
		{`"a,b",c`, ",", []string{`"a,b"`, "c"}},
		{`"a""b",c`, ",", []string{`"a""b"`, "c"}},
		{`"a"b,c",d`, ",", []string{`"a"b,c"`, "d"}}, // a lazy quote: still quoted
		{`a"b,c`, ",", []string{`a"b`, "c"}},
		{`"open,ended`, ",", []string{`"open,ended`}},
		{"\"line\r\nbreak\";x", ";", []string{"\"line\r\nbreak\"", "x"}},
		{`a;b,c;"d;e"`, ";", []string{"a", "b,c", `"d;e"`}},
		{" \"x\",y", ",", []string{` "x"`, "y"}},
	} {
		var got []string
		for _, s := range fieldSpans(tc.record, tc.delim, nil) {
			got = append(got, tc.record[s.start:s.end])
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("fieldSpans(%q, %q) = %q; want %q", tc.record, tc.delim, got, tc.want)
		}
		checkSpans(t, tc.record, tc.delim)
	}
}

func FuzzFieldSpans(f *testing.F) {
	for _, s := range []string{`a,b,c`, `"a,b",c`, `"a""b",,`, `"a"b,c",d`, "\"x\r\ny\";z", `"open`, `a"b`, "é;\"日本\"|\t"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(1))
	}
	f.Fuzz(func(t *testing.T, record string, d uint8) {
		checkSpans(t, record, spanDelims[int(d)%len(spanDelims)])
	})
}

// cellPieces are what drawn cells are made of: delimiters, quotes, line
// breaks, spaces, formulas, other scripts.
var cellPieces = []string{"plain", "a b", " ", "x,y", "x;y", "x\ty", `say "hi"`, `"`, "line\nbreak", "crlf\r\nbreak",
	"=1+2", "+1 415-555-0123", "Müller", "日本", "", "", "@sum", "-cmd"}

// drawCell draws a cell of a few pieces.
func drawCell(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(3) {
		b.WriteString(cellPieces[rng.IntN(len(cellPieces))])
	}
	return b.String()
}

// drawField writes a cell as a field: quoted when CSV needs it, and now
// and then when it does not.
func drawField(rng *rand.Rand, v, delim string) string {
	if strings.Contains(v, delim) || strings.ContainsAny(v, "\r\n") || strings.HasPrefix(v, `"`) || rng.IntN(4) == 0 {
		return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
	}
	return v
}

// TestCSVFillsDrawn draws CSV files (a delimiter, line endings, ragged
// rows of hostile cells, quoted or not) and fills (any columns, values
// that need quotes or the guard), writes them, and reads the output back:
// every row is its input's cells with exactly the filled ones changed,
// and every field not filled is the input's bytes.
func TestCSVFillsDrawn(t *testing.T) {
	header := []string{"Name", "Email", "Phone", "Company", "Title", "Note"}
	for seed := uint64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 45))
		delim := []string{",", ";", "\t"}[rng.IntN(3)]
		eol := []string{"\n", "\r\n"}[rng.IntN(2)]
		width := 1 + rng.IntN(len(header))
		var in strings.Builder
		in.WriteString("sep=" + delim + eol + strings.Join(header[:width], delim) + eol)
		fills := fillsByRow{}
		for r := range 1 + rng.IntN(8) {
			fields := []string{drawField(rng, "r"+strconv.Itoa(r), delim)}
			for range rng.IntN(width) {
				fields = append(fields, drawField(rng, drawCell(rng), delim))
			}
			in.WriteString(strings.Join(fields, delim) + eol)
			for range rng.IntN(3) {
				fills[r+2] = append(fills[r+2], Fill{Column: rng.IntN(width), Value: drawCell(rng)})
			}
		}
		opts := Options{Columns: statusOnly.Columns, NoFormulaGuard: rng.IntN(4) == 0}
		path := inputFile(t, "in.csv", []byte(in.String()))
		out, err := writeFilled(t, path, "out.csv", opts, fills)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if msg := compareFilled(t, path, out, fills, !opts.NoFormulaGuard); msg != "" {
			data, _ := os.ReadFile(out)
			t.Fatalf("seed %d: %s\ninput %q\nfills %v\noutput %q", seed, msg, in.String(), fills, data)
		}
	}
}

// compareFilled reads input and output and returns what differs from
// what the fills make of the input, or "".
func compareFilled(t *testing.T, input, output string, fills fillsByRow, guard bool) string {
	t.Helper()
	want, wantLayout := readRows(t, input)
	got, gotLayout := readRows(t, output)
	width := len(wantLayout.Header)
	if gotLayout.HeaderRecord != wantLayout.HeaderRecord+string(wantLayout.Delimiter)+"enrich_status" {
		return "header " + gotLayout.HeaderRecord
	}
	if len(got) != len(want) {
		return "rows " + strconv.Itoa(len(got)) + "; want " + strconv.Itoa(len(want))
	}
	for i, in := range want {
		cells := append(make([]string, 0, width+1), in.Cells...)
		cells = append(append(cells, make([]string, width-len(cells))...), "not_found")
		for _, f := range fills[in.Num] { // in order: the last fill of a column wins
			cells[f.Column] = f.Value
			if guard {
				cells[f.Column] = Neutralize(f.Value)
			}
		}
		if strings.Join(got[i].Cells, "\x00") != strings.Join(cells, "\x00") || len(got[i].Cells) != len(cells) {
			return "row " + strconv.Itoa(in.Num) + " reads " + strings.Join(got[i].Cells, "|") + "; want " + strings.Join(cells, "|")
		}
		delim := string(wantLayout.Delimiter)
		was, is := fieldSpans(in.Record, delim, nil), fieldSpans(got[i].Record, delim, nil)
		for k, s := range was {
			if _, filled := fillAt(fills[in.Num], k); !filled && in.Record[s.start:s.end] != got[i].Record[is[k].start:is[k].end] {
				return "row " + strconv.Itoa(in.Num) + " field " + strconv.Itoa(k) + " was " + in.Record[s.start:s.end] + "; is " + got[i].Record[is[k].start:is[k].end]
			}
		}
	}
	return ""
}

// readRows reads every row of a table.
func readRows(t *testing.T, path string) ([]sheet.Row, sheet.Layout) {
	t.Helper()
	tb, err := sources.Open(path, sources.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	var rows []sheet.Row
	for {
		row, err := tb.Next()
		if errors.Is(err, io.EOF) {
			return rows, tb.Layout()
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row)
	}
}
