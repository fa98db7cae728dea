package dbtable

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/pgtest"
)

// database is one database of each kind a test runs on, and how to ask
// it with its own client.
type database struct {
	ref func(table string) string
	cli func(t *testing.T, sql string) string
}

// pgServer is the package's PostgreSQL server, shared by its tests.
var pgServer *pgtest.Server

func TestMain(m *testing.M) {
	var err error
	if pgServer, err = pgtest.New(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	pgServer.Close()
	os.Exit(code)
}

// databases returns an SQLite file and a PostgreSQL database of the
// test's own, by name.
func databases(t *testing.T) map[string]database {
	t.Helper()
	path := filepath.Join(t.TempDir(), "crm.db")
	db := strings.ToLower(strings.NewReplacer("/", "_").Replace(t.Name()))
	url := pgServer.CreateDB(t, db)
	return map[string]database{
		"sqlite": {
			ref: func(table string) string { return "sqlite:" + path + "?table=" + table },
			cli: func(t *testing.T, sql string) string {
				out, err := exec.Command("sqlite3", path, sql).CombinedOutput()
				if err != nil {
					t.Fatalf("sqlite3: %v: %s", err, out)
				}
				return strings.TrimSpace(string(out))
			},
		},
		"postgres": {
			ref: func(table string) string {
				return strings.Replace(url, "?", "?table="+table+"&", 1)
			},
			cli: func(t *testing.T, sql string) string {
				out, err := pgServer.Psql(db, sql)
				if err != nil {
					t.Fatalf("psql: %v: %s", err, out)
				}
				return strings.TrimSpace(out)
			},
		},
	}
}

func open(t *testing.T, s string, write bool) *DB {
	t.Helper()
	ref, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Open(context.Background(), ref, time.Second, write)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// TestReadAsText: a table's rows come in the order of its key, NULL as
// an empty cell, a phone stored as a number with every digit, and its
// primary key is its key; a table without one is refused, saying to
// name one.
func TestReadAsText(t *testing.T) {
	for name, db := range databases(t) {
		t.Run(name, func(t *testing.T) {
			db.cli(t, `CREATE TABLE leads (id INTEGER PRIMARY KEY, name TEXT, phone BIGINT, score REAL, email TEXT);
INSERT INTO leads VALUES (2, 'Bob Smith', 4915112345678, 2.5, NULL);
INSERT INTO leads VALUES (1, 'Ada Lovelace', NULL, 10, 'ada@example.com');
CREATE TABLE nokey (name TEXT, email TEXT);`)
			d := open(t, db.ref("leads"), false)
			s, ok, err := d.Schema(context.Background(), "leads")
			if err != nil || !ok {
				t.Fatalf("schema: %v %v", ok, err)
			}
			key, err := KeyOf(d.Ref, s, "")
			if err != nil || key != "id" {
				t.Fatalf("key %q, %v", key, err)
			}
			rows, err := d.Read(context.Background(), s.Ident, key)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var got [][]string
			for {
				cells, err := rows.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, cells)
			}
			want := [][]string{{"1", "Ada Lovelace", "", "10", "ada@example.com"}, {"2", "Bob Smith", "4915112345678", "2.5", ""}}
			if !slices.EqualFunc(got, want, slices.Equal) || !slices.Equal(rows.Columns(), []string{"id", "name", "phone", "score", "email"}) {
				t.Errorf("read %v %v; want %v", rows.Columns(), got, want)
			}

			s, _, _ = d.Schema(context.Background(), "nokey")
			if _, err := KeyOf(d.Ref, s, ""); !errors.Is(err, fault.ErrFix) || !strings.Contains(err.Error(), "--key") {
				t.Errorf("a table without a key: %v", err)
			}
			if k, err := KeyOf(d.Ref, s, "EMAIL"); err != nil || k != "email" {
				t.Errorf("--key EMAIL: %q %v", k, err)
			}
			if _, ok, err := d.Schema(context.Background(), "nosuch"); ok || err != nil {
				t.Errorf("a missing table: %v %v", ok, err)
			}
			if err := d.NoTable(context.Background(), "nosuch"); !errors.Is(err, fault.ErrFix) || !strings.Contains(err.Error(), "leads") {
				t.Errorf("a missing table's error: %v", err)
			}
		})
	}
}

// TestDuplicateKey: a column named as the key whose values repeat is an
// error naming the value.
func TestDuplicateKey(t *testing.T) {
	for name, db := range databases(t) {
		t.Run(name, func(t *testing.T) {
			db.cli(t, `CREATE TABLE people (email TEXT, name TEXT); INSERT INTO people VALUES ('a@x.com', 'A'), ('a@x.com', 'B')`)
			d := open(t, db.ref("people"), false)
			rows, err := d.Read(context.Background(), "people", "email")
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			rows.Next()
			if _, err := rows.Next(); err == nil || !strings.Contains(err.Error(), `"a@x.com"`) {
				t.Errorf("a repeated key: %v", err)
			}
		})
	}
}

// TestUpsert: a table written is created with the rows' columns, key
// first among equals; written again, its rows are replaced by key and a
// new column added; what was read back with the database's own client
// holds every row once. An aborted write leaves nothing.
func TestUpsert(t *testing.T) {
	for name, db := range databases(t) {
		t.Run(name, func(t *testing.T) {
			d := open(t, db.ref("out"), true)
			ctx := context.Background()
			w, err := d.Upsert(ctx, "out", "id", []string{"id", "name", "enrich_status"})
			if err != nil {
				t.Fatal(err)
			}
			for i := range 1234 {
				if err := w.Put([]string{strings.Repeat("k", 1+i%3) + string(rune('a'+i%26)) + strings.Repeat("0", i/78), "n", "pending"}); err != nil {
					t.Fatal(err)
				}
			}
			w.Abort()
			exists := map[string]string{"sqlite": "SELECT count(*) FROM sqlite_schema WHERE name = 'out'", "postgres": "SELECT count(*) FROM pg_tables WHERE tablename = 'out'"}[name]
			if got := db.cli(t, exists); got != "0" {
				t.Errorf("after an abort, %s tables named out; want none: the table was created in the transaction", got)
			}
			w, err = d.Upsert(ctx, "out", "id", []string{"id", "name", "enrich_status"})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range [][]string{{"1", "Ada", "pending"}, {"2", "Bob", "success"}} {
				if err := w.Put(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}
			w, err = d.Upsert(ctx, "out", "id", []string{"id", "name", "enrich_status", "enrich_email"})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Put([]string{"1", "Ada", "success", "ada@example.com"}); err != nil {
				t.Fatal(err)
			}
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}
			got := db.cli(t, "SELECT id, name, enrich_status, coalesce(enrich_email, '-') FROM out ORDER BY id")
			if want := "1|Ada|success|ada@example.com\n2|Bob|success|-"; got != want {
				t.Errorf("read back:\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestSetChecksCells: a cell written back in place is written only
// where it still holds what was read; one changed since is left and
// returned as a conflict; a column asked for is added.
func TestSetChecksCells(t *testing.T) {
	for name, db := range databases(t) {
		t.Run(name, func(t *testing.T) {
			db.cli(t, `CREATE TABLE leads (id TEXT PRIMARY KEY, email TEXT, phone TEXT); INSERT INTO leads VALUES ('1', NULL, ''), ('2', 'old@x.com', '')`)
			d := open(t, db.ref("leads"), true)
			w, err := d.Update(context.Background(), "leads", "id", []string{"id", "email", "phone", "enrich_status"})
			if err != nil {
				t.Fatal(err)
			}
			c, err := w.Set("1", []Cell{{Column: "email", Was: "", New: "ada@x.com", Check: true}, {Column: "enrich_status", New: "success"}})
			if err != nil || len(c) != 0 {
				t.Fatalf("row 1: %v %v", c, err)
			}
			c, err = w.Set("2", []Cell{{Column: "email", Was: "", New: "bob@x.com", Check: true}, {Column: "phone", Was: "", New: "+15550100", Check: true}})
			if err != nil || len(c) != 1 || c[0].Column != "email" || c[0].Was != "" || c[0].Now != "old@x.com" {
				t.Fatalf("row 2: %v %v", c, err)
			}
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}
			got := db.cli(t, "SELECT id, coalesce(email, '-'), phone, coalesce(enrich_status, '-') FROM leads ORDER BY id")
			if want := "1|ada@x.com||success\n2|old@x.com|+15550100|-"; got != want {
				t.Errorf("read back:\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestRefusals: a wrong password, a database that is not there, and an
// SQLite file that is not there are no wait's, at once, and never show
// the password; a server that does not answer is a wait's, after the
// wait.
func TestRefusals(t *testing.T) {
	databases(t)
	ctx := context.Background()
	wrong := strings.Replace(pgServer.URL("postgres"), pgtest.Password, "wrong-pw", 1) + "&table=t"
	for _, s := range []string{wrong, pgServer.URL("nosuchdb") + "&table=t", "sqlite:" + filepath.Join(t.TempDir(), "none.db") + "?table=t"} {
		ref, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err = Open(ctx, ref, 5*time.Second, false)
		if !errors.Is(err, fault.ErrFix) || time.Since(start) > 3*time.Second {
			t.Errorf("%s: %v after %v; want no wait's error at once", ref, err, time.Since(start))
		}
		if err != nil && (strings.Contains(err.Error(), "wrong-pw") || strings.Contains(err.Error(), pgtest.Password)) {
			t.Errorf("the error shows the password: %v", err)
		}
	}
	ref, _ := Parse("postgres://enrich:pw@127.0.0.1:1/db?table=t")
	start := time.Now()
	_, err := Open(ctx, ref, 1500*time.Millisecond, false)
	if !errors.Is(err, fault.ErrWait) || time.Since(start) < time.Second {
		t.Errorf("a server that does not answer: %v after %v; want a wait's error after the wait", err, time.Since(start))
	}
}

// TestParse: the names users type.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		in                    string
		kind                  Kind
		path, table, key, dsn string
		shown                 string
	}{
		{in: "sqlite:crm.db?table=leads", kind: SQLite, path: "crm.db", table: "leads", shown: "sqlite:crm.db?table=leads"},
		{in: "sqlite:///data/crm.db?table=leads&key=email", kind: SQLite, path: "/data/crm.db", table: "leads", key: "email"},
		{in: "postgres://u:pw@db.example.com/crm?table=sales.leads&sslmode=require", kind: Postgres, table: "sales.leads",
			dsn: "postgres://u:pw@db.example.com/crm?sslmode=require", shown: "postgres://u:xxxxx@db.example.com/crm?table=sales.leads&sslmode=require"},
	} {
		r, err := Parse(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if r.Kind != c.kind || r.Path != c.path || r.Table != c.table || r.Key != c.key || r.DSN != c.dsn || (c.shown != "" && r.String() != c.shown) {
			t.Errorf("%s: %+v shown %s", c.in, r, r)
		}
	}
	for _, bad := range []string{"sqlite:?table=t", "postgres://host/?table=t", "sqlite:x.db?tabel=t"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
