package state

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/api/wire"
)

// SalvageReport is what Salvage copied and what it left behind.
type SalvageReport struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Copied and Dropped count records by part of the journal (lookups,
	// results, requests...). A dropped lookup is looked up again by the
	// next run.
	Copied  map[string]int `json:"copied"`
	Dropped map[string]int `json:"dropped"`
	// Unreadable lists the parts where a damaged page stopped the copy.
	Unreadable []string `json:"unreadable,omitempty"`
}

// StoppedAtOnce is what Salvage says of a part of the journal whose first
// page is damaged or beyond the cut: the copy of it stopped before its
// first record.
const StoppedAtOnce = "a damaged page stopped the copy before its first record"

// cutShort is what Salvage says of the end of a file cut short.
const cutShort = "the end of the file, cut short"

// salvageChunk is how many records are read in one transaction of the
// damaged journal and written in one of the new.
const salvageChunk = 2000

// Salvage copies every readable record of the journal at from into a new
// journal at to, which must not exist: the callback token (so that the
// callbacks of earlier runs still find it), the lookups whose records are
// sound, the results they point to when those are sound and theirs, the
// requests, and the company exports. What is dropped is looked up again
// by the next run; nothing in the new journal is damaged. The ids of
// results and requests go on after the old journal's: a new record never
// takes the id of one copied, or of one a copied lookup names.
func Salvage(from, to string) (SalvageReport, error) {
	rep := SalvageReport{From: from, To: to, Copied: map[string]int{}, Dropped: map[string]int{}}
	if _, err := os.Stat(to); err == nil {
		return rep, fmt.Errorf("%s exists; salvage writes a new journal: name a file that does not exist", to)
	}
	if err := checkPath(from, true); err != nil {
		return rep, err
	}
	source, err := salvageSource(from, to, &rep)
	if err != nil {
		return rep, err
	}
	if source != from {
		defer os.Remove(source)
	}
	src, err := openDamaged(source)
	if err != nil {
		return rep, err
	}
	defer src.Close()
	// The new journal is written without a sync per commit, and synced
	// once at the end: a salvage cut off is simply run again.
	dst, err := Open(to, Options{Command: "enrich journal salvage", NoSync: true})
	if err != nil {
		return rep, err
	}
	defer dst.Close()

	// Raw copy, bucket by bucket, as far as each can be read.
	for _, part := range salvageParts {
		n, err := copyBucket(src, dst, part.path, part.nested)
		rep.Copied[part.label] += n
		if err != nil {
			rep.Unreadable = append(rep.Unreadable, fmt.Sprintf("%s: %v", part.label, err))
		}
	}
	// Pages the walk could not reach (under a damaged branch, or beyond a
	// cut) may still hold results: they are found by scanning the file,
	// as it is (the copy grown to the size its header claims holds nothing
	// more, and a damaged header may claim gigabytes).
	scanned, err := harvest(from, dst)
	if err != nil {
		rep.Unreadable = append(rep.Unreadable, "scan: "+err.Error())
	}
	rep.Copied["results found by scanning"] = scanned
	// The copy is then made sound: records that do not decode go, found
	// lookups whose result is missing, damaged or another's go, the count
	// of lookups is that of the records kept, and the index of open
	// requests is rebuilt from the requests.
	err = dst.update(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if len(meta.Get(keyToken)) == 0 || string(meta.Get(keyVersion)) != fmt.Sprint(SchemaVersion) {
			return fmt.Errorf("the journal's header (version, callback token) could not be read; nothing to salvage")
		}
		// Flat records are not copied: the salvaged journal's results are
		// flattened when it is next opened for writing.
		if err := meta.Delete(keyFlat); err != nil {
			return err
		}
		lastResult, lastBatch, err := keepSoundLookups(dst, tx, &rep)
		if err != nil {
			return err
		}
		if err := raiseSequence(tx.Bucket(bucketResults), lastResult); err != nil {
			return err
		}
		opened, err := keepSoundBatches(tx, lastBatch, &rep)
		if err != nil {
			return err
		}
		if err := requeueOrphans(tx, opened, &rep); err != nil {
			return err
		}
		return meta.Put([]byte("salvaged"), []byte(dst.clock.Now().UTC().Format(time.RFC3339)))
	})
	return rep, endSalvage(dst, to, err)
}

// endSalvage syncs the new journal once its copy went well (err nil), and
// removes it when it did not.
func endSalvage(dst *Journal, to string, err error) error {
	if err == nil {
		err = dst.db.Sync()
	}
	if err != nil {
		dst.Close()
		os.Remove(to)
		os.Remove(OwnerPath(to))
	}
	return err
}

// salvageSource is the file Salvage reads: from, or for a file cut short
// a copy grown to the size its header gives, beside to, whose missing
// pages read as empty and are left behind.
func salvageSource(from, to string, rep *SalvageReport) (string, error) {
	if !errors.Is(checkSize(from), ErrDamaged) {
		return from, nil
	}
	grown, err := growCopy(from, filepath.Dir(to))
	if err != nil {
		return "", err
	}
	rep.Unreadable = append(rep.Unreadable, cutShort)
	return grown, nil
}

