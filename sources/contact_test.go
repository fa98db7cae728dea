package sources

import (
	"fmt"
	"strings"
	"testing"
)

// kindsOf reads every row of a table and says what each identifier cell
// was read as: its kind, or "invalid:" and the reason.
func kindsOf(t *testing.T, tb *Table) []string {
	t.Helper()
	var kinds []string
	for {
		row, err := tb.Next()
		if err != nil {
			return kinds
		}
		for _, id := range row.IDs {
			kinds = append(kinds, id.Kind.String())
		}
		for _, inv := range row.Invalid {
			kinds = append(kinds, "invalid:"+inv.Reason)
		}
	}
}

// TestContactCellByCell: each cell of a column found by content, or named
// with --column auto=, is read as what it is, however few of its kind the
// column holds: a column of mostly e-mails keeps its phones and profile
// URLs (they once read as "e-mail address without @"). A cell that is
// none is invalid for a reason that fits what it looks like. A column its
// header names keeps its kind.
func TestContactCellByCell(t *testing.T) {
	mostlyEmail := []string{
		"ann@example.com", "bob@example.org", "cy@example.net", "di@example.com", "ed@example.com",
		"flo@example.com", "gus@example.com", "hal@example.com", "+1 415 555 0123", "https://www.linkedin.com/in/jo-ko",
	}
	var past strings.Builder // an e-mail column with a phone and a URL past the sample
	past.WriteString("Name,Contact\n")
	for i := 0; i < sampleRows+5; i++ {
		fmt.Fprintf(&past, "P%d,p%d@example.com\n", i, i)
	}
	past.WriteString("Q,+44 20 7946 0958\nR,linkedin.com/in/r-s\nS,s.example.com\n")
	pastWant := strings.Repeat("email,", sampleRows+5) + "phone,linkedin,invalid:e-mail address without @"

	for _, tc := range []struct {
		name    string
		header  string
		cells   []string
		opts    Options
		kind    string // the column's kind as plan shows it
		by      DetectedBy
		want    string // what each cell was read as
		csvText string // the whole file, instead of header and cells
	}{
		{name: "mostly e-mails", header: "Contact", cells: mostlyEmail, kind: "auto", by: ByContent,
			want: "email,email,email,email,email,email,email,email,phone,linkedin"},
		{name: "mostly e-mails, named auto", header: "Contact", cells: mostlyEmail, opts: Options{Columns: []string{"auto=Contact"}}, kind: "auto", by: ByOverride,
			want: "email,email,email,email,email,email,email,email,phone,linkedin"},
		{name: "mostly phones", header: "Contact", cells: []string{"+1 415 555 0101", "+1 415 555 0102", "+1 415 555 0103", "+1 415 555 0104", "ann@example.com"}, kind: "auto", by: ByContent,
			want: "phone,phone,phone,phone,email"},
		{name: "a phone Excel made a number", header: "Contact", cells: append([]string{"14155550188"}, mostlyEmail[:8]...), kind: "email", by: ByContent,
			want: "phone,email,email,email,email,email,email,email,email"},
		{name: "several addresses in a cell", header: "Contact", cells: append([]string{"a@example.com; b@example.com"}, mostlyEmail...), kind: "auto", by: ByContent,
			want: "email,email,email,email,email,email,email,email,email,email,phone,linkedin"},
		{name: "reasons that fit", header: "Contact", cells: append([]string{
			"bob@@example.com", "https://www.linkedin.com/company/acme", "555 1", "0123456789abcdef0123456789abcde", "call me maybe",
		}, mostlyEmail...), kind: "auto", by: ByContent,
			want: "invalid:e-mail address with more than one @,invalid:not a profile URL (/company/ path),invalid:not a phone number (too few digits)," +
				"invalid:uid is not 32 hex characters,invalid:not a profile URL, e-mail, phone or uid," +
				"email,email,email,email,email,email,email,email,phone,linkedin"},
		{name: "past the sample", csvText: past.String(), kind: "email", by: ByContent, want: pastWant},
		{name: "a header that says e-mail", header: "Email", cells: mostlyEmail, kind: "email", by: ByHeader,
			want: "email,email,email,email,email,email,email,email,invalid:e-mail address contains spaces,invalid:e-mail address without @"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := tc.csvText
			if text == "" {
				text = "Name," + tc.header + "\n"
				for i, c := range tc.cells {
					text += fmt.Sprintf("P%d,\"%s\"\n", i, c)
				}
			}
			tb, err := Open(writeFile(t, "contacts.csv", []byte(text)), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer tb.Close()
			cols := tb.Columns()
			if len(cols) != 1 || cols[0].KindName() != tc.kind || cols[0].By != tc.by {
				t.Fatalf("columns %+v; want one %s column by %s", cols, tc.kind, tc.by)
			}
			if got := strings.Join(kindsOf(t, tb), ","); got != tc.want {
				t.Errorf("cells read as\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestNamedColumnOnItsSheet: a column named with --column is looked for
// on the sheet that has it, the first whose header holds it, when the
// first sheet does not (a cover sheet's title once answered "the columns
// are 'Q3 trade-show leads'"); when no sheet has it, the error names each
// sheet and its columns.
func TestNamedColumnOnItsSheet(t *testing.T) {
	cover := libreSheet{name: "Cover", rows: [][]string{{"Q3 trade-show leads"}}}
	notes := libreSheet{name: "Notes", rows: [][]string{{"Note", "Owner"}, {"call back", "Kim"}}}
	contacts := func(name string) libreSheet {
		return libreSheet{name: name, rows: [][]string{
			{"Name", "Company", "Contact"},
			{"Ann Smith", "Acme", "ann@example.com"},
			{"Bob Jones", "Globex", "+1 415 555 0123"},
			{"Cy Young", "Initech", "https://www.linkedin.com/in/cy-young"},
		}}
	}
	blank := libreSheet{name: "Blank", data: `<sheetData/>`}
	for _, tc := range []struct {
		name    string
		sheets  []libreSheet
		columns []string
		sheet   string // the sheet read
		err     string // or the error, after "PATH"
	}{
		{"after a cover", []libreSheet{cover, contacts("Leads")}, []string{"auto=Contact"}, "Leads", ""},
		{"after a cover and notes", []libreSheet{cover, notes, contacts("Leads")}, []string{"auto=contact"}, "Leads", ""},
		{"after a blank sheet", []libreSheet{blank, contacts("Leads")}, []string{"auto=Contact"}, "Leads", ""},
		{"the first of two", []libreSheet{cover, contacts("Leads"), contacts("More")}, []string{"auto=Contact"}, "Leads", ""},
		{"person columns", []libreSheet{cover, contacts("Leads")}, []string{"name=Name", "company=Company"}, "Leads", ""},
		{"on the first sheet", []libreSheet{notes, contacts("Leads")}, []string{"auto=Note"}, "Notes", ""},
		{"on no sheet", []libreSheet{cover, blank, notes}, []string{"auto=Contact"}, "",
			`: column override "auto=Contact": no sheet has a column named "Contact": sheet "Cover" has "Q3 trade-show leads"; sheet "Blank" is blank; sheet "Notes" has "Note", "Owner"`},
		{"not all on one sheet", []libreSheet{cover, contacts("Leads"), notes}, []string{"auto=Contact", "email=Note"}, "",
			`: column overrides "auto=Contact", "email=Note": no sheet has every column they name: sheet "Cover" has "Q3 trade-show leads"; sheet "Leads" has "Name", "Company", "Contact"; sheet "Notes" has "Note", "Owner"`},
		{"the only sheet", []libreSheet{cover}, []string{"auto=Contact"}, "",
			`column override "auto=Contact": no column named "Contact" in PATH; the columns are "Q3 trade-show leads"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := libreBook(t, tc.sheets...)
			tb, err := Open(path, Options{Columns: tc.columns})
			if tc.err != "" {
				want := strings.ReplaceAll(tc.err, "PATH", path)
				if err == nil {
					tb.Close()
					t.Fatalf("read sheet %q; want the error %q", tb.Layout().Sheet, want)
				}
				if msg := err.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, want) {
					t.Errorf("error\n%s\nwant one naming the file and saying\n%s", msg, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer tb.Close()
			if got := tb.Layout().Sheet; got != tc.sheet {
				t.Errorf("read sheet %q; want %q", got, tc.sheet)
			}
			if tc.sheet == "Leads" && tc.columns[0] == "auto=Contact" {
				if got := strings.Join(kindsOf(t, tb), ","); got != "email,phone,linkedin" {
					t.Errorf("cells read as %s; want email,phone,linkedin", got)
				}
			}
		})
	}
}
