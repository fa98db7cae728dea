package places

import (
	"sort"
	"strings"
)

// table is a sorted text of rows "key\tvalue", looked up by binary search:
// a hundred thousand names cost their text and a row index, not a map.
type table struct {
	text string
	rows []int32 // where each row starts in text
}

// newTable indexes text, whose first line is a header and whose rows are
// sorted by key.
func newTable(text string) table {
	_, body, _ := strings.Cut(text, "\n")
	t := table{text: text, rows: make([]int32, 0, strings.Count(body, "\n"))}
	for at := len(text) - len(body); at < len(text); {
		t.rows = append(t.rows, int32(at))
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			break
		}
		at += end + 1
	}
	return t
}

// row returns the key and value of row i.
func (t table) row(i int) (key, value string) {
	line := t.text[t.rows[i]:]
	if end := strings.IndexByte(line, '\n'); end >= 0 {
		line = line[:end]
	}
	key, value, _ = strings.Cut(line, "\t")
	return key, value
}

// find returns key's value, or "".
func (t table) find(key string) string {
	i := sort.Search(len(t.rows), func(i int) bool {
		k, _ := t.row(i)
		return k >= key
	})
	if i == len(t.rows) {
		return ""
	}
	if k, v := t.row(i); k == key {
		return v
	}
	return ""
}
