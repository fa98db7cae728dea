package sources

import (
	"github.com/enrich-dev/enrich/sources/csvfile"
)

// csvReader adapts a csvfile.Reader to the Table.
type csvReader struct{ r *csvfile.Reader }

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
	rec, err := c.r.Next()
	if err != nil {
		return record{}, err
	}
	return record{num: rec.Line, cells: rec.Cells, text: rec.Text, eol: rec.EOL}, nil
}

func (c *csvReader) close() error { return c.r.Close() }
