package world

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// geoTable is libphonenumber's English geocoding data: E.164 prefixes
// (without "+") and the place each stands for ("Munich", "Kolkata, West
// Bengal", "Imperatriz - MA", "New South Wales"). phonenumbers reads it
// with GetGeocodingForNumber, a number at a time; deriving the area-code
// tables needs the whole of it, which the library does not export, so it
// is read from the module's own copy of the file.
type geoTable struct {
	desc map[string]string // prefix → description
	keys []string          // the prefixes, sorted as strings
}

// loadGeoTable reads the table once per test binary, from the module
// cache (the data file of the phonenumbers version this module uses).
var loadGeoTable = sync.OnceValues(func() (*geoTable, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/nyaruka/phonenumbers").Output()
	if err != nil {
		return nil, fmt.Errorf("locate phonenumbers: %w", err)
	}
	dir := strings.TrimSpace(string(out))
	data, err := os.ReadFile(filepath.Join(dir, "data", "prefix_to_geocodings", "en.txt.gz"))
	if err != nil {
		return nil, err
	}
	return parseGeoTable(data)
})

// parseGeoTable decodes phonenumbers' prefix-map format: gzip of the
// values' byte length (uint32, little-endian), the values joined by
// newlines, the count of mappings (uint32), then for each mapping the
// prefix's difference from the previous one (uvarint) and its value's
// index (uint16).
func parseGeoTable(gz []byte) (*geoTable, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	rd := bytes.NewReader(raw)
	var size, count uint32
	if err := binary.Read(rd, binary.LittleEndian, &size); err != nil {
		return nil, err
	}
	buf := make([]byte, size)
	if _, err := io.ReadFull(rd, buf); err != nil {
		return nil, err
	}
	values := strings.Split(string(buf), "\n")
	if err := binary.Read(rd, binary.LittleEndian, &count); err != nil {
		return nil, err
	}
	t := &geoTable{desc: make(map[string]string, count)}
	prefix := uint64(0)
	for range count {
		diff, err := binary.ReadUvarint(rd)
		if err != nil {
			return nil, err
		}
		var v uint16
		if err := binary.Read(rd, binary.LittleEndian, &v); err != nil {
			return nil, err
		}
		if int(v) >= len(values) {
			return nil, fmt.Errorf("value %d of %d", v, len(values))
		}
		prefix += diff
		key := fmt.Sprint(prefix)
		t.desc[key] = values[v]
		t.keys = append(t.keys, key)
	}
	sort.Strings(t.keys)
	return t, nil
}

// under returns the prefixes that start with p (p itself included), in
// order.
func (t *geoTable) under(p string) []string {
	i := sort.SearchStrings(t.keys, p)
	j := i
	for j < len(t.keys) && strings.HasPrefix(t.keys[j], p) {
		j++
	}
	return t.keys[i:j]
}

// extended reports whether a prefix longer than p starts with p: then not
// every number starting with p is described as p's longest prefix is.
func (t *geoTable) extended(p string) bool {
	i := sort.SearchStrings(t.keys, p)
	if i < len(t.keys) && t.keys[i] == p {
		i++
	}
	return i < len(t.keys) && strings.HasPrefix(t.keys[i], p)
}

// lookup returns the description of the longest prefix of digits, as
// GetGeocodingForNumber finds it (it looks at ten digits at most), and
// that prefix.
func (t *geoTable) lookup(digits string) (desc, prefix string) {
	for n := min(len(digits), 10); n > 0; n-- {
		if d, ok := t.desc[digits[:n]]; ok {
			return d, digits[:n]
		}
	}
	return "", ""
}
