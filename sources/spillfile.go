package sources

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// Reading a temporary file goes through a cache of spillCacheBlocks blocks
// of spillBlockBytes: rows name the strings of a table about in the order
// the table holds them, and name the common ones (a company, a country)
// again and again, so most strings come from memory. With a read of the
// file for each string, a sheet of 200,000 rows took five times as long.
var (
	spillBlockBytes  int64 = 64 << 10
	spillCacheBlocks       = 128
)

// spillFile is text kept in a temporary file, written once and then read
// at random through a cache of its blocks. It holds at most
// spillCacheBlocks × spillBlockBytes (8 MiB) of memory. Not safe for
// concurrent use.
type spillFile struct {
	f    *os.File
	name string // the file's name, when it could not be removed while open
	w    *bufio.Writer

	blocks map[int64]*spillBlock
	tick   uint64
}

type spillBlock struct {
	data []byte
	used uint64
}

// newSpillFile creates a temporary file that starts with text.
func newSpillFile(text []byte) (*spillFile, error) {
	f, err := os.CreateTemp("", "enrich-shared-strings-*")
	if err != nil {
		return nil, fmt.Errorf("keep the shared strings in a temporary file: %w", err)
	}
	s := &spillFile{f: f, w: bufio.NewWriterSize(f, 1<<20), blocks: map[int64]*spillBlock{}}
	// Removed at once where the system allows it (its data stays until it
	// is closed), so that a process killed midway leaves nothing behind.
	if os.Remove(f.Name()) != nil {
		s.name = f.Name()
	}
	if err := s.write(text); err != nil {
		_ = s.close()
		return nil, err
	}
	return s, nil
}

// write appends text to the file.
func (s *spillFile) write(text []byte) error {
	if _, err := s.w.Write(text); err != nil {
		return fmt.Errorf("write the shared strings to a temporary file: %w", err)
	}
	return nil
}

// finish ends the writing.
func (s *spillFile) finish() error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("write the shared strings to a temporary file: %w", err)
	}
	s.w = nil
	return nil
}

// text returns the text from start to end.
func (s *spillFile) text(start, end int64) (string, error) {
	first := start / spillBlockBytes
	if start == end || first != (end-1)/spillBlockBytes {
		b := make([]byte, end-start)
		if _, err := s.f.ReadAt(b, start); err != nil {
			return "", err
		}
		return string(b), nil
	}
	block, err := s.block(first)
	if err != nil {
		return "", err
	}
	off := first * spillBlockBytes
	return string(block[start-off : end-off]), nil
}

// block returns block i of the file, from the cache or read into it in
// place of the block used longest ago.
func (s *spillFile) block(i int64) ([]byte, error) {
	s.tick++
	if b, ok := s.blocks[i]; ok {
		b.used = s.tick
		return b.data, nil
	}
	var b *spillBlock
	if len(s.blocks) < spillCacheBlocks {
		b = &spillBlock{data: make([]byte, spillBlockBytes)}
	} else {
		oldest := int64(-1)
		for j, c := range s.blocks {
			if oldest < 0 || c.used < s.blocks[oldest].used {
				oldest = j
			}
		}
		b = s.blocks[oldest]
		delete(s.blocks, oldest)
	}
	n, err := s.f.ReadAt(b.data[:spillBlockBytes], i*spillBlockBytes)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	b.data, b.used = b.data[:n], s.tick
	s.blocks[i] = b
	return b.data, nil
}

// close closes and removes the file.
func (s *spillFile) close() error {
	err := s.f.Close()
	if s.name != "" {
		err = errors.Join(err, os.Remove(s.name))
	}
	return err
}
