package sources

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
)

// keyColumn sets the layout's key to the header's column named (--key),
// for an output written by key from a file, and has the table check that
// each row's key is there and told apart from every other row's.
func (t *Table) keyColumn(named string) error {
	header := t.layout.Header
	i := slices.IndexFunc(header, func(h string) bool { return strings.EqualFold(h, named) })
	if i < 0 {
		return fmt.Errorf("%s has no column %q to use as its key; its columns: %s", t.layout.Path, named, strings.Join(header, ", "))
	}
	t.layout.Key = header[i]
	t.keys = &keyCheck{at: i, seed: maphash.MakeSeed(), seen: map[uint64]int{}}
	return nil
}

// keyCheck remembers a hash of every key read (8 bytes a row, and the
// map's own), so that a key read twice is refused before anything is
// sent: the output table is written by key, and a second row of one key
// would replace the first.
type keyCheck struct {
	at   int
	seed maphash.Seed
	seen map[uint64]int // the key's hash → the row that had it
}

func (k *keyCheck) check(layout Layout, row Row) error {
	v := ""
	if k.at < len(row.Cells) {
		v = strings.TrimSpace(row.Cells[k.at])
	}
	if v == "" {
		return fmt.Errorf("%s: row %d has no %s: every row needs a key to be written into a table by (--key)", layout.Path, row.Num, layout.Key)
	}
	h := maphash.String(k.seed, v)
	if first, ok := k.seen[h]; ok {
		return fmt.Errorf("%s: rows %d and %d have %s %q: the key (--key) must tell every row apart", layout.Path, first, row.Num, layout.Key, v)
	}
	k.seen[h] = row.Num
	return nil
}
