package e2e

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/pgtest"
)

// TestTableWhere: --where selects the rows of an SQLite and a PostgreSQL
// table that plan counts, run enriches into a table of their own and
// writes back into the input's own table, where every row it does not
// select stays as it was, read back with sqlite3 and psql. A condition on
// a file, one beside --query and one the database refuses end with exit
// 2 before anything is sent, naming the condition and the database's
// words but never the password; one that selects no row ends well,
// having sent nothing, where an empty table is refused.
func TestTableWhere(t *testing.T) {
	t.Parallel()
	const rows = 90
	for _, mk := range []func(t *testing.T) tableDB{
		func(t *testing.T) tableDB { return sqliteDB(t, t.TempDir()) },
		postgresDB,
	} {
		db := mk(t)
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			j := newJob(t, fastService(10000), rows)
			db.load(t, "leads", keyedSheet(t, j))
			db.load(t, "empty", keyedSheet(t, j))
			db.exec(t, "DELETE FROM empty")
			// A third of the rows changed since the first of November.
			if db.name == "postgres" {
				db.exec(t, "ALTER TABLE leads ADD COLUMN updated_at date")
				db.exec(t, "UPDATE leads SET updated_at = CASE WHEN id % 3 = 0 THEN DATE '2026-11-02' ELSE DATE '2026-10-01' END")
			} else {
				db.exec(t, "ALTER TABLE leads ADD COLUMN updated_at TEXT")
				db.exec(t, "UPDATE leads SET updated_at = CASE WHEN id % 3 = 0 THEN '2026-11-02' ELSE '2026-10-01' END")
			}
			const where = "updated_at > '2026-11-01'"
			var selected []string
			for _, r := range db.query(t, "SELECT id FROM leads WHERE "+where+" ORDER BY id")[1:] {
				selected = append(selected, r[0])
			}
			if len(selected) != rows/3 {
				t.Fatalf("%d rows changed since November; want %d", len(selected), rows/3)
			}
			before := db.query(t, "SELECT * FROM leads ORDER BY id")
			run := func(extra ...string) []string {
				args := j.args(append([]string{"--where", where}, extra...)...)
				args[1] = db.ref("leads")
				return args
			}

			// A comment at the condition's end comments out nothing of the
			// statement around it.
			out, r := j.stdout(t, "plan", db.ref("leads"), "--where", where+" -- since November", "--json", "--journal", j.journal)
			var plan struct{ Rows int }
			if err := json.Unmarshal([]byte(out), &plan); r.code != 0 || err != nil || plan.Rows != len(selected) {
				t.Errorf("plan --where: exit %d (%v), %d rows; want %d\n%s", r.code, err, plan.Rows, len(selected), r.stderr)
			}

			if r := j.enrich(t, run("-o", db.ref("leads_enriched"))...); r.code != 0 {
				t.Fatalf("run --where: exit %d\n%s", r.code, r.stderr)
			}
			var written []string
			for _, r := range db.query(t, "SELECT id FROM leads_enriched ORDER BY CAST(id AS INTEGER)")[1:] {
				written = append(written, r[0])
			}
			if !slices.Equal(written, selected) {
				t.Errorf("the output table holds ids %v; want those the condition selects, %v", written, selected)
			}

			// Written back in place: only the selected rows may change.
			if r := j.enrich(t, run("-o", db.ref("leads"), "--fill", "email=blank,phone=blank")...); r.code != 0 {
				t.Fatalf("run --where written back: exit %d\n%s", r.code, r.stderr)
			}
			after := db.query(t, "SELECT * FROM leads ORDER BY id")
			if len(after) != len(before) || !slices.Equal(after[0], before[0]) {
				t.Fatalf("written back: %d rows of %v; want %d of %v", len(after)-1, after[0], len(before)-1, before[0])
			}
			filled := 0
			for i := 1; i < len(before); i++ {
				switch {
				case !slices.Contains(selected, before[i][0]) && !slices.Equal(after[i], before[i]):
					t.Errorf("row id %s, outside the condition, changed:\n before %q\n after  %q", before[i][0], before[i], after[i])
				case !slices.Equal(after[i], before[i]):
					filled++
				}
			}
			if filled == 0 {
				t.Error("no selected row was filled: the test tests nothing")
			}

			// Refused before anything is sent.
			sent := j.stats().ItemsAccepted
			bad := "updatd_at > '2026-11-01'"
			dbSays := map[string]string{"sqlite": "no such column: updatd_at", "postgres": `column "updatd_at" does not exist`}[db.name]
			for _, c := range []struct {
				what string
				args []string
				want []string
			}{
				{"on a file", j.args("--where", where), []string{"is a file: --where selects the rows of a database's table"}},
				{"with --query", run("--query", "SELECT * FROM leads", "--key", "id"), []string{"put the condition in the query's own WHERE"}},
				{"refused by the database", run("--where", bad), []string{`--where "` + bad + `"`, dbSays}},
			} {
				r := j.enrich(t, c.args...)
				if r.code != 2 || strings.Contains(r.stderr, pgtest.Password) {
					t.Errorf("--where %s: exit %d, %q; want exit 2, and no password", c.what, r.code, lastLine(r.stderr))
				}
				for _, w := range c.want {
					if !strings.Contains(r.stderr, w) {
						t.Errorf("--where %s: %q; want it to say %q", c.what, lastLine(r.stderr), w)
					}
				}
			}
			if db.name == "postgres" {
				// A condition that fails on a row's cell, as the rows are read.
				r := j.enrich(t, run("--where", `CAST("Email" AS date) > '2026-01-01'`)...)
				if r.code != 2 || !strings.Contains(r.stderr, "invalid input syntax for type date") || !strings.Contains(r.stderr, `--where "CAST(\"Email\" AS date)`) {
					t.Errorf("a condition failing on a cell: exit %d, %q; want exit 2 naming it and the database's words", r.code, lastLine(r.stderr))
				}
			}
			if now := j.stats().ItemsAccepted; now != sent {
				t.Errorf("the refused runs sent %d items; want none", now-sent)
			}

			// No row selected: a night with nothing to do, not an empty
			// table, which is refused.
			emptyArgs := j.args("-o", db.ref("none_enriched"))
			emptyArgs[1] = db.ref("empty")
			if empty := j.enrich(t, emptyArgs...); empty.code != 2 || !strings.Contains(empty.stderr, "no data rows") {
				t.Errorf("an empty table: exit %d, %q; want 2, no data rows", empty.code, lastLine(empty.stderr))
			}
			if none := j.enrich(t, run("--where", "1 = 0", "-o", db.ref("none_enriched"))...); none.code != 0 {
				t.Errorf("no row selected: exit %d, %q; want 0", none.code, lastLine(none.stderr))
			}
			if got := db.query(t, "SELECT count(*) AS n FROM none_enriched"); len(got) != 2 || got[1][0] != "0" {
				t.Errorf("no row selected: the output table holds %q; want it empty", got)
			}
			if now := j.stats().ItemsAccepted; now != sent {
				t.Errorf("the run that selected no row sent %d items; want none", now-sent)
			}
		})
	}
}
