package sources

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileKey: a file read with --key (its rows written into a table by
// key) names the column in its layout, and a row without a key or with
// the key of an earlier row is an error naming both rows.
func TestFileKey(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"id,email\n1,a@x.com\n2,b@x.com\n1,c@x.com\n", `rows 2 and 4 have id "1"`},
		{"id,email\n1,a@x.com\n,b@x.com\n", "row 3 has no id"},
		{"id,email\n1,a@x.com\n2,b@x.com\n", ""},
	} {
		path := filepath.Join(t.TempDir(), "leads.csv")
		if err := os.WriteFile(path, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		tb, err := Open(path, Options{Key: "ID"})
		if err != nil {
			t.Fatal(err)
		}
		if tb.Layout().Key != "id" {
			t.Errorf("key %q; want id", tb.Layout().Key)
		}
		for err == nil {
			_, err = tb.Next()
		}
		tb.Close()
		switch {
		case c.want == "" && err != io.EOF:
			t.Errorf("%q: %v; want every row read", c.body, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: %v; want %q", c.body, err, c.want)
		}
	}
	path := filepath.Join(t.TempDir(), "leads.csv")
	os.WriteFile(path, []byte("id,email\n1,a@x.com\n"), 0o644)
	if _, err := Open(path, Options{Key: "crm_id"}); err == nil || !strings.Contains(err.Error(), `no column "crm_id"`) {
		t.Errorf("a key that is no column: %v", err)
	}
}
