// Package jsondoc holds the JSON that commands print for scripts to the
// page that documents it (docs/json.md): every key a document has is
// listed there, and every key listed is in every document, whatever the
// run. Only tests import it.
package jsondoc

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// keyRow is a row of a key table: | `key` | type | meaning |.
var keyRow = regexp.MustCompile("^\\| `([a-z0-9_.\\[\\]]+)` \\|")

// Keys returns the keys the page at path lists under the heading that
// starts with section ("## " and the text), as paths: "credits.spent",
// "columns[].index".
func Keys(t testing.TB, path, section string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "## ") {
			in = strings.HasPrefix(line, "## "+section)
			continue
		}
		if m := keyRow.FindStringSubmatch(line); in && m != nil {
			keys = append(keys, m[1])
		}
	}
	if len(keys) == 0 {
		t.Fatalf("%s lists no keys under %q", path, section)
	}
	return keys
}

// Check fails the test unless doc, a JSON object, has every key listed
// and no other. An object is gone into when keys under it are listed
// ("credits" and "credits.spent"), else it is a value (a map of counts);
// a null object stands for its keys; the elements of a list are gone
// into as "list[]".
func Check(t testing.TB, listed []string, doc []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, doc)
	}
	found := map[string]bool{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if path != "" && !slices.ContainsFunc(listed, func(k string) bool { return strings.HasPrefix(k, path+".") }) {
				return // a value: a map of counts
			}
			for k, e := range x {
				p := k
				if path != "" {
					p = path + "." + k
				}
				found[p] = true
				walk(p, e)
			}
		case []any:
			if len(x) == 0 {
				walk(path+"[]", nil) // the keys of no element can be seen
			}
			for _, e := range x {
				walk(path+"[]", e)
			}
		case nil:
			for _, k := range listed {
				if strings.HasPrefix(k, path+".") {
					found[k] = true // under a null object, or an empty list
				}
			}
		}
	}
	walk("", v)
	for _, k := range listed {
		if !found[k] {
			t.Errorf("key %s is documented but missing from\n%s", k, doc)
		}
	}
	for k := range found {
		if !slices.Contains(listed, k) {
			t.Errorf("key %s is not documented", k)
		}
	}
}
