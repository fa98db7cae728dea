package emulator

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
)

// heldPercent is the share of a person's contacts, in percent, that the
// service already holds and a synchronous lookup returns.
const heldPercent = 60

// heldContacts returns the candidate cand of the person uid with only the
// contacts the service already holds: a synchronous lookup does no
// external enrichment and returns those alone (interface 4.1), so its
// coverage is lower than an asynchronous lookup's.
//
// Which contacts are held is a fixed property of the person and the
// contact: a hash of the uid, the contact's type and its value keeps about
// heldPercent of them, the same ones on every lookup. The held contacts
// are a subset of what an asynchronous lookup of the same person returns,
// in the same order with the same values; a person may have none held.
// That the held data may also be older is not modelled: the held contacts
// are rendered as the full profile renders them.
//
// The contacts array is replaced in place in the rendered JSON, so the
// rest of the candidate keeps its bytes and key order. A candidate that
// does not parse as expected is returned unchanged.
func heldContacts(uid string, cand []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(cand))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return cand
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return cand
		}
		from := dec.InputOffset() // after the key; the colon follows
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return cand
		}
		if t != "contacts" {
			continue
		}
		var contacts []json.RawMessage
		if json.Unmarshal(raw, &contacts) != nil {
			return cand
		}
		out := make([]byte, 0, len(cand))
		out = append(out, cand[:from]...)
		out = append(out, ":["...)
		n := 0
		for _, c := range contacts {
			var kv struct {
				Type  string `json:"type"`
				Value string `json:"value"`
			}
			if json.Unmarshal(c, &kv) == nil && !held(uid, kv.Type, kv.Value) {
				continue
			}
			if n > 0 {
				out = append(out, ',')
			}
			out = append(out, c...)
			n++
		}
		out = append(out, ']')
		return append(out, cand[dec.InputOffset():]...)
	}
	return cand
}

// held reports whether the service holds the contact of type typ and
// value of the person uid.
func held(uid, typ, value string) bool {
	h := fnv.New64a()
	h.Write([]byte(uid))
	h.Write([]byte{0})
	h.Write([]byte(typ))
	h.Write([]byte{0})
	h.Write([]byte(value))
	return mix(h.Sum64())%100 < heldPercent
}

// mix is the finalizer of splitmix64: FNV's low bits alone are poorly
// spread for the modulo.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
