package sources

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/richardlehane/mscfb"
)

// Limits against zip bombs: an .xlsx is a zip, and the sizes in its
// directory are checked before anything is inflated. archive/zip refuses
// to inflate an entry past the size its directory states, so the declared
// sizes are a real bound.
var (
	maxUnzippedBytes int64 = 2 << 30 // everything inflated, in total
	maxZipEntries          = 10000
	maxEntryRatio    int64 = 1000 // inflated / compressed, for entries over 1 MiB
)

// Leading bytes that tell formats apart.
var (
	zipMagic = []byte("PK\x03\x04")
	oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
)

// sniffFormat decides how to read path from its first bytes, not its name:
// exports are often misnamed (a ".xls" that is really tab-separated text).
func sniffFormat(path string) (Format, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err // *fs.PathError: "open PATH: reason"
	}
	defer f.Close()
	head := make([]byte, 8)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", err // *fs.PathError: "read PATH: reason"
	}
	head = head[:n]
	ext := strings.ToLower(extension(path))
	switch {
	case bytes.HasPrefix(head, zipMagic):
		return XLSX, nil
	case isParquet(head):
		return Parquet, nil
	case ext == ".parquet":
		return "", fmt.Errorf("open %s: not a Parquet file (it does not begin with PAR1); the file may be corrupt or truncated", path)
	case bytes.Equal(head, oleMagic):
		if encrypted(f) {
			return "", fmt.Errorf("open %s: the workbook is password-protected; remove the password in Excel (File > Info > Protect Workbook), save, and try again", path)
		}
		return "", fmt.Errorf("open %s: this is a legacy Excel 97-2003 workbook (.xls), which enrich does not read; open it in Excel and save it as .xlsx or CSV", path)
	case ext == ".xlsx" || ext == ".xlsm":
		return "", fmt.Errorf("open %s: not a valid .xlsx workbook (it is not a zip archive); the file may be corrupt or truncated", path)
	case bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\n\xEF\xBB\xBF"), []byte("<")):
		return "", fmt.Errorf("open %s: this is an HTML or XML file, not a spreadsheet; open it in Excel and save it as .xlsx or CSV", path)
	}
	return CSV, nil
}

// encrypted reports whether an OLE compound file holds an encrypted
// workbook: Excel stores a password-protected .xlsx as streams
// EncryptionInfo and EncryptedPackage.
func encrypted(f *os.File) bool {
	doc, err := mscfb.New(f)
	if err != nil {
		return false
	}
	for entry, err := doc.Next(); err == nil; entry, err = doc.Next() {
		if entry.Name == "EncryptionInfo" || entry.Name == "EncryptedPackage" {
			return true
		}
	}
	return false
}

func extension(path string) string {
	i := strings.LastIndexAny(path, "./\\")
	if i < 0 || path[i] != '.' {
		return ""
	}
	return path[i:]
}

// checkZip inspects the directory of an .xlsx before excelize opens it:
// a clear error for a corrupt archive, for an archive that is not a
// workbook, and for one that would inflate beyond the limits.
func checkZip(path string) error {
	z, err := zip.OpenReader(path)
	if err != nil {
		return fmt.Errorf("open %s: not a valid .xlsx workbook (%v); the file may be corrupt or truncated", path, err)
	}
	defer z.Close()
	if len(z.File) > maxZipEntries {
		return fmt.Errorf("open %s: the workbook has %d parts, more than the %d allowed", path, len(z.File), maxZipEntries)
	}
	var total uint64
	workbook := false
	for _, e := range z.File {
		total += e.UncompressedSize64
		if total > uint64(maxUnzippedBytes) {
			return fmt.Errorf("open %s: the workbook would inflate to more than %d MiB; refusing it as a possible zip bomb", path, maxUnzippedBytes>>20)
		}
		if e.UncompressedSize64 > 1<<20 && e.CompressedSize64 > 0 && e.UncompressedSize64/e.CompressedSize64 > uint64(maxEntryRatio) {
			return fmt.Errorf("open %s: part %s inflates %d times; refusing it as a possible zip bomb", path, e.Name, e.UncompressedSize64/e.CompressedSize64)
		}
		if strings.EqualFold(strings.ReplaceAll(e.Name, "\\", "/"), "xl/workbook.xml") {
			workbook = true
		}
	}
	if !workbook {
		return fmt.Errorf("open %s: a zip archive but not an Excel workbook (no xl/workbook.xml)", path)
	}
	return nil
}
