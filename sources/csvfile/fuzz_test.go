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
		text, lines := quoteAll(want, delim)
		got := readAny(t, []byte(text), true)
		if len(got) != len(want) {
			t.Fatalf("read %d rows %+v; want %d %q", len(got), got, len(want), want)
		}
		for i := range got {
			if !slices.Equal(got[i].Cells, want[i]) {
				t.Fatalf("row %d = %q; want %q (delimiter %q)", i, got[i].Cells, want[i], delim)
			}
			if got[i].Text != lines[i] || got[i].EOL != "\n" {
				t.Fatalf("row %d text %q + %q; want %q + \\n as written", i, got[i].Text, got[i].EOL, lines[i])
			}
		}
	})
}

// readAny reads data as CSV. It fails the test on what must never happen,
// and on any error if wellFormed. Data that is not text may be refused.
func readAny(t *testing.T, data []byte, wellFormed bool) []Record {
	t.Helper()
	r, err := NewReader("fuzz.csv", io.NopCloser(bytes.NewReader(data)))
	if errors.Is(err, ErrNotText) && !wellFormed {
		return nil
	}
	if err != nil {
		t.Fatalf("NewReader over memory: %v", err)
	}
	defer r.Close()
	var rows []Record
	last := 0
	for {
		rec, err := r.Next()
		cells, line := rec.Cells, rec.Line
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
		rows = append(rows, rec)
	}
}

// cellsFrom cuts fuzz data into rows of width cells: 0x01 ends a cell,
// 0x02 a row. Text is made valid UTF-8 without control characters other
// than TAB and LF: the reader repairs invalid UTF-8, encoding/csv drops
// CR by design, and control characters make a file not text.
func cellsFrom(data []byte, width int) [][]string {
	text := strings.ToValidUTF8(string(data), "?")
	text = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != 0x01 && r != 0x02 || r == 0xFEFF {
			return -1
		}
		return r
	}, text)
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

// quoteAll writes rows as CSV with every field quoted, and returns the
// text and each row's line without its line ending.
func quoteAll(rows [][]string, delim rune) (string, []string) {
	var b strings.Builder
	lines := make([]string, len(rows))
	for n, row := range rows {
		var line strings.Builder
		for i, c := range row {
			if i > 0 {
				line.WriteRune(delim)
			}
			line.WriteString(`"` + strings.ReplaceAll(c, `"`, `""`) + `"`)
		}
		lines[n] = line.String()
		b.WriteString(lines[n] + "\n")
	}
	return b.String(), lines
}
