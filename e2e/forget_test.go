package e2e

import (
	"bytes"
	"encoding/csv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestForget: after enrich forget of 10 people from the journal of a
// 1,000-row sheet, no byte of their e-mails, phones, names or uids is in
// the journal's folder; enrich journal show finds nothing of them but
// their suppression; the other rows export unchanged and theirs say
// suppressed; and the next run over the same sheet sends none of the 10
// and pays nothing again for the others.
func TestForget(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(20000), 1000)
	j.journal = filepath.Join(j.dir, "state", "enrich.journal")
	if err := os.MkdirAll(filepath.Dir(j.journal), 0o700); err != nil {
		t.Fatal(err)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	export := func(name string) ([]string, [][]string) {
		t.Helper()
		out := filepath.Join(j.dir, name)
		j.enrich(t, "export", j.input, "-o", out, "--journal", j.journal, "--default-region", "US").expectCode(t, 0)
		return readCSVLazy(t, out)
	}
	if n := forgetPeople(t, j, 10, nil, export, func() result { return j.enrich(t, j.args()...) }, ""); n != 10 {
		t.Errorf("%d people forgotten; want 10", n)
	}
}

// forgetPeople forgets n of the people a complete job found (the first,
// or drawn with pick), each by the identifier that found them, and
// checks what must hold after: no byte of their e-mails, phones, names or
// uids in the journal or in the files kept beside it (JOURNAL.*, or every
// file of its folder when it has one of its own); journal show finds
// nothing of them; export writes their rows suppressed and every other
// row as before (but an ambiguous row's words, whose candidates may have
// listed them); and rerun, a run over the same sheet, ends 0, sending
// nothing and spending no credit.
func forgetPeople(t *testing.T, j *job, n int, pick *rand.Rand, export func(name string) ([]string, [][]string), rerun func() result, replay string) int {
	t.Helper()
	header, before := export("before-forget.csv")
	status, identifier, uid := column(t, header, "enrich_status"), column(t, header, "enrich_identifier"), column(t, header, "enrich_uid")
	name, emails, phones := column(t, header, "enrich_full_name"), column(t, header, "enrich_emails"), column(t, header, "enrich_phones")
	order := make([]int, len(before))
	for i := range order {
		order[i] = i
	}
	if pick != nil {
		pick.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	}
	forgotten := map[string]bool{} // uids
	// A namesake's name stays in the journal, rightly: someone another
	// row found under the name, or a name within it, is not drawn.
	namesakeFound := func(who, full string) bool {
		full = strings.ToLower(full)
		for _, r := range before {
			if cellAt(r, uid) != "" && cellAt(r, uid) != who && strings.Contains(strings.ToLower(cellAt(r, name)), full) {
				return true
			}
		}
		return false
	}
	var args, secrets []string
	for _, i := range order {
		r := before[i]
		if len(forgotten) == n {
			break
		}
		if cellAt(r, status) != "success" || cellAt(r, uid) == "" || forgotten[cellAt(r, uid)] || cellAt(r, identifier) == "" ||
			namesakeFound(cellAt(r, uid), cellAt(r, name)) {
			continue
		}
		forgotten[cellAt(r, uid)] = true
		args = append(args, cellAt(r, identifier))
		secrets = append(secrets, cellAt(r, uid), cellAt(r, name))
		for _, v := range append(strings.Split(cellAt(r, emails), "; "), strings.Split(cellAt(r, phones), "; ")...) {
			if v = strings.TrimPrefix(v, "+"); len(v) > 4 {
				secrets = append(secrets, v)
			}
		}
	}
	if len(forgotten) == 0 {
		t.Logf("nobody found: nobody to forget")
		return 0
	}
	t.Logf("forgetting %d people: %q", len(args), args)
	folder := filepath.Dir(j.journal)
	own := filepath.Base(j.journal) == "enrich.journal" && filepath.Base(folder) == "state"
	inJournal := func() []string {
		var found []string
		files, _ := os.ReadDir(folder)
		for _, f := range files {
			if f.IsDir() || !own && !strings.HasPrefix(f.Name(), filepath.Base(j.journal)) {
				continue
			}
			b, err := os.ReadFile(filepath.Join(folder, f.Name()))
			if err != nil {
				t.Fatal(err)
			}
			b = bytes.ToLower(b) // a search's key is folded
			for _, s := range secrets {
				if s != "" && bytes.Contains(b, []byte(strings.ToLower(s))) {
					found = append(found, s+" in "+f.Name())
				}
			}
		}
		return found
	}
	if len(inJournal()) == 0 {
		t.Fatalf("none of their values is in the journal before: the test would test nothing\n%s", replay)
	}
	j.enrich(t, append([]string{"forget", "--journal", j.journal}, args...)...).expectCode(t, 0)
	if left := inJournal(); len(left) > 0 {
		t.Errorf("after forget, the journal holds %q\n%s", left, replay)
	}
	show := j.enrich(t, "journal", "show", "--journal", j.journal, args[0])
	show.expectCode(t, 0)

	sent, credits := j.stats().ItemsAccepted, j.stats().CreditsUsed["standard"]
	if res := rerun(); res.code != 0 {
		t.Errorf("the run after forget exited %d\n%s\n%s", res.code, lastLines(res.stderr, 10), replay)
	}
	if d := j.stats().ItemsAccepted - sent; d != 0 {
		t.Errorf("the run after forget sent %d items; want none\n%s", d, replay)
	}
	if d := j.stats().CreditsUsed["standard"] - credits; d != 0 {
		t.Errorf("the run after forget spent %d credits; want none\n%s", d, replay)
	}
	_, after := export("after-forget.csv")
	for i, r := range before {
		switch {
		case forgotten[cellAt(r, uid)]:
			if cellAt(after[i], status) != "suppressed" || cellAt(after[i], uid) != "" {
				t.Errorf("row %d of a forgotten person: %s %q; want suppressed, nothing of them\n%s", i+2, cellAt(after[i], status), cellAt(after[i], uid), replay)
			}
		case cellAt(r, status) == "ambiguous" && cellAt(after[i], status) == "ambiguous":
		case !slices.Equal(after[i], r):
			t.Errorf("row %d changed:\n%q\n%q\n%s", i+2, r, after[i], replay)
		}
	}
	return len(forgotten)
}

// readCSVLazy reads a CSV file as readCSV does, taking a quote in an
// unquoted cell as text and the delimiter its first line uses most: an
// export of a sheet writes the sheet's own cells and delimiter back.
func readCSVLazy(t *testing.T, path string) ([]string, [][]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := bytes.Cut(b, []byte("\n"))
	comma := ','
	for _, d := range []rune{';', '\t', '|'} {
		if bytes.Count(first, []byte(string(d))) > bytes.Count(first, []byte(string(comma))) {
			comma = d
		}
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.Comma, r.FieldsPerRecord, r.LazyQuotes = comma, -1, true
	all, err := r.ReadAll()
	if err != nil || len(all) == 0 {
		t.Fatalf("read %s: %v", path, err)
	}
	return all[0], all[1:]
}

// cellAt is the cell i of a row read from a CSV file, "" past its end (a
// blank line of the sheet, written back as it was).
func cellAt(row []string, i int) string {
	if i < len(row) {
		return row[i]
	}
	return ""
}

// TestPrune: enrich journal prune --older-than erases the answers older
// than its age and rewrites the journal without them: none of the found
// e-mails stays in the file, and the next run looks the rows up again.
func TestPrune(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 40)
	j.enrich(t, j.args()...).expectCode(t, 0)
	header, rows := readCSV(t, j.output)
	emails, status := column(t, header, "enrich_emails"), column(t, header, "enrich_status")
	var found []string
	for _, r := range rows {
		if r[status] == "success" && r[emails] != "" {
			found = append(found, strings.Split(r[emails], "; ")...)
		}
	}
	if len(found) == 0 {
		t.Fatal("nobody found: the test tests nothing")
	}
	if b, _ := os.ReadFile(j.journal); !bytes.Contains(b, []byte(found[0])) {
		t.Fatalf("%s is not in the journal before prune: the test would test nothing", found[0])
	}
	time.Sleep(1500 * time.Millisecond)
	j.enrich(t, "journal", "prune", "--older-than", "1s", "--journal", j.journal).expectCode(t, 0)
	b, err := os.ReadFile(j.journal)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range found {
		if bytes.Contains(b, []byte(e)) {
			t.Errorf("%s is still in the journal after prune", e)
		}
	}
	sent := j.stats().ItemsAccepted
	j.enrich(t, j.args()...).expectCode(t, 0)
	if j.stats().ItemsAccepted == sent {
		t.Error("the run after prune sent nothing: the answers were not erased")
	}
	_, again := readCSV(t, j.output)
	for i := range rows {
		if again[i][status] != rows[i][status] {
			t.Errorf("row %d: %s, then %s after prune", i+2, rows[i][status], again[i][status])
		}
	}
}

// TestRetain: run --retain erases, when the run starts, the answers older
// than its age: the run looks the rows up again, and finds what it found.
func TestRetain(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 30)
	j.enrich(t, j.args()...).expectCode(t, 0)
	_, first := readCSV(t, j.output)
	sent := j.stats().ItemsAccepted
	j.enrich(t, j.args("--retain", "1h")...).expectCode(t, 0)
	if j.stats().ItemsAccepted != sent {
		t.Fatal("--retain 1h erased answers of a minute ago")
	}
	time.Sleep(1500 * time.Millisecond)
	j.enrich(t, j.args("--retain", "1s")...).expectCode(t, 0)
	if j.stats().ItemsAccepted == sent {
		t.Error("the run with --retain 1s sent nothing: the old answers were not erased")
	}
	_, again := readCSV(t, j.output)
	if !slices.EqualFunc(first, again, slices.Equal) {
		t.Error("the rows looked up again differ from the first run's")
	}
}
