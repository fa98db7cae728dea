package profile

import (
	"encoding/binary"
	"errors"
)

// FlatVersion is the version of the flat form (AppendFlat). It changes
// whenever Decode would derive other values from the same profile, so
// that a journal's flat records of an older Decode are not used. 2: the
// values lose their bidirectional controls. 3: the best contact of each
// sub-type, for filling a sheet's own columns.
const FlatVersion = 3

// errFlat is a flat record that cannot be read.
var errFlat = errors.New("malformed flat record")

// AppendFlat appends the flat form of a record to dst: what an export
// needs of a profile, without the profile to decode again. It is
// FlatVersion, then each value as a length and its bytes.
func AppendFlat(dst []byte, r Record) []byte {
	dst = append(dst, FlatVersion)
	for _, s := range r.values() {
		dst = binary.AppendUvarint(dst, uint64(len(*s)))
		dst = append(dst, *s...)
	}
	var flags byte
	for i, f := range [...]bool{r.WorkEmail, r.WorkMailSure, r.WorkPhoneSure} {
		if f {
			flags |= 1 << i
		}
	}
	dst = append(dst, flags)
	dst = binary.AppendUvarint(dst, uint64(len(r.Employers)))
	for _, e := range r.Employers {
		dst = binary.AppendUvarint(dst, uint64(len(e)))
		dst = append(dst, e...)
	}
	return dst
}

// ParseFlat reads what AppendFlat wrote. The values share one allocation,
// as Decode's do (see compact).
func ParseFlat(b []byte) (Record, error) {
	var r Record
	if len(b) == 0 || b[0] != FlatVersion {
		return Record{}, errFlat
	}
	all := string(b)
	at := 1
	next := func() (string, bool) {
		n, k := binary.Uvarint(b[at:])
		if k <= 0 || n > uint64(len(b)-at-k) {
			return "", false
		}
		s := all[at+k : at+k+int(n)]
		at += k + int(n)
		return s, true
	}
	for _, f := range r.values() {
		s, ok := next()
		if !ok {
			return Record{}, errFlat
		}
		*f = s
	}
	if at >= len(b) || b[at] > 7 {
		return Record{}, errFlat
	}
	r.WorkEmail, r.WorkMailSure, r.WorkPhoneSure = b[at]&1 != 0, b[at]&2 != 0, b[at]&4 != 0
	at++
	n, k := binary.Uvarint(b[at:])
	if k <= 0 || n > uint64(len(b)-at-k) {
		return Record{}, errFlat
	}
	at += k
	if n > 0 {
		r.Employers = make([]string, n)
	}
	for i := range r.Employers {
		s, ok := next()
		if !ok {
			return Record{}, errFlat
		}
		r.Employers[i] = s
	}
	if at != len(b) {
		return Record{}, errFlat
	}
	return r, nil
}
