package csvfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCSV feeds the reader, sniffing included, two ways. Any bytes at all
// must never make it panic, and every cell it returns is valid UTF-8, in
// records numbered in increasing order. And a table written by a careful
// writer (every field quoted, any of the four delimiters, quoted newlines
// and delimiters, any text) must come back cell for cell.
func FuzzCSV(f *testing.F) {
	fixtures, err := filepath.Glob("../../testdata/*.csv")
	if err != nil || len(fixtures) == 0 {
		f.Fatalf("no CSV fixtures in ../../testdata: %v", err)
	}
	for _, path := range fixtures {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(0))
	}
	f.Add([]byte("a;b\n\"x\ny\";z\n"), uint8(1))
	f.Add([]byte("sep=|\na|b\n"), uint8(3))
	f.Add([]byte("\xff\xfea\x00,\x00b\x00\n\x00"), uint8(2))
	f.Add([]byte("\"open quote,a\nb,c"), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, d uint8) {
		readAny(t, data, false)

		delim := delimiters[int(d)%len(delimiters)]
		want := cellsFrom(data, 2+int(d/4)%3)
		got := readAny(t, []byte(quoteAll(want, delim)), true)
		if len(got) != len(want) {
			t.Fatalf("read %d rows %q; want %d %q", len(got), got, len(want), want)
		}
		for i := range got {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("row %d = %q; want %q (delimiter %q)", i, got[i], want[i], delim)
			}
		}
	})
}

// readAny reads data as CSV. It fails the test on what must never happen,
// and on any error if wellFormed.
func readAny(t *testing.T, data []byte, wellFormed bool) [][]string {
	t.Helper()
	r, err := NewReader("fuzz.csv", io.NopCloser(bytes.NewReader(data)))
	if err != nil {
		t.Fatalf("NewReader over memory: %v", err)
	}
	defer r.Close()
	var rows [][]string
	last := 0
	for {
		cells, line, err := r.Next()
		if errors.Is(err, io.EOF) {
			return rows
		}
		if err != nil {
			if wellFormed {
				t.Fatalf("Next of a well-formed table: %v", err)
			}
			return rows
		}
		if line <= last {
			t.Fatalf("record on line %d after line %d", line, last)
		}
		last = line
		for _, c := range cells {
			if !utf8.ValidString(c) {
				t.Fatalf("cell %q is not valid UTF-8", c)
			}
		}
		rows = append(rows, cells)
	}
}

// cellsFrom cuts fuzz data into rows of width cells: 0x01 ends a cell,
// 0x02 a row. Text is made valid UTF-8 without NUL or CR: the reader
// repairs the one and encoding/csv drops the other by design.
func cellsFrom(data []byte, width int) [][]string {
	text := strings.ToValidUTF8(string(data), "?")
	text = strings.NewReplacer("\x00", "", "\r", "", "\uFEFF", "").Replace(text)
	var rows [][]string
	for _, line := range strings.Split(text, "\x02") {
		cells := strings.Split(line, "\x01")
		row := make([]string, width)
		copy(row, cells)
		rows = append(rows, row)
		if len(rows) == 50 {
			break
		}
	}
	return rows
}

// quoteAll writes rows as CSV with every field quoted.
func quoteAll(rows [][]string, delim rune) string {
	var b strings.Builder
	for _, row := range rows {
		for i, c := range row {
			if i > 0 {
				b.WriteRune(delim)
			}
			b.WriteString(`"` + strings.ReplaceAll(c, `"`, `""`) + `"`)
		}
		b.WriteString("\n")
	}
	return b.String()
}
