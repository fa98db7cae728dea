package state

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"runtime"
	"sync"
	"sync/atomic"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/profile"
)

// Flat records: what an export writes of a stored result (its item and
// the profile's record, profile.Decode's values) is kept beside it in the
// form the sinks write, flattened once when the result is stored, so that
// an export over a complete journal does not decompress and decode every
// profile again. The raw result stays the truth: a flat record is used
// only while its own checksum holds and only if made by this Decode
// (profile.FlatVersion); otherwise the export decodes the result as
// before. An output that writes the raw result (JSON lines) reads the
// result itself, and a damaged one is reported damaged.
//
// A flat record is the checksum (CRC-32C) of the stored result, which
// tells flattenOld whether a record is of its result, then the checksum
// of the rest: the result's item (a length and its bytes) and the
// record's flat form (profile.AppendFlat).

var (
	bucketFlat = []byte("flat")
	// keyFlat holds the profile.FlatVersion every result of the journal
	// has a flat record of: a journal written before flat records, or by
	// an older Decode, is flattened once when opened for writing.
	keyFlat = []byte("flat-version")
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// encoded is a result as the journal stores it: compressed, and flat.
type encoded struct {
	compressed []byte
	flat       []byte
}

// encode compresses and flattens a result of a lookup that found someone.
func (j *Journal) encode(raw []byte) encoded {
	compressed := j.enc.EncodeAll(raw, nil)
	return encoded{compressed: compressed, flat: flatRecord(compressed, raw)}
}

// flatRecord flattens the result raw, stored compressed, as an export
// reads it; nil if it does not parse (the export says it is damaged).
func flatRecord(compressed, raw []byte) []byte {
	res, err := wire.ParseResult(raw)
	if err != nil {
		return nil
	}
	flat := binary.AppendUvarint(make([]byte, 8, 8+len(raw)/4), uint64(len(res.Item)))
	flat = append(flat, res.Item...)
	flat = profile.AppendFlat(flat, profile.Decode(res.Candidate))
	binary.BigEndian.PutUint32(flat, crc32.Checksum(compressed, castagnoli))
	binary.BigEndian.PutUint32(flat[4:], crc32.Checksum(flat[8:], castagnoli))
	return flat
}

// putFlat stores the flat record of result id, if there is one.
func putFlat(tx *bolt.Tx, id uint64, flat []byte) error {
	if flat == nil {
		return nil
	}
	b, err := tx.CreateBucketIfNotExists(bucketFlat)
	if err != nil {
		return err
	}
	b.FillPercent = 1.0 // ids only grow
	return b.Put(u64(id), flat)
}

// Flat returns the item of result id and its record's flat form
// (profile.ParseFlat reads it: the values profile.Decode gives of the
// stored result), valid only during the transaction; ok is false when
// there is no flat record to trust (none, or one whose own checksum
// fails), and the result must be decoded.
//
// The stored result itself is not read: a result id is never given to
// another result (ids only grow, nothing rewrites or deletes a result,
// and a salvaged journal drops its flat records), so a sound flat record
// is what its result said when it was stored. Reading only the flat
// records keeps an export to their bucket, a fraction of the journal,
// rather than touching every result's pages; a result damaged since is
// then still written from its record, which is the person it found.
func (r *Reader) Flat(id uint64) (item string, record []byte, ok bool) {
	fb := r.tx.Bucket(bucketFlat)
	if fb == nil {
		return "", nil, false
	}
	return splitFlat(fb.Get(u64(id)))
}

// EachFlat calls fn with every result that has a flat record to trust, in
// the order of their ids (the journal's), as Flat gives them, until fn
// returns false.
func (r *Reader) EachFlat(fn func(id uint64, item string, record []byte) bool) {
	fb := r.tx.Bucket(bucketFlat)
	if fb == nil {
		return
	}
	c := fb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if len(k) != 8 {
			continue
		}
		if item, record, ok := splitFlat(v); ok && !fn(binary.BigEndian.Uint64(k), item, record) {
			return
		}
	}
}

// splitFlat checks a flat record's own checksum, and returns its item and
// the record's flat form.
func splitFlat(flat []byte) (item string, record []byte, ok bool) {
	if len(flat) < 8 || binary.BigEndian.Uint32(flat[4:]) != crc32.Checksum(flat[8:], castagnoli) {
		return "", nil, false
	}
	n, k := binary.Uvarint(flat[8:])
	if k <= 0 || n > uint64(len(flat)-8-k) {
		return "", nil, false
	}
	return string(flat[8+k : 8+k+int(n)]), flat[8+k+int(n):], true
}

// flattenBlock is how many results one transaction of flattenOld reads.
const flattenBlock = 4096

// flattenOld gives every stored result that has none a flat record of
// this Decode, once per journal: those of a journal written before flat
// records, or by another profile.FlatVersion. The results are read a
// block at a time, decoded outside any transaction, and their records
// written in one transaction a block; the decoding is spread over the
// cores.
func (j *Journal) flattenOld() error {
	done := false
	if err := j.view(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketMeta).Get(keyFlat)
		done = string(v) == fmt.Sprint(profile.FlatVersion)
		return nil
	}); err != nil || done {
		return err
	}
	var after uint64
	for {
		type pending struct {
			id         uint64
			compressed []byte
		}
		var block []pending
		if err := j.view(func(tx *bolt.Tx) error {
			fb := tx.Bucket(bucketFlat)
			c := tx.Bucket(bucketResults).Cursor()
			k, v := c.Seek(u64(after + 1))
			for ; k != nil && len(block) < flattenBlock; k, v = c.Next() {
				id := binary.BigEndian.Uint64(k)
				after = id
				if fb != nil && current(fb.Get(k), v) {
					continue
				}
				block = append(block, pending{id, append([]byte(nil), v...)})
			}
			if k == nil {
				after = 0
			}
			return nil
		}); err != nil {
			return err
		}
		flats := make([][]byte, len(block))
		var next atomic.Int64
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for i := int(next.Add(1)) - 1; i < len(block); i = int(next.Add(1)) - 1 {
					if raw, err := j.dec.DecodeAll(block[i].compressed, nil); err == nil {
						flats[i] = flatRecord(block[i].compressed, raw)
					}
				}
			})
		}
		wg.Wait()
		last := after == 0
		if err := j.update(func(tx *bolt.Tx) error {
			for i, p := range block {
				if err := putFlat(tx, p.id, flats[i]); err != nil {
					return err
				}
			}
			if last {
				return tx.Bucket(bucketMeta).Put(keyFlat, fmt.Append(nil, profile.FlatVersion))
			}
			return nil
		}); err != nil {
			return fmt.Errorf("flatten the journal's results: %w", err)
		}
		if last {
			return nil
		}
	}
}

// current reports whether flat is a flat record made from the stored
// result by this profile.FlatVersion.
func current(flat, result []byte) bool {
	if len(flat) < 8 || binary.BigEndian.Uint32(flat) != crc32.Checksum(result, castagnoli) {
		return false
	}
	n, k := binary.Uvarint(flat[8:])
	at := 8 + k + int(n)
	return k > 0 && n < uint64(len(flat)) && at < len(flat) && flat[at] == profile.FlatVersion
}
