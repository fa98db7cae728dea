package sources

import (
	"archive/zip"
	"regexp"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// Tags found in a worksheet's and a shared-string table's XML.
var (
	sheetDataTag = regexp.MustCompile(`<([A-Za-z_][\w.-]*:)?sheetData(?:\s[^>]*)?/?>`)
	dimensionTag = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?dimension\s[^>]*?ref="([^"]*)"`)
	sstTag       = regexp.MustCompile(`<([A-Za-z_][\w.-]*:)?sst(?:\s[^>]*)?>`)
)

// displayer shows numbers as their cells' number formats do (a date as a
// date), the way excelize shows them: it formats in a scratch workbook
// that has the input's number formats, so that the text is exactly what
// excelize's own readers give. Only cells with a format other than
// General go through it; results are memoized.
type displayer struct {
	formats  map[int]int // the input's style id → the scratch workbook's, for styles with a number format
	scratch  *excelize.File
	memo     map[displayKey]string
	date1904 bool
}

type displayKey struct {
	style int
	value string
}

func newDisplayer(z *zip.ReadCloser, stylesPart string, date1904 bool) (*displayer, error) {
	d := &displayer{formats: map[int]int{}, memo: map[displayKey]string{}, date1904: date1904}
	if stylesPart == "" || zipFile(z, stylesPart) == nil {
		return d, nil
	}
	var ss struct {
		NumFmts []struct {
			ID   int    `xml:"numFmtId,attr"`
			Code string `xml:"formatCode,attr"`
		} `xml:"numFmts>numFmt"`
		Xfs []struct {
			NumFmtID int `xml:"numFmtId,attr"`
		} `xml:"cellXfs>xf"`
	}
	if err := readXML(z, stylesPart, &ss); err != nil {
		return nil, err
	}
	custom := map[int]string{}
	for _, f := range ss.NumFmts {
		custom[f.ID] = f.Code
	}
	for i, xf := range ss.Xfs {
		if xf.NumFmtID == 0 {
			continue
		}
		if d.scratch == nil {
			d.scratch = excelize.NewFile()
			if date1904 {
				_ = d.scratch.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &date1904})
			}
		}
		style := &excelize.Style{NumFmt: xf.NumFmtID}
		if code, ok := custom[xf.NumFmtID]; ok {
			style = &excelize.Style{CustomNumFmt: &code}
		}
		id, err := d.scratch.NewStyle(style)
		if err != nil {
			continue // a format excelize cannot take: shown as General
		}
		d.formats[i] = id
	}
	return d, nil
}

// number returns a stored number as its style shows it.
func (d *displayer) number(v string, style int) string {
	scratch, ok := d.formats[style]
	if !ok {
		return general(v)
	}
	key := displayKey{style, v}
	if s, ok := d.memo[key]; ok {
		return s
	}
	shown := general(v)
	if d.scratch.SetCellDefault("Sheet1", "A1", v) == nil && d.scratch.SetCellStyle("Sheet1", "A1", "A1", scratch) == nil {
		if s, err := d.scratch.GetCellValue("Sheet1", "A1"); err == nil {
			shown = s
		}
	}
	if len(d.memo) >= 65536 {
		clear(d.memo)
	}
	d.memo[key] = shown
	return shown
}

// general shows a number as the General format does: at most 15
// significant digits.
func general(v string) string {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return v
	}
	digits := 0
	for i := 0; i < len(v) && v[i] != 'e' && v[i] != 'E'; i++ {
		if v[i] >= '0' && v[i] <= '9' {
			digits++
		}
	}
	if digits > 15 {
		return strconv.FormatFloat(f, 'G', 15, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func (d *displayer) close() error {
	if d.scratch != nil {
		return d.scratch.Close()
	}
	return nil
}
