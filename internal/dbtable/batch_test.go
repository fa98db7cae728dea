package dbtable

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// upsertRows upserts n rows (id, name, n) into table out, the name of
// row i name(i), and commits.
func upsertRows(t *testing.T, d *DB, n int, name func(i int) string) error {
	t.Helper()
	w, err := d.Upsert(context.Background(), "out", "id", []string{"id", "name", "n"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := w.Put([]string{strconv.Itoa(i), name(i), strconv.Itoa(i)}); err != nil {
			w.Abort()
			return err
		}
	}
	return w.Commit()
}

// TestUpsertInBatches: rows written in many batches (more than one of
// PostgreSQL's copies too) are all in the table. Written again, the rows
// that changed are replaced and the new ones inserted, whether few rows
// changed (looked up first) or most; and only the rows whose cells
// changed are updated, as a trigger counts.
func TestUpsertInBatches(t *testing.T) {
	const n = 2*copyRows + 123
	for name, db := range databases(t) {
		t.Run(name, func(t *testing.T) {
			d := open(t, db.ref("out"), true)
			if err := upsertRows(t, d, n, func(int) string { return "a" }); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				rows    int
				changed func(i int) bool
			}{
				{n + 5, func(i int) bool { return i%1000 == 7 }},
				{n + 10, func(i int) bool { return i%1000 != 7 }},
			} {
				if err := upsertRows(t, d, c.rows, func(i int) string {
					if c.changed(i) {
						return "b" + strconv.Itoa(c.rows)
					}
					return "a"
				}); err != nil {
					t.Fatal(err)
				}
				want := 0
				for i := range c.rows {
					if c.changed(i) {
						want++
					}
				}
				got := db.cli(t, fmt.Sprintf("SELECT count(*), sum(CASE WHEN name = 'b%d' THEN 1 ELSE 0 END) FROM out", c.rows))
				if want := strconv.Itoa(c.rows) + "|" + strconv.Itoa(want); got != want {
					t.Errorf("rows, changed: %s; want %s", got, want)
				}
			}
			db.cli(t, map[string]string{
				"sqlite": `CREATE TABLE updates (id TEXT);
CREATE TRIGGER counted AFTER UPDATE ON out BEGIN INSERT INTO updates VALUES (NEW.id); END;`,
				"postgres": `CREATE TABLE updates (id TEXT);
CREATE FUNCTION count_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO updates VALUES (NEW.id); RETURN NEW; END $$;
CREATE TRIGGER counted AFTER UPDATE ON out FOR EACH ROW EXECUTE FUNCTION count_update();`,
			}[name])
			if err := upsertRows(t, d, n, func(i int) string {
				if i%1000 == 7 {
					return "c"
				}
				return "b" + strconv.Itoa(n+10)
			}); err != nil {
				t.Fatal(err)
			}
			if got, want := db.cli(t, "SELECT count(*) FROM updates"), strconv.Itoa((n+999-7)/1000); got != want {
				t.Errorf("%s rows updated; want %s, those whose cells changed", got, want)
			}
		})
	}
}

// TestJSONArrayAgrees: a row's cells as the writer writes them as JSON
// are the row as SQLite's json_array reads it back, so that a row
// unchanged is found unchanged.
func TestJSONArrayAgrees(t *testing.T) {
	var cells []string
	for c := range 0x80 {
		cells = append(cells, "a"+string(rune(c))+"b")
	}
	cells = append(cells, "", "Zoë \\ \"quoted\"", "\u2028", "\xff\xfe not UTF-8", "NULL", "null")
	d := open(t, "sqlite:"+filepath.Join(t.TempDir(), "j.db")+"?table=t", true)
	args := make([]any, len(cells))
	for i, c := range cells {
		args[i] = nullable(c)
	}
	var got string
	q := "SELECT json_array(" + strings.TrimSuffix(strings.Repeat("?, ", len(cells)), ", ") + ")"
	if err := d.db.QueryRow(q, args...).Scan(&got); err != nil {
		t.Fatal(err)
	}
	if want := string(appendJSONArray(nil, cells)); got != want {
		t.Errorf("SQLite writes\n%s\nthe writer\n%s", got, want)
	}
}

// TestUpsertFailsWhole: a row the table refuses, in a batch after others
// were written, fails the upsert at Put or Commit, and the table is as
// it was: a database output is never half written.
func TestUpsertFailsWhole(t *testing.T) {
	for name, db := range databases(t) {
		t.Run(name, func(t *testing.T) {
			db.cli(t, `CREATE TABLE out (id TEXT PRIMARY KEY, name TEXT, n INTEGER CHECK (n < 9000)); INSERT INTO out VALUES ('1', 'before', 1)`)
			d := open(t, db.ref("out"), true)
			err := upsertRows(t, d, 2*copyRows, func(int) string { return "after" })
			if err == nil || !strings.Contains(err.Error(), "could not write") {
				t.Errorf("a row refused: %v; want the write's error", err)
			}
			if got := db.cli(t, "SELECT count(*), min(name) FROM out"); got != "1|before" {
				t.Errorf("after a failed upsert the table holds %s; want it as it was, 1|before", got)
			}
		})
	}
}

// TestUpsertOverBlob: a blob in the table, which the look-up of
// unchanged rows cannot read as JSON, leaves the rows upserted whole:
// the blob's row replaced, the others kept.
func TestUpsertOverBlob(t *testing.T) {
	db := databases(t)["sqlite"]
	db.cli(t, `CREATE TABLE out (id TEXT PRIMARY KEY, name TEXT, n TEXT); INSERT INTO out VALUES ('3', x'00ff', '3'), ('4', 'a', '4')`)
	d := open(t, db.ref("out"), true)
	if err := upsertRows(t, d, 1000, func(i int) string { return "a" }); err != nil {
		t.Fatal(err)
	}
	if got := db.cli(t, "SELECT count(*), typeof(min(name)), count(DISTINCT name) FROM out"); got != "1000|text|1" {
		t.Errorf("count, type, names: %s; want 1000|text|1", got)
	}
}

// TestHeldRowsLeftOut: written again into a PostgreSQL table, a row the
// table holds as it is written is not written at all (its digest is the
// table's: empty cells as NULL, a cell's length in characters), and the
// others are; the table holds the rows written, read back with psql.
func TestHeldRowsLeftOut(t *testing.T) {
	db := databases(t)["postgres"]
	d := open(t, db.ref("held"), true)
	ctx := context.Background()
	row := func(i int, changed bool) []string {
		name := []string{"Zoë Ødegård", "", "名前", "a:b-c", "-"}[i%5]
		if changed {
			name += " (changed)"
		}
		email := ""
		if i%3 == 0 {
			email = fmt.Sprintf("p%d@example.com", i)
		}
		return []string{strconv.Itoa(i), name, email}
	}
	write := func(n int, changed func(int) bool) *Writer {
		w, err := d.Upsert(ctx, "held", "id", []string{"id", "name", "email"})
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if err := w.Put(row(i, changed(i))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		return w
	}
	write(1000, func(int) bool { return false })
	w := write(1010, func(i int) bool { return i%100 == 3 })
	if w.copy.held == nil || w.copy.held.skipped != 990 {
		t.Errorf("rows left out: %v; want the 990 held as they are", w.copy.held)
	}
	got := db.cli(t, "SELECT count(*), sum(CASE WHEN name LIKE '%(changed)' THEN 1 ELSE 0 END), count(email) FROM held")
	if want := "1010|11|337"; got != want {
		t.Errorf("rows, changed, e-mails read back: %s; want %s", got, want)
	}
}
