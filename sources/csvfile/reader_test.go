package csvfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSniffDelimiter(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       rune
	}{
		{"comma", "a,b,c\n1,2,3\n", ','},
		{"semicolon with decimal commas", "name;amount;phone\nx;1,5;+49 30 1\ny;2,75;+49 30 2\n", ';'},
		{"tab", "a\tb\n1\t2\n", '\t'},
		{"pipe", "a|b|c\n1|2|3\n", '|'},
		{"comma inside quotes", "\"Smith; John\",x\n\"Doe; Jane\",y\n", ','},
		{"semicolon with quoted commas", "\"a,b\";c\n\"d,e\";f\n", ';'},
		{"ragged", "a,b,c\n1,2\n1,2,3,4\n", ','},
		{"one column", "email\na@example.com\n", ','},
		{"empty", "", ','},
	} {
		if got := sniffDelimiter([]byte(tc.text), true); got != tc.want {
			t.Errorf("%s: sniffed %q; want %q", tc.name, got, tc.want)
		}
	}
}

func TestSepLine(t *testing.T) {
	for _, tc := range []struct {
		text  string
		delim rune
		sep   bool
		first string
	}{
		{"sep=;\r\na;b\r\n", ';', true, "a"},
		{"SEP=|\na|b\n", '|', true, "a"},
		{"sep=\t\na\tb\n", '\t', true, "a"},
		{"sep=;", ';', true, ""},
		{"sep=ab\na,b\n", ',', false, "sep=ab"},
		{"separator,b\n", ',', false, "separator"},
	} {
		r, err := NewReader("t.csv", io.NopCloser(strings.NewReader(tc.text)))
		if err != nil {
			t.Fatal(err)
		}
		d := r.Dialect()
		rec, err := r.Next()
		cells := rec.Cells
		if d.Delimiter != tc.delim || d.SepLine != tc.sep || (tc.first != "" && (err != nil || cells[0] != tc.first)) {
			t.Errorf("%q: delimiter %q sep %v first %q (%v); want %q %v %q", tc.text, d.Delimiter, d.SepLine, cells, err, tc.delim, tc.sep, tc.first)
		}
	}
}

// TestRepairLateWindows1252 covers a file that is UTF-8 for its first
// 64 KiB and then holds a Windows-1252 field: the accents survive.
func TestRepairLateWindows1252(t *testing.T) {
	text := "name,city\n" + strings.Repeat("ascii,row\n", 8000) + "Ren\xe9,Z\xfcrich\n"
	r, err := NewReader("t.csv", io.NopCloser(strings.NewReader(text)))
	if err != nil {
		t.Fatal(err)
	}
	if r.Dialect().Encoding != EncodingUTF8 {
		t.Fatalf("encoding %s; want utf-8 from the first 64 KiB", r.Dialect().Encoding)
	}
	var last []string
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		last = rec.Cells
	}
	if strings.Join(last, ",") != "René,Zürich" {
		t.Errorf("last row %q; want René, Zürich", last)
	}
}

func TestUTF16WithoutBOM(t *testing.T) {
	le := []byte{}
	for _, r := range "Email\tName\r\na@example.com\tAnn\r\n" {
		le = append(le, byte(r), 0)
	}
	r, err := NewReader("t.csv", io.NopCloser(strings.NewReader(string(le))))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := r.Next()
	cells := rec.Cells
	if d := r.Dialect(); d.Encoding != EncodingUTF16LE || d.BOM || d.Delimiter != '\t' || err != nil || cells[0] != "Email" {
		t.Errorf("dialect %+v, first row %q, %v", d, cells, err)
	}
}

func TestRecordTooLong(t *testing.T) {
	old := MaxRecordBytes
	MaxRecordBytes = 64 << 10
	t.Cleanup(func() { MaxRecordBytes = old })
	path := filepath.Join(t.TempDir(), "open-quote.csv")
	body := "Email,Notes\na@example.com,\"never closed\n" + strings.Repeat("x,y,z\n", 100000)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for err == nil {
		_, err = r.Next()
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "quote left open") {
		t.Errorf("error = %v; want one naming the file, line 2 and the open quote", err)
	}
}
