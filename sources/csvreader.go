package sources

import (
	"io"
	"strings"

	"github.com/enrich-dev/enrich/sources/csvfile"
)

// csvReader adapts a csvfile.Reader to the Table. A record whose cells
// are all blank is not a row of the table; its text goes with the blank
// lines before the next record (record.blank), or after the last one
// (tail), so that an output keeps every line.
type csvReader struct {
	r     *csvfile.Reader
	blank strings.Builder // blank records not yet handed on
	tail  string
}

// openCSV opens path and fills the CSV part of layout. The encoding is
// decided on the evidence of the whole file.
func openCSV(path string, layout *Layout) (*csvReader, error) {
	r, err := csvfile.Open(path)
	if err != nil {
		return nil, err
	}
	d := r.Dialect()
	layout.Format = CSV
	layout.Encoding, layout.BOM, layout.Delimiter, layout.SepLine, layout.CRLF = d.Encoding, d.BOM, d.Delimiter, d.SepLine, d.CRLF
	return &csvReader{r: r}, nil
}

func (c *csvReader) next() (record, error) {
	for {
		rec, err := c.r.Next()
		if err == io.EOF {
			c.tail = c.blank.String() + c.r.Tail()
			c.blank.Reset()
		}
		if err != nil {
			return record{}, err
		}
		if isBlank(rec.Cells) {
			c.blank.WriteString(rec.Blank + rec.Text + rec.EOL)
			continue
		}
		blank := rec.Blank
		if c.blank.Len() > 0 {
			blank = c.blank.String() + blank
			c.blank.Reset()
		}
		return record{num: rec.Row, cells: rec.Cells, text: rec.Text, eol: rec.EOL, blank: blank}, nil
	}
}

func (c *csvReader) close() error { return c.r.Close() }
