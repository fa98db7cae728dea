package pgtest

import (
	"strings"
	"testing"
)

// TestStart: the server answers psql in a database of its own, and
// answers again after a restart with its data kept.
func TestStart(t *testing.T) {
	s := Start(t)
	s.CreateDB(t, "leads")
	if out, err := s.Psql("leads", "CREATE TABLE t (id int primary key, name text); INSERT INTO t VALUES (1, 'Ada')"); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if err := s.Restart(); err != nil {
		t.Fatal(err)
	}
	out, err := s.Psql("leads", "SELECT name FROM t WHERE id = 1")
	if err != nil || strings.TrimSpace(out) != "Ada" {
		t.Fatalf("after a restart: %q, %v", out, err)
	}
}
