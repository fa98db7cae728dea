package profile

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestFlatRoundTrip writes the record of every candidate of the test data
// (the emulator's profiles and the hostile ones) flat and reads it back:
// the same item and record, field for field.
func TestFlatRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/candidates.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	raws := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	hostile, _ := filepath.Glob("testdata/flatten/*.json")
	for _, path := range hostile {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, raw)
	}
	employers := 0
	for i, raw := range raws {
		want := Decode(raw)
		employers += len(want.Employers)
		got, err := ParseFlat(AppendFlat(nil, want))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("candidate %d: flat gave %+v, %v; want %+v", i, got, err, want)
		}
	}
	if employers == 0 {
		t.Error("no candidate has employers: the round trip tests less than it says")
	}
}

// FuzzParseFlat holds ParseFlat to reading what AppendFlat writes, and to
// refusing, never panicking on, anything else.
func FuzzParseFlat(f *testing.F) {
	f.Add(AppendFlat(nil, Record{UID: "u", FullName: "Jane", WorkEmail: true, Employers: []string{"Acme"}}))
	f.Add([]byte{FlatVersion})
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := ParseFlat(b)
		if err != nil {
			return
		}
		again, err := ParseFlat(AppendFlat(nil, r))
		if err != nil || !reflect.DeepEqual(again, r) {
			t.Fatalf("%q read as %+v; written and read again as %+v, %v", b, r, again, err)
		}
	})
}
