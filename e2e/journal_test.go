package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/demo/leads"
)

// A journal cut short (a full disk, a bad copy): every command says it is
// damaged and how to go on, none panics; salvage makes a journal that
// finishes the job, paying only for what it could not save.
func TestDamagedJournalCommands(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 400)
	j.enrich(t, j.args()...).expectCode(t, 0)
	// A quarter: the file grows by doubling, so its data may end little
	// past the half, and a cut there may take only free pages.
	fi, _ := os.Stat(j.journal)
	if err := os.Truncate(j.journal, fi.Size()/4); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		j.args(),
		{"status", "--journal", j.journal},
		{"export", j.input, "-o", filepath.Join(j.dir, "x.csv"), "--journal", j.journal},
		{"plan", j.input, "--journal", j.journal},
		{"journal", "check", j.journal},
	} {
		res := j.enrich(t, args...)
		if res.code != 1 || !strings.Contains(res.stderr, "damaged") || strings.Contains(res.stderr, "panic") {
			t.Errorf("%v: exit %d\n%s", args[:2], res.code, res.stderr)
		}
	}
	// check says where the file breaks and what salvage would keep, in
	// the user's words; salvage keeps as much and says it the same way.
	out, res := j.stdout(t, "journal", "check", j.journal)
	keeps := regexp.MustCompile(`would keep .*?([0-9,]+) results`).FindStringSubmatch(out)
	if res.code != 1 || !strings.Contains(out, "cut short") || !strings.Contains(out, "the file breaks in page") || keeps == nil ||
		!strings.Contains(res.stderr, "enrich journal salvage") {
		t.Errorf("journal check of a journal cut short: exit %d\n%s%s", res.code, out, res.stderr)
	}
	saved := filepath.Join(j.dir, "saved.journal")
	out, res = j.stdout(t, "journal", "salvage", j.journal, saved)
	res.expectCode(t, 0)
	if !strings.Contains(out, "salvaged") || keeps != nil && !strings.Contains(out, "copied      "+strings.ReplaceAll(keeps[1], ",", "")+" results") {
		t.Errorf("salvage said:\n%s", out)
	}
	for _, internal := range []string{"assertion", "Page expected", "self identifies", "key \""} {
		if strings.Contains(out, internal) {
			t.Errorf("salvage speaks of the storage library's internals (%q):\n%s", internal, out)
		}
	}
	j.stdout(t, "journal", "check", saved)
	before := j.stats().CreditsUsed["standard"]
	j.journal = saved
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)
	paid := j.stats().CreditsUsed["standard"] - before
	t.Logf("the first run paid %d; after salvage the run paid %d more", before, paid)
	if paid >= before {
		t.Errorf("salvage saved nothing: the run paid %d again of %d", paid, before)
	}
}

// A journal removed while a run writes to it is noticed: the run stops at
// once with the cause, rather than pay for results it cannot keep.
func TestJournalRemovedMidRun(t *testing.T) {
	t.Parallel()
	cfg := fastService(10000)
	cfg.Default.ItemsPerMinute = 20
	j := newJob(t, cfg, 200)
	cmd := j.command(context.Background(), j.args("--items-per-minute", "20", "--drain-timeout", "2s")...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	waitFor(t, "the first results", func() bool { return j.stats().Delivered > 0 })
	os.Remove(j.journal)
	sent := j.stats().ItemsAccepted
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the run went on without its journal")
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(stderr.String(), "removed or replaced") {
		t.Errorf("exit %d:\n%s", code, stderr.String())
	}
	if more := j.stats().ItemsAccepted - sent; more > 40 {
		t.Errorf("%d items sent after the journal was removed", more)
	}
}

// A disk that fills under the journal: callbacks cannot be stored, the
// run stops submitting at once and exits 1 with the cause. The file-size
// limit of the shell stands in for the full disk.
func TestJournalDiskFull(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed to limit the file size: %v", err)
	}
	j := newJob(t, fastService(10000), 2000)
	args := j.args("--items-per-minute", "100", "--drain-timeout", "2s", "-o", filepath.Join(j.dir, "out.jsonl"))
	script := `ulimit -f 1200; exec "$0" "$@"` // 1200 blocks of 512 bytes: the journal fills at about 600 KB
	cmd := j.command(context.Background(), append([]string{"-c", script, binary}, args...)...)
	cmd.Path, cmd.Args = bash, append([]string{bash, "-c", script, binary}, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cmd.Run()
	code := cmd.ProcessState.ExitCode()
	if code != 1 || !strings.Contains(stderr.String(), "journal could not be written") {
		t.Fatalf("exit %d:\n%s", code, lastLines(stderr.String(), 20))
	}
	st := j.stats()
	if st.ItemsAccepted >= 2000 {
		t.Errorf("the run sent every item (%d) though its journal was full", st.ItemsAccepted)
	}
	if strings.Contains(stderr.String(), "panic") {
		t.Errorf("panic:\n%s", stderr.String())
	}
}

// A salvaged journal goes on exactly like a sound one: a second sheet
// enriched with it takes new ids for its requests and results, and the
// first sheet run again afterwards costs nothing and comes out as it was.
// A refresh then pays for the first sheet's people once and shows no job
// move that did not happen.
func TestSalvageThenAnotherSheet(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 60)
	j.enrich(t, j.args()...).expectCode(t, 0)
	first, err := os.ReadFile(j.output)
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(j.dir, "saved.journal")
	if _, res := j.stdout(t, "journal", "salvage", j.journal, saved); res.code != 0 {
		t.Fatalf("salvage: exit %d\n%s", res.code, res.stderr)
	}
	j.journal = saved

	a := *j
	j.input, j.output = filepath.Join(j.dir, "b.csv"), filepath.Join(j.dir, "b-enriched.csv")
	j.sheet = leads.Generate(j.emu.World(), 60, 12)
	if err := leads.WriteCSV(j.input, j.sheet); err != nil {
		t.Fatal(err)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	j.checkRows(t)

	before := j.stats()
	a.enrich(t, a.args()...).expectCode(t, 0)
	if st := j.stats(); st.ItemsAccepted != before.ItemsAccepted {
		t.Errorf("the first sheet run again sent %d items", st.ItemsAccepted-before.ItemsAccepted)
	}
	again, err := os.ReadFile(a.output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, first) {
		t.Errorf("the first sheet's output changed after the second sheet ran on the salvaged journal")
		a.checkRows(t)
	}

	// A refresh: the world did not move, so no row changed.
	time.Sleep(1100 * time.Millisecond)
	a.enrich(t, a.args("--refresh-older-than", "1s")...).expectCode(t, 0)
	a.checkRows(t)
	b, err := os.ReadFile(a.output)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parseCSV(string(b), ',')
	if err != nil {
		t.Fatal(err)
	}
	changed := column(t, rows[0], "enrich_changed")
	for i, row := range rows[1:] {
		if changed < len(row) && row[changed] != "" {
			t.Errorf("row %d: enrich_changed %q in a world that did not move", i+2, row[changed])
		}
	}
}
