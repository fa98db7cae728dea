package sources

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestStreamingMemory reads a sheet of 60,000 distinct rows and checks
// that the live heap after the last row is no larger than after the first
// 10,000: rows are not kept.
func TestStreamingMemory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.csv")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "Name,Email,LinkedIn,Notes")
	const rows = 60000
	for i := 0; i < rows; i++ {
		fmt.Fprintf(w, "Person %d,person%d@example.com,https://www.linkedin.com/in/person-%d,\"note %d, with a comma\"\n", i, i, i, i)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	tb, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var early uint64
	n := 0
	for {
		row, err := tb.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(row.IDs) != 2 {
			t.Fatalf("row %d: %d identifiers", row.Num, len(row.IDs))
		}
		if n++; n == 10000 {
			early = heap()
		}
	}
	late := heap()
	if n != rows {
		t.Fatalf("read %d rows; want %d", n, rows)
	}
	if late > early+1<<20 {
		t.Errorf("live heap grew from %d to %d bytes between row 10,000 and row %d", early, late, rows)
	}
}
