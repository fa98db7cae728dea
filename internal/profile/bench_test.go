package profile

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkDecode decodes profiles as the emulator's world serves them
// (testdata/candidates.jsonl), the way an export decodes each person once.
func BenchmarkDecode(b *testing.B) {
	data, err := os.ReadFile("testdata/candidates.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	b.SetBytes(int64(len(data)) / int64(len(lines)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := Decode(lines[i%len(lines)]); r.UID == "" {
			b.Fatalf("line %d: no uid", i%len(lines)+1)
		}
	}
}
