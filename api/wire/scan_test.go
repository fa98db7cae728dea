package wire

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/enrich-dev/enrich/internal/untrusted"
)

// reference decodes result items the slow, obvious way.
func reference(body []byte) ([]map[string]json.RawMessage, error) {
	var elems []map[string]json.RawMessage
	err := json.Unmarshal(body, &elems)
	return elems, err
}

func FuzzParseResults(f *testing.F) {
	for _, seed := range []string{
		`[{"item":"a@b.co","status":"success","candidate":{"uid":"x","s":"q\"u{o}te[","n":[1,{"a":"}"}]}}]`,
		`[ {"status" : "failed" , "item" : "https:\/\/www.linkedin.com\/in\/x"} , {"item":"\u00e9","status":"failed","candidate":null} ]`,
		`[]`, ` [ ] `, `[{"item":1,"status":true}]`, `[{"a":{"b":[[],{}]},"item":"\\\\"}]`, `[1]`, `{"item":"x"}`, `[{"item":"x"`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, err := ParseResults(body)
		want, refErr := reference(body)
		if refErr != nil {
			if err == nil && json.Valid(body) {
				// Valid JSON that is not an array of objects: ParseResults
				// may only accept it if every element is an object.
				var any []json.RawMessage
				if json.Unmarshal(body, &any) != nil {
					t.Fatalf("accepted %q, which is not an array", body)
				}
			}
			return
		}
		if err != nil {
			t.Fatalf("rejected %q: %v", body, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%d results, want %d", len(got), len(want))
		}
		for i, w := range want {
			var item, status Text
			if v, ok := w["item"]; ok {
				item.UnmarshalJSON(v)
			}
			if v, ok := w["status"]; ok {
				status.UnmarshalJSON(v)
			}
			// A status is the service's text, shown cut and without
			// control characters (package untrusted).
			if st := untrusted.Message(string(status)); got[i].Item != string(item) || string(got[i].Status) != st {
				t.Fatalf("element %d: %q %q, want %q %q", i, got[i].Item, got[i].Status, item, st)
			}
			c, has := w["candidate"]
			has = has && string(c) != "null"
			if has != (got[i].Candidate != nil) || (has && !bytes.Equal(bytes.TrimSpace(c), got[i].Candidate)) {
				t.Fatalf("element %d: candidate %s, want %s", i, got[i].Candidate, c)
			}
			var back map[string]json.RawMessage
			if json.Unmarshal(got[i].Raw, &back) != nil || len(back) != len(w) {
				t.Fatalf("element %d: raw %s is not the element", i, got[i].Raw)
			}
		}
	})
}
