package sheetxml

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// TestCells reads rows as spreadsheet programs write them: with and
// without references, a namespace prefix, inline and rich strings,
// escapes, attributes split over lines, and cells that are empty.
func TestCells(t *testing.T) {
	for _, tc := range []struct {
		prefix, row string
		want        string
	}{
		{"", `<row r="2" spans="1:3"><c r="A2" t="s"><v>0</v></c><c r="C2" s="3"><v>45292</v></c></row>`, `1:s:0:"0" 3::3:"45292"`},
		{"x:", `<x:row r="5"><x:c r="B5" t="inlineStr"><x:is><x:t>a &amp; b</x:t></x:is></x:c></x:row>`, `2:inlineStr:0:"a & b"`},
		{"", `<row><c t="inlineStr"><is><r><t>rich </t></r><r><rPr/><t xml:space="preserve">text</t></r><rPh><t>ignored</t></rPh></is></c><c/></row>`, `0:inlineStr:0:"rich text" 0::0:""`},
		{"", "<row r=\"1\"><c\nr=\"AB1\"\tt=\"b\"><f>TRUE()</f><v>1</v></c></row>", `28:b:0:"1"`},
		{"", `<row r="1"/>`, ``},
	} {
		var got []string
		err := Cells([]byte(tc.row), tc.prefix, func(c Cell) error {
			got = append(got, strings.Join([]string{strconv.Itoa(c.Col), c.Type, strconv.Itoa(c.Style), `"` + c.Value + `"`}, ":"))
			return nil
		})
		if err != nil || strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.row, got, err, tc.want)
		}
	}
	if n := RowNumber([]byte(`<row spans="1:2" r="17">`)); n != 17 {
		t.Errorf("RowNumber = %d; want 17", n)
	}
}

// TestStreamRows reads rows across read boundaries, and stops at the end
// of the rows.
func TestStreamRows(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 5000; i++ {
		b.WriteString(`<row r="` + strings.Repeat("9", 1) + `"><c><v>` + strings.Repeat("x", i%300) + "</v></c></row>\n")
	}
	b.WriteString("</sheetData><tail/>")
	s := &Stream{R: strings.NewReader(b.String())}
	rows := 0
	for {
		if err := s.SkipSpace(nil); err != nil {
			t.Fatal(err)
		}
		row, err := s.Row("", 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if row == nil {
			break
		}
		if !bytes.HasSuffix(row, []byte("</row>")) {
			t.Fatalf("row %d: %q", rows, row)
		}
		rows++
	}
	if rows != 5000 {
		t.Errorf("read %d rows; want 5000", rows)
	}
}

// FuzzCells feeds row XML of any bytes to the readers: they never panic,
// and a well-formed row of inline strings gives its text back.
func FuzzCells(f *testing.F) {
	f.Add([]byte(`<row r="2"><c r="A2" t="s"><v>0</v></c></row>`), "plain")
	f.Add([]byte(`<x:row><x:c t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c>`), "a & <b>")
	f.Add([]byte(`<row><c`), "")
	f.Fuzz(func(t *testing.T, row []byte, text string) {
		_ = Cells(row, "", func(Cell) error { return nil })
		_ = Cells(row, "x:", func(Cell) error { return nil })
		_ = RowNumber(row)
		_, _ = Text(row, "")
		s := &Stream{R: bytes.NewReader(row)}
		_, _ = s.Row("", 1<<16)

		text = strings.ToValidUTF8(text, "")
		escaped := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(text)
		var got string
		err := Cells([]byte(`<row r="1"><c r="B1" t="inlineStr"><is><t xml:space="preserve">`+escaped+`</t></is></c></row>`), "", func(c Cell) error {
			got = c.Value
			return nil
		})
		if err != nil || got != text {
			t.Fatalf("inline string %q read as %q, %v", text, got, err)
		}
	})
}

// TestAppendText reads string items as a shared-string table holds
// them, appending to what the buffer holds; reading a table of items
// without entities allocates nothing an item.
func TestAppendText(t *testing.T) {
	items := []struct{ xml, want string }{
		{`<x:si><x:t>plain</x:t></x:si>`, "plain"},
		{`<x:si><x:r><x:t>rich </x:t></x:r><x:r><x:rPr/><x:t xml:space="preserve">text</x:t></x:r><x:rPh><x:t>ignored</x:t></x:rPh></x:si>`, "rich text"},
		{`<x:si/>`, ""},
		{`<x:si><x:t/></x:si>`, ""},
		{`<x:si><x:r><x:t>a &amp; </x:t></x:r><x:r><x:t>b &lt;c&gt;</x:t></x:r></x:si>`, "a & b <c>"},
	}
	plain := len(items) - 1 // the items before the one with entities
	var table strings.Builder
	for _, it := range items {
		table.WriteString(it.xml)
	}
	for range 1001 { // AllocsPerRun runs once more than asked
		for _, it := range items[:plain] {
			table.WriteString(it.xml)
		}
	}
	table.WriteString("</x:sst>")
	s := &Stream{R: strings.NewReader(table.String())}
	buf := []byte("kept|")
	next := func(want string) {
		item, err := s.Element("x:", "si", 1<<20)
		if err != nil || item == nil {
			t.Fatalf("item %q: %v", item, err)
		}
		if buf, err = AppendText(buf[:5], item, "x:"); err != nil || string(buf) != "kept|"+want {
			t.Fatalf("%s read as %q, %v; want %q", item, buf, err, "kept|"+want)
		}
	}
	for _, it := range items {
		next(it.want) // these first reads also fill the stream's buffer
	}
	if n := testing.AllocsPerRun(1000, func() {
		for _, it := range items[:plain] {
			next(it.want)
		}
	}); n != 0 {
		t.Errorf("%.1f allocations for %d items; want none", n, plain)
	}
}
