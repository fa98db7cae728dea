package sources

import (
	"runtime"

	"github.com/enrich-dev/enrich/internal/ordered"
)

// Records are read ahead in chunks and turned into rows on every core:
// identifier normalization (libphonenumber above all) is most of the cost
// of reading a sheet. Chunks come out in file order. The table owns the
// goroutines and stops them on Close.

// chunkRows is the number of records in a chunk.
const chunkRows = 256

func startRowPipe(t *Table) *ordered.Map[[]record, []Row] {
	return ordered.Start(runtime.GOMAXPROCS(0), t.readChunk, func() func([]record) []Row {
		return func(recs []record) []Row {
			rows := make([]Row, len(recs))
			for i, rec := range recs {
				rows[i] = t.row(rec)
			}
			return rows
		}
	})
}

// readChunk reads the next chunk of records that are not blank, and with
// the last one the error that ended reading (io.EOF at the end).
func (t *Table) readChunk() ([]record, error) {
	recs := make([]record, 0, chunkRows)
	for len(recs) < chunkRows {
		rec, err := t.nextRecord()
		if err != nil {
			return recs, err
		}
		if isBlank(rec.cells) && isBlank(rec.values) {
			continue
		}
		recs = append(recs, rec)
	}
	return recs, nil
}
