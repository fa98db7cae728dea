package sources

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/sources/internal/sstbomb"
)

// bomb writes a workbook of spec and returns its path and size. With
// size > 0 the workbook is padded to exactly size bytes.
func bomb(t *testing.T, spec sstbomb.Spec, size int64) (string, int64) {
	t.Helper()
	var buf bytes.Buffer
	if size > 0 {
		spec.Padding = 1
		if err := sstbomb.Write(&buf, spec); err != nil {
			t.Fatal(err)
		}
		spec.Padding += int(size - int64(buf.Len()))
		if spec.Padding < 1 {
			t.Fatalf("%d strings take %d bytes, more than %d", spec.Strings, buf.Len(), size)
		}
		buf.Reset()
	}
	if err := sstbomb.Write(&buf, spec); err != nil {
		t.Fatal(err)
	}
	if size > 0 && int64(buf.Len()) != size {
		t.Fatalf("padded to %d bytes; want %d", buf.Len(), size)
	}
	return writeFile(t, "strings.xlsx", buf.Bytes()), int64(buf.Len())
}

// allocated returns the bytes the heap allocated while fn ran: the most
// that fn can have added to the heap at its peak, whenever the collector
// ran.
func allocated(fn func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// liveHeap returns the heap in use after two collections: the second
// frees what pools let go of in the first.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestSharedStringsBomb: a workbook of 350 KB whose table holds 2 million
// one-letter strings (of the kind that made 4.1 MB take 2 GB) is refused
// as bad input, with a message that names the file and the limit, soon,
// and having allocated little more than the limit's index. Before the
// limit it read, allocating 85 bytes a string.
func TestSharedStringsBomb(t *testing.T) {
	const n = 2_000_000
	path, size := bomb(t, sstbomb.Spec{Strings: n, Rare: 64, Level: flate.BestSpeed, Seed: 1}, 0)
	most := maxStringsPerByte * size
	if n <= most {
		t.Fatalf("%d strings in %d bytes: not a bomb for a limit of %d", n, size, most)
	}
	var err error
	start := time.Now()
	alloc := allocated(func() {
		var tb *Table
		if tb, err = Open(path, Options{}); err == nil {
			tb.Close()
		}
	})
	took := time.Since(start)
	t.Logf("%d strings in %d bytes: %v after %v, %d MB allocated", n, size, err, took, alloc>>20)
	if err == nil {
		t.Fatal("the workbook was read; want it refused")
	}
	var ie *InputError
	for _, want := range []string{path, fmt.Sprintf("more than %d strings", most), fmt.Sprintf("(%d a byte)", maxStringsPerByte), "zip bomb"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if !errors.As(err, &ie) {
		t.Errorf("error %v is not an *InputError", err)
	}
	// The index of the strings read before the refusal, room for their
	// text, and the buffers of the zip and XML readers.
	if bound := uint64(4*most) + uint64(spillBytes) + 8<<20; alloc > bound {
		t.Errorf("refusing allocated %d MB; want at most %d MB", alloc>>20, bound>>20)
	}
	// Generous for -race on a busy machine: it takes 0.2 s without.
	if took > 30*time.Second {
		t.Errorf("refusing took %v", took)
	}
}

// TestSharedStringsAtTheLimit: a workbook that holds exactly as many
// strings as its size allows reads, and its table holds 4 bytes a string
// besides the text; one byte smaller, the same workbook is refused.
func TestSharedStringsAtTheLimit(t *testing.T) {
	const n = 1_000_000
	spec := sstbomb.Spec{Strings: n, Rare: 64, Level: flate.BestSpeed, Seed: 1}
	size := n / maxStringsPerByte
	path, _ := bomb(t, spec, size)
	before := liveHeap()
	var layout Layout
	x, err := openXLSX(path, "", &layout)
	if err != nil {
		t.Fatal(err)
	}
	held := int64(liveHeap()) - int64(before)
	var got []string
	for {
		rec, err := x.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rec.cells...)
	}
	if err := x.close(); err != nil {
		t.Fatal(err)
	}
	if want := []string{"Email", "a@example.com"}; !slices.Equal(got, want) {
		t.Errorf("cells %q; want %q", got, want)
	}
	t.Logf("%d strings: %d bytes held, %.1f a string", n, held, float64(held)/n)
	// 4 bytes a string, its text of one byte, and 2 MiB for the rest.
	if bound := int64(5*n + 2<<20); held > bound {
		t.Errorf("the open workbook holds %d bytes, %.1f a string; want at most %d", held, float64(held)/n, bound)
	}

	smaller, _ := bomb(t, spec, size-1)
	if _, err := Open(smaller, Options{}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d strings", n-maxStringsPerByte)) {
		t.Errorf("one byte smaller: %v; want it refused", err)
	}
}

// TestOrdinaryWorkbooksUnderLimit: the densest tables of real workbooks,
// as the limit's comment measures them, read, and hold far fewer strings
// a byte than the limit.
func TestOrdinaryWorkbooksUnderLimit(t *testing.T) {
	seq := excelize.NewFile()
	const rows = 5000
	for row := 1; row <= rows; row++ {
		cells := make([]any, 10)
		for c := range cells {
			cells[c] = fmt.Sprint(row*10 + c)
		}
		cells[0] = fmt.Sprintf("p%d@example.com", row)
		if row == 1 {
			cells[0] = "Email"
		}
		cell, _ := excelize.CoordinatesToCellName(1, row)
		if err := seq.SetSheetRow("Sheet1", cell, &cells); err != nil {
			t.Fatal(err)
		}
	}
	seqPath := filepath.Join(t.TempDir(), "numbers-as-text.xlsx")
	if err := seq.SaveAs(seqPath); err != nil {
		t.Fatal(err)
	}
	seq.Close()
	unshared, _ := bomb(t, sstbomb.Spec{Strings: 100_000, Columns: 20, Rare: 2, Seed: 1}, 0)
	for _, tc := range []struct {
		name, path string
		strings    int64
	}{
		{"excelize, numbers as text in 10 columns", seqPath, 10 * rows},
		{"every cell its own string, no cell references", unshared, 100_000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, err := Open(tc.path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			tb.Close()
			info, err := os.Stat(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			density := float64(tc.strings) / float64(info.Size())
			t.Logf("%.3f strings a byte", density)
			if density > float64(maxStringsPerByte)/8 {
				t.Errorf("%.3f strings a byte: less than 8 times under the limit of %d", density, maxStringsPerByte)
			}
		})
	}
}

// TestSharedStringsSpill reads a workbook whose table goes to a temporary
// file, read through a cache of a few small blocks, so that strings cross
// blocks, are longer than a block, and blocks are evicted: every cell
// reads as written, and the file is gone at once where the system allows
// it, and on close everywhere.
func TestSharedStringsSpill(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 7))
	texts := []string{"Email", strings.Repeat("long & <long> ", 100)}
	for len(texts) < 3000 {
		var b strings.Builder
		for range r.IntN(60) {
			b.WriteRune([]rune("abcxyz AZ09&<>'\"éü漢🙂")[r.IntN(20)])
		}
		if s := b.String(); strings.TrimSpace(s) != "" {
			texts = append(texts, s)
		}
	}
	f := excelize.NewFile()
	var want [][]string
	for row := 1; row <= 2000; row++ {
		cells := make([]string, 5)
		for c := range cells {
			i := r.IntN(len(texts))
			if r.IntN(4) == 0 {
				i = r.IntN(20) // common strings, named again and again
			}
			cells[c] = texts[i]
		}
		if row == 1 {
			cells[0] = "Email"
		}
		for c, s := range cells {
			cell, _ := excelize.CoordinatesToCellName(c+1, row)
			if err := f.SetCellStr("Sheet1", cell, s); err != nil {
				t.Fatal(err)
			}
		}
		want = append(want, cells)
	}
	path := filepath.Join(t.TempDir(), "texts.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	f.Close()

	read := func() [][]string {
		var layout Layout
		x, err := openXLSX(path, "", &layout)
		if err != nil {
			t.Fatal(err)
		}
		defer x.close()
		if x.sst.spill == nil {
			t.Fatal("the strings stayed in memory")
		}
		var rows [][]string
		for {
			rec, err := x.next()
			if errors.Is(err, io.EOF) {
				return rows
			}
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, rec.cells)
		}
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func(b int, block int64, blocks int) { spillBytes, spillBlockBytes, spillCacheBlocks = b, block, blocks }(spillBytes, spillBlockBytes, spillCacheBlocks)
	spillBytes, spillBlockBytes, spillCacheBlocks = 1000, 256, 4

	var layout Layout
	x, err := openXLSX(path, "", &layout)
	if err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 && runtime.GOOS != "windows" {
		t.Errorf("while open: %d files in the temporary folder; want the spill file removed at once", len(left))
	}
	if err := x.close(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("after close: %d files in the temporary folder", len(left))
	}

	got := read()
	if len(got) != len(want) {
		t.Fatalf("read %d rows; want %d", len(got), len(want))
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("row %d: %q; want %q", i+1, got[i], want[i])
		}
	}
}

