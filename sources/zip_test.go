package sources

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"testing"
)

// zipOf returns a zip holding one file of n bytes.
func zipOf(t *testing.T, name string, n int) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(bytes.Repeat([]byte("a"), n)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// zipBomb returns a small workbook-looking zip whose sheet claims to
// inflate to 64 GiB: the directory is what the reader checks first.
func zipBomb(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range []string{"xl/workbook.xml", "xl/worksheets/sheet1.xml"} {
		h := &zip.FileHeader{Name: name, Method: zip.Store, CRC32: crc32.ChecksumIEEE(nil)}
		if name != "xl/workbook.xml" {
			h.UncompressedSize64 = 64 << 30
			h.CompressedSize64 = 1 << 20
		}
		w, err := zw.CreateRaw(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(nil)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
