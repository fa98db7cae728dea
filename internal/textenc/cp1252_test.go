package textenc

import (
	"bytes"
	"errors"
	"testing"
)

// TestWindows1252RoundTrip: every byte decodes and encodes back to
// itself, the five undefined ones included; a character the code page
// cannot hold is ErrNotRepresentable.
func TestWindows1252RoundTrip(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	text, err := Windows1252.NewDecoder().Bytes(all)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Windows1252.NewEncoder().Bytes(text)
	if err != nil || !bytes.Equal(back, all) {
		t.Fatalf("round trip gave %x, %v", back, err)
	}
	if got, _ := Windows1252.NewDecoder().String("Soci\xe9t\xe9 \x80"); got != "Société €" {
		t.Errorf("decoded %q", got)
	}
	if _, err := Windows1252.NewEncoder().String("王伟"); !errors.Is(err, ErrNotRepresentable) {
		t.Errorf("encoding 王伟: %v; want ErrNotRepresentable", err)
	}
}
