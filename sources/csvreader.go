package sources

import (
	"fmt"
	"io"
	"os"

	"github.com/enrich-dev/enrich/sources/csvfile"
)

// csvReader adapts a csvfile.Reader to the Table.
type csvReader struct{ r *csvfile.Reader }

// openCSV opens path and fills the CSV part of layout.
func openCSV(path string, layout *Layout) (*csvReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return newCSVReader(path, f, layout)
}

// newCSVReader reads CSV from rc, which it closes when closed or on
// error; name names it in errors.
func newCSVReader(name string, rc io.ReadCloser, layout *Layout) (*csvReader, error) {
	r, err := csvfile.NewReader(name, rc)
	if err != nil {
		return nil, err
	}
	d := r.Dialect()
	layout.Format = CSV
	layout.Encoding, layout.BOM, layout.Delimiter, layout.SepLine, layout.CRLF = d.Encoding, d.BOM, d.Delimiter, d.SepLine, d.CRLF
	return &csvReader{r: r}, nil
}

func (c *csvReader) next() (record, error) {
	cells, line, err := c.r.Next()
	if err != nil {
		return record{}, err
	}
	return record{num: line, cells: cells}, nil
}

func (c *csvReader) close() error { return c.r.Close() }