// FuzzSharedStrings feeds tables of any bytes to the reader: it never
// panics, and a table read through a temporary file, in small blocks,
// reads as it does in memory.
func FuzzSharedStrings(f *testing.F) {
	f.Add([]byte(`<sst count="3"><si><t>a</t></si><si><r><t>b </t></r><r><rPr/><t xml:space="preserve">c</t></r></si><si/></sst>`))
	f.Add([]byte(`<x:sst xmlns:x="urn:x"><x:si><x:t>a &amp; b</x:t></x:si>` + strings.Repeat(`<x:si><x:t>`+strings.Repeat("é", 40)+`</x:t></x:si>`, 30) + `</x:sst>`))
	f.Add([]byte(`<sst><si><t>`))
	f.Fuzz(func(t *testing.T, table []byte) {
		read := func() ([]string, error) {
			s := &sharedStrings{}
			defer s.close()
			if err := s.read(bytes.NewReader(table), 1<<20); err != nil {
				return nil, err
			}
			out := make([]string, s.len())
			for i := range out {
				var err error
				if out[i], err = s.at(i); err != nil {
					t.Fatalf("string %d of %d: %v", i, s.len(), err)
				}
			}
			return out, nil
		}
		want, wantErr := read()
		defer func(b int, block int64, blocks int) { spillBytes, spillBlockBytes, spillCacheBlocks = b, block, blocks }(spillBytes, spillBlockBytes, spillCacheBlocks)
		spillBytes, spillBlockBytes, spillCacheBlocks = 10, 16, 2
		got, err := read()
		if (err == nil) != (wantErr == nil) || !slices.Equal(got, want) {
			t.Fatalf("through a file: %q, %v; in memory: %q, %v", got, err, want, wantErr)
		}
	})
}
