package e2e

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/emulator/world"
)

// calcWorkbook writes a workbook as LibreOffice Calc saves one: text in
// a shared-string table, and a sheet without rows as <sheetData/>. sheets
// are the sheets' names and rows, in order; a sheet of no rows is blank.
func calcWorkbook(t *testing.T, path string, names []string, sheets [][][]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z := zip.NewWriter(f)
	put := func(name, body string) {
		w, err := z.Create(name)
		if err == nil {
			_, err = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" + body))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
	var types, list, rels, sst strings.Builder
	n := 0
	for i, rows := range sheets {
		fmt.Fprintf(&types, `<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`, i+1)
		fmt.Fprintf(&list, `<sheet name="%s" sheetId="%d" state="visible" r:id="rId%d"/>`, names[i], i+1, i+2)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="%sworksheet" Target="worksheets/sheet%d.xml"/>`, i+2, rel, i+1)
		data := "<sheetData/>"
		if len(rows) > 0 {
			var b strings.Builder
			for r, row := range rows {
				fmt.Fprintf(&b, `<row r="%d" customFormat="false" ht="12.8" hidden="false" customHeight="false" outlineLevel="0" collapsed="false">`, r+1)
				for c, v := range row {
					fmt.Fprintf(&b, `<c r="%c%d" s="0" t="s"><v>%d</v></c>`, 'A'+c, r+1, n)
					fmt.Fprintf(&sst, `<si><t xml:space="preserve">%s</t></si>`, v)
					n++
				}
				b.WriteString("</row>")
			}
			data = "<sheetData>" + b.String() + "</sheetData>"
		}
		put(fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), `<worksheet `+ns+`><sheetPr filterMode="false"><pageSetUpPr fitToPage="false"/></sheetPr><dimension ref="A1"/><sheetViews><sheetView showFormulas="false" workbookViewId="0"><selection pane="topLeft" activeCell="A1" activeCellId="0" sqref="A1"/></sheetView></sheetViews><sheetFormatPr defaultColWidth="11.53515625" defaultRowHeight="12.8" zeroHeight="false" outlineLevelRow="0" outlineLevelCol="0"></sheetFormatPr>`+
			data+`<printOptions headings="false" gridLines="false" gridLinesSet="true" horizontalCentered="false" verticalCentered="false"/><pageMargins left="0.7875" right="0.7875" top="1.05277777777778" bottom="1.05277777777778" header="0.7875" footer="0.7875"/></worksheet>`)
	}
	put("[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`+types.String()+`</Types>`)
	put("_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="`+rel+`officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	put("xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="`+rel+`styles" Target="styles.xml"/>`+rels.String()+
		fmt.Sprintf(`<Relationship Id="rId%d" Type="%ssharedStrings" Target="sharedStrings.xml"/></Relationships>`, len(sheets)+2, rel))
	put("xl/workbook.xml", `<workbook `+ns+`><fileVersion appName="Calc"/><workbookPr backupFile="false" showObjects="all" date1904="false"/><bookViews><workbookView activeTab="0"/></bookViews><sheets>`+list.String()+`</sheets><calcPr iterateCount="100" refMode="A1" iterate="false" iterateDelta="0.001"/></workbook>`)
	put("xl/styles.xml", `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="10"/><name val="Arial"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>`)
	put("xl/sharedStrings.xml", fmt.Sprintf(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, n, n)+sst.String()+`</sst>`)
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
}

// checkFound fails the test unless the first rows of a CSV output found
// their people: status success and their uid, in the order of ps.
func checkFound(t *testing.T, rows [][]string, ps []*world.Person) {
	t.Helper()
	status, uid := column(t, rows[0], "enrich_status"), column(t, rows[0], "enrich_uid")
	if len(rows) < len(ps)+1 {
		t.Fatalf("%d rows out; want %d", len(rows)-1, len(ps))
	}
	for i, row := range rows[1 : len(ps)+1] {
		if row[status] != "success" || row[uid] != ps[i].UID.String() {
			t.Errorf("row %d: status %q, uid %q; want success for %s", i+2, row[status], row[uid], ps[i].UID)
		}
	}
}

// TestSourcesBlankFirstSheet: a workbook saved by LibreOffice with a
// blank first sheet (<sheetData/>) is read from the sheet after it by
// plan, run and export, as a cover sheet is, where they once stopped with
// `sheet "Empty": row 1: unexpected EOF`; a workbook of nothing but a
// blank sheet is refused in words that say so.
func TestSourcesBlankFirstSheet(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(1000), 1)
	ps := people(j, 4)
	leads := [][]string{{"Name", "Email"}}
	for _, p := range ps {
		leads = append(leads, []string{p.FullName, p.Emails[0].Address})
	}
	j.input = filepath.Join(j.dir, "calc.xlsx")
	calcWorkbook(t, j.input, []string{"Empty", "Leads"}, [][][]string{nil, leads})

	out, res := j.stdout(t, "plan", j.input, "--journal", "none")
	if res.code != 0 || !strings.Contains(out, `sheet "Leads"`) || !strings.Contains(out, `email  "Email"`) {
		t.Fatalf("plan: exit %d\n%s%s", res.code, out, res.stderr)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	if rows := readSheetCSV(t, j.output); len(rows) != len(ps)+1 {
		t.Errorf("%d rows out; want %d", len(rows)-1, len(ps))
	}
	checkFound(t, readSheetCSV(t, j.output), ps)

	// The workbook written back keeps the blank sheet, and enriches the
	// sheet of leads.
	book := filepath.Join(j.dir, "calc-out.xlsx")
	j.enrich(t, "export", j.input, "-o", book, "--journal", j.journal).expectCode(t, 0)
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if names := f.GetSheetList(); strings.Join(names, ",") != "Empty,Leads" {
		t.Errorf("the workbook written has sheets %q; want Empty, Leads", names)
	}
	if head, _ := f.GetCellValue("Leads", "C1"); head != "enrich_status" {
		t.Errorf("Leads!C1 = %q; want enrich_status", head)
	}
	for i := range ps {
		if v, _ := f.GetCellValue("Leads", fmt.Sprintf("C%d", i+2)); v != "success" {
			t.Errorf("Leads!C%d = %q; want success", i+2, v)
		}
	}

	blank := filepath.Join(j.dir, "blank.xlsx")
	calcWorkbook(t, blank, []string{"Empty"}, [][][]string{nil})
	for _, args := range [][]string{{"plan", blank, "--journal", "none"}, {"run", blank, "-o", filepath.Join(j.dir, "blank-out.csv")}} {
		res := j.enrich(t, args...)
		if res.code != 2 || !strings.Contains(res.stderr, blank) || !strings.Contains(res.stderr, "the workbook holds no rows") || strings.Contains(res.stderr, "EOF") {
			t.Errorf("%s of a workbook of one blank sheet: exit %d\n%s", args[0], res.code, res.stderr)
		}
	}
}

// TestSourcesMixedContact: a Contact column of mostly e-mails, with a
// phone and a profile URL among them, is read cell by cell: plan shows
// the mix, and run finds every person, where the phone and the URL once
// ended invalid_identifier as "e-mail address without @". A cell that is
// no identifier says so. Named with --column auto=Contact, the column is
// found on the sheet after a cover sheet.
func TestSourcesMixedContact(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(1000), 1)
	ps := people(j, 8)
	contact := func(i int, p *world.Person) string {
		switch i {
		case 3:
			return phone(p)
		case 6:
			return p.ProfileURL()
		}
		return p.Emails[0].Address
	}
	var b strings.Builder
	b.WriteString("Name,Contact\n")
	for i, p := range ps {
		fmt.Fprintf(&b, "%s,%s\n", p.FullName, contact(i, p))
	}
	j.input = filepath.Join(j.dir, "crm.csv")
	writeFile(t, j.input, b.String()+"Pat Doe,call me maybe\n")
	out, res := j.stdout(t, "plan", j.input, "--journal", "none")
	if res.code != 0 || !strings.Contains(out, `auto  "Contact"`) || !strings.Contains(out, "(1 linkedin, 6 email, 1 phone)") {
		t.Errorf("plan does not show the mixed column: exit %d\n%s%s", res.code, out, res.stderr)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	rows := readSheetCSV(t, j.output)
	checkFound(t, rows, ps)
	status, reason := column(t, rows[0], "enrich_status"), column(t, rows[0], "enrich_error")
	if last := rows[len(rows)-1]; len(rows) != len(ps)+2 || last[status] != "invalid_identifier" || !strings.Contains(last[reason], "not a profile URL, e-mail, phone or uid") {
		t.Errorf("%d rows out, the last of status %q, error %q; want %d, the last invalid_identifier as no identifier", len(rows)-1, last[status], last[reason], len(ps)+1)
	}

	// The same column, named, on the sheet after a cover.
	f := excelize.NewFile()
	defer f.Close()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(f.SetSheetName("Sheet1", "Cover"))
	must(f.SetCellValue("Cover", "A1", "Q3 trade-show leads"))
	_, err := f.NewSheet("Leads")
	must(err)
	must(f.SetSheetRow("Leads", "A1", &[]string{"Name", "Contact"}))
	for i, p := range ps {
		must(f.SetSheetRow("Leads", fmt.Sprintf("A%d", i+2), &[]string{p.FullName, contact(i, p)}))
	}
	j.input, j.output = filepath.Join(j.dir, "trade-show.xlsx"), filepath.Join(j.dir, "trade-show-out.csv")
	must(f.SaveAs(j.input))
	out, res = j.stdout(t, "plan", j.input, "--journal", "none", "--column", "auto=Contact")
	if res.code != 0 || !strings.Contains(out, `sheet "Leads"`) || !strings.Contains(out, "(1 linkedin, 6 email, 1 phone)") {
		t.Errorf("plan --column auto=Contact after a cover sheet: exit %d\n%s%s", res.code, out, res.stderr)
	}
	j.enrich(t, j.args("--column", "auto=Contact")...).expectCode(t, 0)
	checkFound(t, readSheetCSV(t, j.output), ps)
}