// keepSoundLookups drops the lookups whose record does not decode, and
// the found ones whose result is missing, damaged or another's, and
// counts those kept. It returns the highest result and request ids the
// kept lookups name: they are taken even when their record was lost, as
// a new record under one would be read as theirs.
func keepSoundLookups(dst *Journal, tx *bolt.Tx, rep *SalvageReport) (lastResult, lastBatch uint64, err error) {
	for _, m := range []Mode{WithContacts, WithoutContacts} {
		var drop [][]byte
		records := 0
		lookups := lookupBucket(tx, m)
		lookups.ForEach(func(k, v []byte) error {
			records++
			l, err := unmarshalLookup(v)
			if err == nil && l.Phase == Found {
				_, err = foundResult(dst, tx, string(k), l.Result)
			}
			if err != nil {
				drop = append(drop, bytes.Clone(k))
				return nil
			}
			lastResult = max(lastResult, l.Result, l.Previous)
			lastBatch = max(lastBatch, l.Batch)
			return nil
		})
		for _, k := range drop {
			lookups.Delete(k)
		}
		rep.Dropped["lookups "+m.String()] += len(drop)
		rep.Copied["lookups "+m.String()] -= len(drop)
		if err := setCounter(tx, lookupsCounter(m), int64(records-len(drop))); err != nil {
			return 0, 0, err
		}
	}
	return lastResult, lastBatch, nil
}

// keepSoundBatches drops the requests whose record does not decode, and
// rebuilds the index of open requests from the rest, which it returns.
func keepSoundBatches(tx *bolt.Tx, lastBatch uint64, rep *SalvageReport) (map[uint64]bool, error) {
	batches, open := tx.Bucket(bucketBatches), tx.Bucket(bucketOpen)
	if err := raiseSequence(batches, lastBatch); err != nil {
		return nil, err
	}
	var bad [][]byte
	opened := map[uint64]bool{}
	batches.ForEach(func(k, v []byte) error {
		var b Batch
		if json.Unmarshal(v, &b) != nil || b.Seq != resultKey(k) {
			bad = append(bad, bytes.Clone(k))
			return nil
		}
		if b.Phase.Open() {
			open.Put(k, nil)
			opened[b.Seq] = true
		}
		return nil
	})
	for _, k := range bad {
		batches.Delete(k)
	}
	rep.Dropped["requests"] += len(bad)
	rep.Copied["requests"] -= len(bad)
	return opened, nil
}

// requeueOrphans queues again the lookups in flight whose request was
// lost: they would wait for it for ever.
func requeueOrphans(tx *bolt.Tx, opened map[uint64]bool, rep *SalvageReport) error {
	for _, m := range []Mode{WithContacts, WithoutContacts} {
		lookups := lookupBucket(tx, m)
		var orphans, healed [][]byte
		lookups.ForEach(func(k, v []byte) error {
			l, err := unmarshalLookup(v)
			if err != nil || l.Phase != InFlight || opened[l.Batch] {
				return nil
			}
			l.Phase, l.Batch, l.NotBefore = Queued, 0, time.Time{}
			orphans, healed = append(orphans, bytes.Clone(k)), append(healed, l.marshal())
			return nil
		})
		for i, k := range orphans {
			if err := lookups.Put(k, healed[i]); err != nil {
				return err
			}
		}
		if len(orphans) > 0 {
			rep.Dropped["requests in flight, their lookups queued again ("+m.String()+")"] += len(orphans)
		}
	}
	return nil
}

// salvageParts are the parts of a journal Salvage copies, by name.
var salvageParts = []struct {
	label  string
	path   []string
	nested bool // holds buckets, not records
}{
	{"header records", []string{string(bucketMeta)}, false},
	{"lookups " + WithContacts.String(), []string{string(bucketLookups), string(WithContacts)}, false},
	{"lookups " + WithoutContacts.String(), []string{string(bucketLookups), string(WithoutContacts)}, false},
	{"results", []string{string(bucketResults)}, false},
	{"requests", []string{string(bucketBatches)}, false},
	{"request ids", []string{string(bucketRequests)}, false},
	{"company requests", []string{string(bucketSearches)}, false},
	{"company profiles", []string{string(bucketEmployees)}, true},
	{"name searches", []string{string(bucketNameSearches)}, false},
	{"name decisions", []string{string(bucketDecisions)}, false},
}

