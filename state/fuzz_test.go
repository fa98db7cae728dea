package state

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

var (
	fuzzBase     []byte
	fuzzBaseOnce sync.Once
)

// FuzzJournal opens and uses a journal damaged by the fuzzer: the input
// is a list of (offset, byte) changes to a sound journal, and a length to
// cut it to. Nothing may panic, and salvage must make a sound journal.
func FuzzJournal(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{0, 1, 0, 0, 0, 0x80, 0, 0, 0})
	f.Add([]byte{0, 0, 2, 0, 0xff, 0x10, 0, 0x30, 0x01, 0, 0x47, 0x20, 0x22})
	f.Fuzz(func(t *testing.T, changes []byte) {
		fuzzBaseOnce.Do(func() {
			// A folder of this process's own: the fuzzer's workers are
			// processes that each build the base at once.
			dir, err := os.MkdirTemp("", "enrich-fuzz-base-")
			if err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(dir)
			path := filepath.Join(dir, "base.journal")
			fuzzBase = buildJournal(t, path, 300)
		})
		data := append([]byte(nil), fuzzBase...)
		if len(changes) >= 4 {
			if cut := int(binary.BigEndian.Uint32(changes)) % (len(data) + 1); cut > 0 && cut < len(data) {
				data = data[:cut]
			}
			changes = changes[4:]
		}
		for len(changes) >= 5 && len(data) > 0 {
			at := int(binary.BigEndian.Uint32(changes)) % len(data)
			data[at] ^= changes[4]
			changes = changes[5:]
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "j")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		exercise(path)
		Check(context.Background(), path)
		saved := filepath.Join(dir, "saved")
		if _, err := Salvage(path, saved); err == nil {
			if rep, err := Check(context.Background(), saved); err != nil || !rep.OK() {
				t.Fatalf("salvaged journal not sound: %+v, %v", rep, err)
			}
		}
	})
}
