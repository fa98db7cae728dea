// Package sstbomb writes workbooks whose shared-string table holds many
// tiny strings: a few megabytes on disk that unpack to tens of millions
// of strings. Tests and measurements of the workbook reader use them, and
// also the densest table an honest writer makes, every string named by a
// cell of its own.
package sstbomb

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"fmt"
	"io"
	"math/rand/v2"
)

// Spec says what to write.
type Spec struct {
	// Strings is the number of strings in the table, at least 2: a
	// header, "Email", and one address, which the sheet's first two rows
	// name; the others are "a" or "b".
	Strings int
	// Columns, when not 0, makes the sheet name every string in rows of
	// that many cells after the header, each string by one cell and
	// without cell references: what a writer that never shares a string
	// writes, the densest table a real workbook has. When 0 the sheet
	// names only the first two strings.
	Columns int
	// Rare is how seldom a tiny string is "b" rather than "a": one in
	// Rare on average, drawn at random so that deflate cannot squeeze the
	// table to a zip bomb's compression ratio. 26 puts 30 million strings
	// in 4.1 MB.
	Rare int
	// Padding is the size of an extra stored part, to make the file
	// larger without adding strings.
	Padding int
	// Level is the deflate level of the parts, 0 for archive/zip's own.
	// Tests take flate.BestSpeed, three times faster to write.
	Level int
	// Seed draws the letters.
	Seed uint64
}

const (
	contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" ContentType="application/octet-stream"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`
	packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
	workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`
	workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`
	sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>`
	sheetTail = `</sheetData></worksheet>`
)

// Write writes the workbook to w.
func Write(w io.Writer, spec Spec) error {
	if spec.Strings < 2 || spec.Rare < 1 {
		return fmt.Errorf("sstbomb: %d strings, one in %d rare: want at least 2 strings and Rare at least 1", spec.Strings, spec.Rare)
	}
	zw := zip.NewWriter(w)
	if spec.Level != 0 {
		zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, spec.Level) })
	}
	for _, part := range []struct{ name, text string }{
		{"[Content_Types].xml", contentTypes},
		{"_rels/.rels", packageRels},
		{"xl/workbook.xml", workbook},
		{"xl/_rels/workbook.xml.rels", workbookRels},
	} {
		pw, err := zw.Create(part.name)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(pw, part.text); err != nil {
			return err
		}
	}
	pw, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(pw, 1<<20)
	bw.WriteString(sheetHead)
	if spec.Columns == 0 {
		bw.WriteString(`<row r="2"><c r="A2" t="s"><v>1</v></c></row>`)
	}
	for i, row := 1, 2; spec.Columns > 0 && i < spec.Strings; row++ {
		fmt.Fprintf(bw, `<row r="%d">`, row)
		for c := 0; c < spec.Columns && i < spec.Strings; c, i = c+1, i+1 {
			fmt.Fprintf(bw, `<c t="s"><v>%d</v></c>`, i)
		}
		bw.WriteString(`</row>`)
	}
	bw.WriteString(sheetTail)
	if err := bw.Flush(); err != nil {
		return err
	}
	if pw, err = zw.Create("xl/sharedStrings.xml"); err != nil {
		return err
	}
	bw.Reset(pw)
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+"\n"+`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d"><si><t>Email</t></si><si><t>a@example.com</t></si>`, spec.Strings, spec.Strings)
	rnd := rand.New(rand.NewPCG(spec.Seed, 0x5b5b))
	item := []byte("<si><t>a</t></si>")
	for i := 2; i < spec.Strings; i++ {
		item[7] = 'a'
		if rnd.IntN(spec.Rare) == 0 {
			item[7] = 'b'
		}
		bw.Write(item)
	}
	bw.WriteString("</sst>")
	if err := bw.Flush(); err != nil {
		return err
	}
	if spec.Padding > 0 {
		pw, err := zw.CreateHeader(&zip.FileHeader{Name: "xl/media/padding.bin", Method: zip.Store})
		if err != nil {
			return err
		}
		if _, err := pw.Write(make([]byte, spec.Padding)); err != nil {
			return err
		}
	}
	return zw.Close()
}
