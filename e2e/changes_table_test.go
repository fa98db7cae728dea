package e2e

import (
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/internal/pgtest"
)

// TestChangesIntoTable: enrich changes -o naming an SQLite or a
// PostgreSQL table writes there, read back with sqlite3 and psql, the
// rows and columns it writes to a CSV file; written again, a row whose
// identifier the table holds is replaced and one it does not list is
// kept: each identifier once. A password the server refuses ends it with
// exit 2, before the journal is read, without showing the password.
func TestChangesIntoTable(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 0)
	w := j.emu.World()
	var b strings.Builder
	b.WriteString("Name,LinkedIn\n")
	for i := range 200 {
		fmt.Fprintf(&b, "%s,%s\n", w.Person(i).FullName, w.Person(i).ProfileURL())
	}
	writeFile(t, j.input, b.String())
	j.enrich(t, j.args()...).expectCode(t, 0)
	resp, err := http.Post(j.url+"/_emulator/advance", "application/json", strings.NewReader(`{"days": 180}`))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("advance: %v %v", resp, err)
	}
	resp.Body.Close()
	j.enrichEnv(t, []string{"ENRICH_CLOCK_OFFSET=180d"}, j.args("--refresh-older-than", "90d")...).expectCode(t, 0)

	// Answers of the first run, compared with the refresh's, 180 days on.
	since := time.Now().Add(24 * time.Hour).Format(time.DateOnly)
	changes := func(t *testing.T, output string) result {
		t.Helper()
		_, r := j.stdout(t, "changes", "--since", since, "--journal", j.journal, "-o", output)
		return r
	}
	csvPath := filepath.Join(j.dir, "changes.csv")
	changes(t, csvPath).expectCode(t, 0)
	header, want := readCSV(t, csvPath)
	if len(want) == 0 {
		t.Fatal("nobody changed jobs: the test tests nothing")
	}
	id := slices.Index(header, "identifier")
	byID := func(a, b []string) int { return strings.Compare(a[id], b[id]) }
	slices.SortFunc(want, byID)

	pg := postgresDB(t)
	for _, db := range []tableDB{sqliteDB(t, t.TempDir()), pg} {
		t.Run(db.name, func(t *testing.T) {
			read := func() [][]string {
				rows := db.query(t, "SELECT * FROM moved")
				if !slices.Equal(rows[0], header) {
					t.Fatalf("the table's columns %v; the file's %v", rows[0], header)
				}
				slices.SortFunc(rows[1:], byID)
				return rows[1:]
			}
			r := changes(t, db.ref("moved"))
			r.expectCode(t, 0)
			if strings.Contains(r.stderr, pgtest.Password) {
				t.Errorf("the summary shows the password: %s", r.stderr)
			}
			if got := read(); !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("the table holds %d rows, the file %d:\n table %q\n file  %q", len(got), len(want), got, want)
			}

			// Another night: the rows it lists replace the table's by
			// identifier; a row of an earlier night it does not list stays.
			db.exec(t, "UPDATE moved SET to_company = 'stale'")
			db.exec(t, "INSERT INTO moved (identifier, name) VALUES ('https://www.linkedin.com/in/earlier', 'Earlier Night')")
			changes(t, db.ref("moved")).expectCode(t, 0)
			got := read()
			kept := slices.IndexFunc(got, func(r []string) bool { return r[id] == "https://www.linkedin.com/in/earlier" })
			if kept < 0 {
				t.Fatalf("the row of an earlier night is gone: %q", got)
			}
			if got = slices.Delete(got, kept, kept+1); !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("written again, the table holds:\n %q\nwant the file's\n %q", got, want)
			}
		})
	}

	wrong := strings.Replace(pg.ref("moved"), pgtest.Password, "not-the-password", 1)
	if r := changes(t, wrong); r.code != 2 || !strings.Contains(r.stderr, "refused the user or password") || strings.Contains(r.stderr, "not-the-password") {
		t.Errorf("a wrong password: exit %d, %q; want exit 2 saying so, without the password", r.code, lastLine(r.stderr))
	}
}
