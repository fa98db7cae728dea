package sinks

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// jsonlWriter writes one JSON object per row:
//
//	{"row": 2, "input": {"Name": "…", …}, "enrich_status": "success",
//	 "enrich_identifier": "…", "enrich_error": "…", "candidate": {…}}
//
// "input" holds the original cells by distinct header name, in input
// order, those the outcome fills (Outcome.Fills) with their new values;
// then every appended column that is not derived from the profile
// (enrich_status, enrich_identifier, enrich_found_by, enrich_match,
// enrich_confidence, enrich_score and enrich_error when set, and the
// columns an export adds); "candidate" is the raw profile exactly as the
// service sent it (compacted to one line), or null.
type jsonlWriter struct {
	file    *atomicfile.File
	buf     *bufio.Writer
	layout  sheet.Layout
	columns []Column
	line    bytes.Buffer
}

var _ Writer = (*jsonlWriter)(nil)

func newJSONLWriter(path string, layout sheet.Layout, opts Options) (*jsonlWriter, error) {
	file, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	file.WriteBehind()
	j := &jsonlWriter{file: file, buf: bufio.NewWriterSize(file, 256<<10), layout: layout}
	for _, c := range opts.columns() {
		if !c.FromProfile {
			j.columns = append(j.columns, c)
		}
	}
	return j, nil
}

func (j *jsonlWriter) Write(row sheet.Row, out *Outcome) error {
	b := &j.line
	b.Reset()
	b.WriteString(`{"row":`)
	b.WriteString(strconv.Itoa(row.Num))
	b.WriteString(`,"input":{`)
	under, beyond := splitCells(len(j.layout.Header), filledCells(row.Cells, fillsOf(out), false))
	for i, c := range append(under, beyond...) {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, j.layout.Name(i))
		b.WriteByte(':')
		writeString(b, c)
	}
	b.WriteByte('}')
	for _, c := range j.columns {
		v := c.Value(out)
		if v == "" && (c.Name == ColumnError.Name || c.Name == ColumnFoundBy.Name || c.Name == ColumnMatch.Name || c.Name == ColumnConfidence.Name || c.Name == ColumnScore.Name) {
			continue
		}
		b.WriteByte(',')
		writeString(b, c.Name)
		b.WriteByte(':')
		writeString(b, v)
	}
	b.WriteString(`,"candidate":`)
	writeRaw(b, out.Candidate)
	if out.Previous != nil {
		b.WriteString(`,"previous":`)
		writeRaw(b, out.Previous)
	}
	b.WriteString("}\n")
	if _, err := j.buf.Write(b.Bytes()); err != nil {
		return fmt.Errorf("write %s: row %d: %w", j.file.Path(), row.Num, err)
	}
	return nil
}

// writeString writes s as a JSON string, without the HTML escaping of
// encoding/json's default (an e-mail's "<" stays readable).
func writeString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	b.Truncate(b.Len() - 1)
}

// writeRaw writes a raw candidate compacted to one line; nil and empty
// give null. Bytes that are not JSON (which the service should never send)
// are kept as a JSON string rather than lost or allowed to break the line.
func writeRaw(b *bytes.Buffer, raw json.RawMessage) {
	if len(bytes.TrimSpace(raw)) == 0 {
		b.WriteString("null")
		return
	}
	n := b.Len()
	if err := json.Compact(b, raw); err != nil {
		b.Truncate(n)
		writeString(b, string(raw))
	}
}

func (j *jsonlWriter) Commit() error {
	if err := j.buf.Flush(); err != nil {
		j.file.Abort()
		return fmt.Errorf("write %s: %w", j.file.Path(), err)
	}
	return j.file.Commit()
}

func (j *jsonlWriter) Abort() { j.file.Abort() }