// harvest scans every leaf page of the file at path for the results and
// the callback token of a journal, and adds to dst the results it lacks,
// with the lookups they answer, found. Only results are worth it: a
// lookup that found nobody costs nothing to look up again. A result's
// mode is read from it: a profile with contacts was paid from the
// standard pool; one without is taken as without contacts, which at
// worst looks a person up again.
func harvest(path string, dst *Journal) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	ps := metaPageSize(data)
	if ps < 512 || ps > maxPageSize {
		return 0, fmt.Errorf("no page size in the header")
	}
	found := map[string][]byte{} // item → raw result
	token := ""
	scanLeaves(data, ps, func(k, v []byte) {
		switch {
		case string(k) == string(keyToken) && len(v) == 32:
			token = string(v)
		case len(k) == 8 && bytes.HasPrefix(v, zstdMagic):
			raw, err := dst.dec.DecodeAll(v, nil)
			if err != nil {
				return
			}
			var r wire.Result
			if r.UnmarshalJSON(raw) == nil && r.Status == wire.StatusSuccess && r.Problem() == "" && r.Item != "" {
				if _, ok := found[r.Item]; !ok {
					found[r.Item] = raw
				}
			}
		}
	})
	added := 0
	err = dst.update(func(tx *bolt.Tx) error {
		if token != "" {
			if err := tx.Bucket(bucketMeta).Put(keyToken, []byte(token)); err != nil {
				return err
			}
		}
		for item, raw := range found {
			var r wire.Result
			r.UnmarshalJSON(raw)
			mode := WithoutContacts
			if c, err := wire.DecodeCandidate(r.Candidate); err == nil && len(c.Contacts) > 0 {
				mode = WithContacts
			}
			if foundIn(tx, mode, item) || mode == WithoutContacts && foundIn(tx, WithContacts, item) {
				// Not lacking: a profile without contacts is also what a
				// lookup with contacts finds for a person who has none.
				continue
			}
			lookups := lookupBucket(tx, mode)
			id, err := putResult(tx, dst.enc.EncodeAll(raw, nil))
			if err != nil {
				return err
			}
			if err := putLookup(lookups, item, Lookup{Phase: Found, Attempts: 1, Result: id, Updated: dst.clock.Now().UTC()}); err != nil {
				return err
			}
			added++
		}
		return nil
	})
	return added, err
}

// foundIn reports whether item's lookup in mode m is found.
func foundIn(tx *bolt.Tx, m Mode, item string) bool {
	l, ok, _ := getLookup(lookupBucket(tx, m), item)
	return ok && l.Phase == Found
}

// zstdMagic starts every compressed result.
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// scanLeaves calls fn for every key and value of every bbolt leaf page
// of data, reading each page on its own, with every bound checked: the
// pages of a damaged file are not trusted.
func scanLeaves(data []byte, ps int, fn func(k, v []byte)) {
	const (
		headerSize = 16
		elemSize   = 16
		leafFlag   = 0x02
		bucketFlag = 0x01
	)
	for off := 2 * ps; off+headerSize <= len(data); {
		page := data[off:]
		flags := binary.LittleEndian.Uint16(page[8:])
		count := int(binary.LittleEndian.Uint16(page[10:]))
		overflow := int(binary.LittleEndian.Uint32(page[12:]))
		span := (1 + overflow) * ps
		if overflow < 0 || overflow > 1<<16 || off+span > len(data) {
			span = ps
		}
		end := min(off+span, len(data)) // the last page of a file cut short is a part
		if flags == leafFlag && headerSize+count*elemSize <= end-off {
			page = data[off:end]
			for i := 0; i < count; i++ {
				e := page[headerSize+i*elemSize:]
				eflags := binary.LittleEndian.Uint32(e[0:])
				pos := int(binary.LittleEndian.Uint32(e[4:]))
				ksize := int(binary.LittleEndian.Uint32(e[8:]))
				vsize := int(binary.LittleEndian.Uint32(e[12:]))
				start := headerSize + i*elemSize + pos
				if eflags&bucketFlag != 0 || pos < 0 || ksize < 0 || vsize < 0 || start < 0 || start+ksize+vsize > len(page) || start+ksize+vsize < start {
					continue
				}
				fn(page[start:start+ksize], page[start+ksize:start+ksize+vsize])
			}
		}
		off += span
	}
}

// growCopy copies a journal cut short into dir, grown with zeros to the
// size its header gives, and returns the copy's name.
func growCopy(path, dir string) (string, error) {
	in, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer in.Close()
	out, err := os.CreateTemp(dir, ".salvage-*")
	if err != nil {
		return "", err
	}
	// The size checkSize expects: that of the header page that counts
	// the larger file, whichever of the two it is.
	_, size, _ := fileSizes(path)
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Truncate(size)
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out.Name())
		return "", fmt.Errorf("salvage %s: %w", path, err)
	}
	return out.Name(), nil
}

// openDamaged opens a journal for reading only, whatever its records
// hold: salvage needs the file, not its schema.
func openDamaged(path string) (db *bolt.DB, err error) {
	if err := checkSize(path); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = &DamagedError{Path: path, Cause: fmt.Sprint(p)}
		}
	}()
	db, err = bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 100 * time.Millisecond})
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return db, nil
}
