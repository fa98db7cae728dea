package wire

import (
	"encoding/json"
	"slices"
	"testing"
)

// FuzzLenientText checks the fast paths of Text and TextList, which slice
// plain strings out of the input, against decoding every value with
// encoding/json: the same text, or the same refusal, for any input.
func FuzzLenientText(f *testing.F) {
	for _, seed := range []string{
		`"plain"`, `"n/a"`, `" N/A "`, `"tab\there"`, `"esc\"aped"`, `"\u00e9t\u00e9"`, `"été"`, "\"bad \xff utf8\"",
		"\"raw\ttab\"", `""`, `"`, `null`, `12`, `true`, `{"a":1}`,
		`["a","b"]`, `[ "a" , "n/a" ,"c" ]`, `[]`, `[ ]`, `["a",]`, `["a" "b"]`, `["a",1]`, `["a\"b"]`, `[null,"x"]`, `["a"`, `[,"a"]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return // encoding/json hands UnmarshalJSON only valid values
		}
		var got Text
		gotErr := got.UnmarshalJSON(b)
		var s string
		want, wantErr := Text(""), error(nil)
		if err := json.Unmarshal(b, &s); err == nil {
			want = normalText(s)
		} else if b[0] == '"' {
			wantErr = err
		} else {
			want, wantErr = got, gotErr // not a string: the fast path is not taken
		}
		if got != want || (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("Text of %q: got %q, %v; encoding/json gives %q, %v", b, got, gotErr, want, wantErr)
		}

		var list TextList
		listErr := list.UnmarshalJSON(b)
		var items []Text
		if len(b) > 0 && b[0] == '[' {
			itemsErr := json.Unmarshal(b, &items)
			var wantList TextList
			for _, it := range items {
				if it != "" {
					wantList = append(wantList, string(it))
				}
			}
			if !slices.Equal(list, wantList) || (listErr == nil) != (itemsErr == nil) {
				t.Fatalf("TextList of %q: got %q, %v; encoding/json gives %q, %v", b, list, listErr, wantList, itemsErr)
			}
		}
	})
}
