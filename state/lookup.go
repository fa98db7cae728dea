package state

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"time"
)

// Mode says whether lookups include contacts. The two are separate
// lookups: the same identifier looked up without contacts is a different
// result from a different credit pool.
type Mode byte

// The lookup modes.
const (
	WithContacts    Mode = 'c'
	WithoutContacts Mode = 'n'
)

// ModeOf returns the mode of lookups with contacts or without.
func ModeOf(withoutContacts bool) Mode {
	if withoutContacts {
		return WithoutContacts
	}
	return WithContacts
}

func (m Mode) bucket() []byte { return []byte{byte(m)} }

func (m Mode) String() string {
	if m == WithoutContacts {
		return "without contacts"
	}
	return "with contacts"
}

// Phase is where a lookup stands.
type Phase uint8

// The phases of a lookup. Found and NotFound are final: nothing changes
// them. Failed was given up by a run, which a later run tries again; a
// result that comes for it meanwhile is still taken. The others wait for
// something.
const (
	// Queued waits to be submitted, not before NotBefore.
	Queued Phase = iota
	// InFlight was submitted in Batch and waits for its result.
	InFlight
	// Found has a result, stored under Result.
	Found
	// NotFound was answered failed: no profile for the identifier.
	NotFound
	// CreditsOver was answered credits_are_over; it is submitted again by a
	// run that has credits.
	CreditsOver
	// Failed was given up after too many attempts; Reason says why. The
	// next run queues it again with a fresh count of attempts.
	Failed
	// Suppressed is an identifier of a person who asked to be forgotten
	// (Journal.Forget): on the suppression list, never looked up, and
	// never stored as a record.
	Suppressed
)

var phaseNames = [...]string{"queued", "in_flight", "found", "not_found", "credits_over", "failed", "suppressed"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", p)
}

// Final reports whether nothing more will happen to a lookup in this phase:
// the service answered it with a profile or with none.
func (p Phase) Final() bool { return p == Found || p == NotFound }

// Lookup is the journal's record of one identifier.
type Lookup struct {
	Phase     Phase
	Attempts  int       // submissions that count against the policy's MaxAttempts
	Waits     int       // answers that asked to wait (duplicate_query, timeout_exceeded) in a row
	Batch     uint64    // the batch of the latest submission
	Result    uint64    // when Found: the result's id
	NotBefore time.Time // when Queued: the earliest next submission
	Updated   time.Time // when the phase last changed: for Found and NotFound, when the answer came
	Reason    string    // when Failed: why

	// Previous is the result an earlier answer gave, kept when a refresh
	// looked the identifier up again (0: none), and PreviousAt when that
	// answer came. Origin names where a refresh found the identifier, as
	// "FILE:ROW".
	Previous   uint64
	PreviousAt time.Time
	Origin     string

	// Redone counts the times the lookup was found but its stored answer
	// was unusable (missing, damaged, or another identifier's), and it
	// was queued again (Redo).
	Redone int
}

// Encodings of a lookup record: 2 added Waits after Attempts, the
// previous answer of a refresh after Reason, and a CRC-32 of the record at
// its end, so that a damaged record is told from a sound one and looked up
// again rather than read as something else. 3 added Redone after Origin,
// before the CRC. Records of every encoding are read; 3 is written.
const (
	lookupEncodingV1 = 1
	lookupEncodingV2 = 2
	lookupEncoding   = 3
)

// marshal encodes a lookup compactly: a resumed run reads a million of them.
func (l Lookup) marshal() []byte {
	b := make([]byte, 0, 32+len(l.Reason))
	b = append(b, lookupEncoding, byte(l.Phase))
	b = binary.AppendUvarint(b, uint64(l.Attempts))
	b = binary.AppendUvarint(b, uint64(l.Waits))
	b = binary.AppendUvarint(b, l.Batch)
	b = binary.AppendUvarint(b, l.Result)
	b = binary.AppendVarint(b, unixMilli(l.NotBefore))
	b = binary.AppendVarint(b, unixMilli(l.Updated))
	b = binary.AppendUvarint(b, uint64(len(l.Reason)))
	b = append(b, l.Reason...)
	b = binary.AppendUvarint(b, l.Previous)
	b = binary.AppendVarint(b, unixMilli(l.PreviousAt))
	b = binary.AppendUvarint(b, uint64(len(l.Origin)))
	b = append(b, l.Origin...)
	b = binary.AppendUvarint(b, uint64(l.Redone))
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func unmarshalLookup(b []byte) (Lookup, error) {
	var l Lookup
	if len(b) < 2 || b[0] < lookupEncodingV1 || b[0] > lookupEncoding {
		return l, fmt.Errorf("lookup record of unknown encoding")
	}
	if b[0] >= lookupEncodingV2 {
		if len(b) < 6 || crc32.ChecksumIEEE(b[:len(b)-4]) != binary.BigEndian.Uint32(b[len(b)-4:]) {
			return l, fmt.Errorf("lookup record is damaged (checksum)")
		}
		b = b[:len(b)-4]
	}
	if b[1] > byte(Failed) {
		return l, fmt.Errorf("lookup record of unknown phase %d", b[1])
	}
	l.Phase = Phase(b[1])
	r := reader{b: b[2:]}
	l.Attempts = int(r.uvarint())
	if b[0] >= lookupEncodingV2 {
		l.Waits = int(r.uvarint())
	}
	l.Batch = r.uvarint()
	l.Result = r.uvarint()
	l.NotBefore = fromUnixMilli(r.varint())
	l.Updated = fromUnixMilli(r.varint())
	l.Reason = r.text()
	if b[0] >= lookupEncodingV2 {
		l.Previous = r.uvarint()
		l.PreviousAt = fromUnixMilli(r.varint())
		l.Origin = r.text()
	}
	if b[0] >= lookupEncoding {
		l.Redone = int(r.uvarint())
	}
	if r.err != nil || len(r.b) != 0 {
		return Lookup{}, fmt.Errorf("lookup record is truncated")
	}
	return l, nil
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = fmt.Errorf("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// text reads a length and that many bytes.
func (r *reader) text() string {
	n := r.uvarint()
	if r.err != nil || uint64(len(r.b)) < n {
		r.err = fmt.Errorf("short text")
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *reader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.err = fmt.Errorf("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func unixMilli(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromUnixMilli(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// u64 encodes a sequence number as a big-endian key, so keys sort by number.
func u64(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }
