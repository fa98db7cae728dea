package state

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"

	bolt "go.etcd.io/bbolt"

	"github.com/enrich-dev/enrich/internal/human"
)

// copyBucket copies the records of the bucket at path from src into the
// same bucket of dst, chunk by chunk, and the buckets nested in it when it
// holds buckets (elsewhere, a nested bucket is damage and is left). A
// damaged page ends the copy of the bucket where it lies: what came
// before it is kept, and the error says where.
//
// The bucket's sequence comes along: the new journal goes on handing out
// ids after the old one's, and never one a record holds (sequence.go).
func copyBucket(src *bolt.DB, dst *Journal, path []string, nested bool) (int, error) {
	if problem := damagedPages(src, path); problem != "" {
		return 0, fmt.Errorf("its pages are damaged (%s): its records are looked for page by page", problem)
	}
	seq := sourceSequence(src, path)
	keyed := isSequenced(path)
	copied := 0
	var after []byte // the last key copied; nil before the first
	for {
		type kv struct{ k, v []byte }
		var chunk []kv
		var inner [][]byte
		done := false
		err := func() (err error) {
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() {
				if p := recover(); p != nil {
					if n := copied + len(chunk); n > 0 {
						err = fmt.Errorf("a damaged page stopped the copy after %d %s", n, human.Plural(n, "record", "records"))
					} else {
						err = errors.New(StoppedAtOnce)
					}
				}
			}()
			return src.View(func(tx *bolt.Tx) error {
				b := bucketAt(tx, path)
				if b == nil {
					done = true
					return nil
				}
				c := b.Cursor()
				k, v := c.First()
				if after != nil {
					if k, v = c.Seek(after); k != nil && bytes.Equal(k, after) {
						k, v = c.Next()
					}
				}
				for ; k != nil && len(chunk) < salvageChunk; k, v = c.Next() {
					if v == nil {
						if nested {
							inner = append(inner, bytes.Clone(k))
						}
					} else {
						chunk = append(chunk, kv{bytes.Clone(k), bytes.Clone(v)})
					}
					after = bytes.Clone(k)
				}
				done = k == nil
				return nil
			})
		}()
		keys, values := make([][]byte, len(chunk)), make([][]byte, len(chunk))
		for i, r := range chunk {
			keys[i], values[i] = r.k, r.v
		}
		var werr error
		if seq, werr = putChunk(dst, path, keys, values, keyed, seq); werr != nil {
			return copied, werr
		}
		copied += len(chunk)
		for _, name := range inner {
			n, nerr := copyBucket(src, dst, append(append([]string(nil), path...), string(name)), false)
			copied += n
			if nerr != nil && err == nil {
				err = nerr
			}
		}
		if err != nil || done {
			return copied, err
		}
	}
}

// putChunk puts the records copied into the bucket at path in dst, and
// raises its sequence to seq or, for a bucket keyed by its sequence, to
// its largest key; it returns the sequence.
func putChunk(dst *Journal, path []string, keys, values [][]byte, keyed bool, seq uint64) (uint64, error) {
	err := dst.update(func(tx *bolt.Tx) error {
		b, err := createBucketAt(tx, path)
		if err != nil {
			return err
		}
		for i, k := range keys {
			if err := b.Put(k, values[i]); err != nil {
				return err
			}
			if keyed && len(k) == 8 {
				seq = max(seq, resultKey(k))
			}
		}
		return raiseSequence(b, seq)
	})
	return seq, err
}

// damagedPages checks, level by level, the pages of the buckets on path
// in src before bbolt walks them, and returns the first problem, or ""
// when bbolt may walk them (bucketPages).
func damagedPages(src *bolt.DB, path []string) (problem string) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			problem = fmt.Sprint(p)
		}
	}()
	if problem := rootPages(src.Path()); problem != "" {
		return problem
	}
	roots := []uint64{}
	for i := range path {
		if err := src.View(func(tx *bolt.Tx) error {
			if b := bucketAt(tx, path[:i+1]); b != nil {
				roots = append(roots, uint64(b.Root()))
			}
			return nil
		}); err != nil {
			return err.Error()
		}
		if len(roots) <= i {
			return "" // no such bucket: nothing to walk
		}
		if problem := bucketPages(src.Path(), roots[i]); problem != "" {
			return problem
		}
	}
	return ""
}

// sourceSequence reads the sequence of the bucket at path in src and, for
// a bucket keyed by its sequence, its largest id, and returns the larger:
// as much of either as a damaged file lets be read, 0 if nothing.
func sourceSequence(src *bolt.DB, path []string) (seq uint64) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() { recover() }()
	src.View(func(tx *bolt.Tx) error {
		b := bucketAt(tx, path)
		if b == nil {
			return nil
		}
		seq = b.Sequence()
		if last, ok := lastID(b); ok && isSequenced(path) {
			seq = max(seq, last)
		}
		return nil
	})
	return seq
}

func bucketAt(tx *bolt.Tx, path []string) *bolt.Bucket {
	b := tx.Bucket([]byte(path[0]))
	for _, name := range path[1:] {
		if b == nil {
			return nil
		}
		b = b.Bucket([]byte(name))
	}
	return b
}

func createBucketAt(tx *bolt.Tx, path []string) (*bolt.Bucket, error) {
	b, err := tx.CreateBucketIfNotExists([]byte(path[0]))
	for _, name := range path[1:] {
		if err != nil {
			return nil, err
		}
		b, err = b.CreateBucketIfNotExists([]byte(name))
	}
	return b, err
}
