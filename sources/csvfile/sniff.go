package csvfile

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// delimiters are the candidates, in the order that breaks a tie: comma is
// the standard, semicolon what European Excel writes, tab what "Unicode
// text" and copy-paste give, pipe what some CRMs export.
var delimiters = []rune{',', ';', '\t', '|'}

// readSepLine consumes Excel's "sep=X" first line, if there is one, and
// returns X. Excel writes it so that the file opens right in any locale.
func readSepLine(br *bufio.Reader) (rune, bool) {
	head, _ := br.Peek(16)
	line, _, _ := bytes.Cut(head, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if len(line) < 5 || !strings.EqualFold(string(line[:4]), "sep=") {
		return 0, false
	}
	r, size := utf8.DecodeRune(line[4:])
	if size == 0 || 4+size != len(line) || r == utf8.RuneError || !validDelimiter(r) {
		return 0, false
	}
	if len(line) < len(head) || errors.Is(peekErr(br, len(head)+1), io.EOF) {
		_, _ = br.Discard(len(line) + eolLen(head, len(line)))
		return r, true
	}
	return 0, false
}

// peekErr returns the error of peeking n bytes: io.EOF when the file is
// shorter.
func peekErr(br *bufio.Reader, n int) error {
	_, err := br.Peek(n)
	return err
}

// eolLen returns the length of the line ending that follows line in head.
func eolLen(head []byte, lineLen int) int {
	rest := head[lineLen:]
	switch {
	case bytes.HasPrefix(rest, []byte("\r\n")):
		return 2
	case bytes.HasPrefix(rest, []byte("\n")), bytes.HasPrefix(rest, []byte("\r")):
		return 1
	}
	return 0
}

// validDelimiter reports whether encoding/csv accepts r as a delimiter.
func validDelimiter(r rune) bool {
	return r != '"' && r != '\r' && r != '\n' && r != utf8.RuneError && utf8.ValidRune(r) && r != 0xFEFF
}

// sniffDelimiter picks the delimiter that splits the sample into the most
// consistent number of fields, with at least two fields. Counting fields
// through encoding/csv itself (not counting characters) keeps delimiters
// inside quoted fields out of the vote. The sample is parsed strictly
// first, since quotes that only make sense with the right delimiter are
// strong evidence; a file with stray quotes is then parsed leniently. A
// sample with one column gives comma.
func sniffDelimiter(sample []byte, complete bool) rune {
	if !complete {
		// The last line may be cut short; leave it out.
		if i := bytes.LastIndexByte(sample, '\n'); i >= 0 {
			sample = sample[:i+1]
		}
	}
	for _, lazy := range []bool{false, true} {
		best, bestScore, bestWidth := ',', 0.0, 0
		for _, d := range delimiters {
			score, width := delimiterScore(sample, d, lazy)
			if score > bestScore || score == bestScore && width > bestWidth && score > 0 {
				best, bestScore, bestWidth = d, score, width
			}
		}
		if bestScore > 0 {
			return best
		}
	}
	return ','
}

// delimiterScore returns the share of the sample's records that have the
// most common field count, and that count; zero when the most common count
// is one field (the delimiter does not occur).
func delimiterScore(sample []byte, d rune, lazy bool) (float64, int) {
	r := csv.NewReader(bytes.NewReader(sample))
	r.Comma = d
	r.LazyQuotes = lazy
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	counts := map[int]int{}
	records := 0
	for records < 200 {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			records++ // a record this delimiter cannot parse counts against it
			continue
		}
		counts[len(rec)]++
		records++
	}
	width, most := 0, 0
	for w, n := range counts {
		if n > most || n == most && w > width {
			width, most = w, n
		}
	}
	if width < 2 || records == 0 {
		return 0, 0
	}
	return float64(most) / float64(records), width
}
