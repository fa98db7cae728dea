package sources

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/enrich-dev/enrich/internal/sheetxml"
)

// Limits of a workbook's shared-string table, the texts that cells name
// by number.
//
// maxStringsPerByte bounds how many strings a file may hold for its size
// on disk. The zip limits of checkZip do not: a file of 4.1 MB whose
// table holds 30 million strings of one letter inflates to 510 MB, a
// ratio of 125, and keeping the strings took 2 GB. A real workbook holds
// a string because a cell names it, and the cell costs compressed bytes
// in its sheet as the string does in the table. Measured on workbooks of
// 200,000 rows written by excelize, by LibreOffice (from CSV, and saving
// excelize's again) and by sources/internal/genleads: names, e-mails,
// phones, IDs and numbers stored as text, in 1 to 100 columns, hold 0.04
// to 0.18 strings a byte of the file; the densest layout a writer can
// make (every cell text, each its own string, never shared, no cell
// references) 0.35; a table alone without its cells, of distinct numbers
// as text, 0.4. Four strings a byte is ten times the densest of these and
// more than twenty times what deduplicating writers (Excel, LibreOffice,
// excelize) make. TestOrdinaryWorkbooksUnderLimit keeps the two densest.
//
// The strings' total size needs no bound of its own beyond checkZip's (a
// part inflates at most 1000 times, and the workbook to 2 GiB): text
// repeated with small changes (a long note that differs by an order
// number) reaches 50 bytes of text a byte of file in real workbooks, so a
// tighter bound would refuse some. Memory does not grow with it: past
// spillBytes the text goes to a temporary file, and memory holds 4 bytes
// a string, where each string ends.
var (
	maxStringsPerByte int64 = 4
	spillBytes              = 16 << 20
)

// endsChunk is how many ends one block of the index holds: the index
// grows by blocks, never copied whole, so that reading it never holds
// twice its size.
const endsChunk = 1 << 16

// sharedStrings is a workbook's shared-string table: the texts one after
// the other, in memory or in a temporary file, and where each ends. Its
// memory is 4 bytes a string, and at most spillBytes of text (or the
// temporary file's cache, 8 MiB, and a write buffer while reading): the
// 16 million strings a file of 4 MB may hold take 64 MB and their text.
// A []string held 16 bytes a string and more for each string's text, and
// allocated 85 bytes a string as it grew. Not safe for concurrent use.
type sharedStrings struct {
	ends [][]uint32 // where string i ends: ends[i/endsChunk][i%endsChunk]
	n    int
	size int64 // bytes of text

	mem   []byte     // while reading, the text until it passes spillBytes
	text  string     // the text, when it stayed in memory
	spill *spillFile // the text, when it went to a temporary file
}

// len returns the number of strings.
func (s *sharedStrings) len() int { return s.n }

// at returns string i, which must be in range.
func (s *sharedStrings) at(i int) (string, error) {
	start, end := uint32(0), s.ends[i/endsChunk][i%endsChunk]
	if i > 0 {
		start = s.ends[(i-1)/endsChunk][(i-1)%endsChunk]
	}
	if s.spill == nil {
		return s.text[start:end], nil
	}
	text, err := s.spill.text(int64(start), int64(end))
	if err != nil {
		return "", fmt.Errorf("shared string %d: %w", i, err)
	}
	return text, nil
}

// add appends a string.
func (s *sharedStrings) add(text []byte) error {
	if s.size+int64(len(text)) > math.MaxUint32 {
		return errors.New("more than 4 GiB of text")
	}
	if s.spill == nil && len(s.mem)+len(text) > spillBytes {
		spill, err := newSpillFile(s.mem)
		if err != nil {
			return err
		}
		s.spill, s.mem = spill, nil
	}
	if s.spill != nil {
		if err := s.spill.write(text); err != nil {
			return err
		}
	} else {
		s.mem = append(s.mem, text...)
	}
	s.size += int64(len(text))
	if s.n%endsChunk == 0 {
		// The first block grows as strings come, for the many small
		// tables; the next ones are made whole.
		s.ends = append(s.ends, make([]uint32, 0, min(s.n, endsChunk)))
	}
	last := &s.ends[len(s.ends)-1]
	if len(*last) == cap(*last) {
		grown := make([]uint32, len(*last), min(max(2*cap(*last), 256), endsChunk))
		copy(grown, *last)
		*last = grown
	}
	*last = append(*last, uint32(s.size))
	s.n++
	return nil
}

// finish ends the reading: the text is ready for at.
func (s *sharedStrings) finish() error {
	if s.spill != nil {
		return s.spill.finish()
	}
	// A copy, so that the text holds no more memory than its size.
	s.text, s.mem = string(s.mem), nil
	return nil
}

// close removes the temporary file, if there is one.
func (s *sharedStrings) close() error {
	if s == nil || s.spill == nil {
		return nil
	}
	err := s.spill.close()
	s.spill = nil
	return err
}

// readSharedStrings reads the shared-string table of a workbook of
// fileSize bytes, streaming its XML, and refuses a table of more strings
// than the file's size can hold.
func readSharedStrings(z *zip.ReadCloser, name string, fileSize int64) (*sharedStrings, error) {
	out := &sharedStrings{}
	f := zipFile(z, name)
	if f == nil {
		return out, out.finish()
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	if err := out.read(rc, fileSize); err != nil {
		_ = out.close()
		return nil, err
	}
	return out, nil
}

func (s *sharedStrings) read(r io.Reader, fileSize int64) error {
	x := &sheetxml.Stream{R: r}
	head, err := x.Through(sstTag, 1<<20)
	if err != nil {
		return err
	}
	prefix := string(sstTag.FindSubmatch(head)[1])
	most := maxStringsPerByte * fileSize
	var text []byte
	for {
		if err := x.SkipSpace(nil); err != nil {
			return err
		}
		item, err := x.Element(prefix, "si", maxRowXMLBytes)
		if err != nil {
			return fmt.Errorf("string %d: %w", s.n, err)
		}
		if item == nil {
			return s.finish()
		}
		if int64(s.n) >= most {
			return fmt.Errorf("more than %d strings, the most a file of %d bytes may hold (%d a byte); refusing it as a possible zip bomb", most, fileSize, maxStringsPerByte)
		}
		if text, err = sheetxml.AppendText(text[:0], item, prefix); err != nil {
			return fmt.Errorf("string %d: %w", s.n, err)
		}
		if len(text) > maxCellChars {
			return fmt.Errorf("string %d has more than %d characters", s.n, maxCellChars)
		}
		if err := s.add(text); err != nil {
			return err
		}
	}
}
