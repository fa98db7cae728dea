package e2e

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

var damageTries = flag.Int("damage-tries", 2, "runs damaged mid-way for each kind of damage")

// The kinds of damage done to a journal while a run holds it, in place:
// the file cut short, pages zeroed, another journal (or an older copy of
// the same) copied over it.
var midRunDamage = []damageKind{
	{"cut short", func(t *testing.T, path, _ string, _ *rand.Rand) {
		if err := os.Truncate(path, 16<<10); err != nil {
			t.Fatal(err)
		}
	}},
	{"pages zeroed", func(t *testing.T, path, _ string, r *rand.Rand) {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		fi, _ := f.Stat()
		pages := fi.Size() / 4096
		zero := make([]byte, 4096)
		for range 40 {
			if pages > 2 {
				f.WriteAt(zero, (2+r.Int64N(pages-2))*4096)
			}
		}
	}},
	{"another journal copied over it", func(t *testing.T, path, other string, _ *rand.Rand) {
		b, err := os.ReadFile(other)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		f.WriteAt(b, 0)
	}},
}

// Damage done to the journal while a run holds it is fatal but clean: no
// crash, no wait past the drain, the journal's lock released, the output
// written with one row for each row, and the exit code and sentence of a
// damaged journal when the run saw it.
func TestDamageDuringRun(t *testing.T) {
	t.Parallel()
	// A journal of another job, to copy over.
	other := newJob(t, fastService(10000), 40)
	other.enrich(t, other.args()...).expectCode(t, 0)
	for _, kind := range midRunDamage {
		for try := range *damageTries {
			t.Run(fmt.Sprintf("%s/%d", kind.name, try), func(t *testing.T) {
				t.Parallel()
				r := rand.New(rand.NewPCG(uint64(try), 0xda)) // the try is the seed
				t.Logf("replay: go test ./e2e -run 'TestDamageDuringRun/%s/%d$' -damage-tries %d", strings.ReplaceAll(kind.name, " ", "_"), try, try+1)
				j := newJob(t, fastService(100000), 600)
				cmd := j.command(context.Background(), j.args("--drain-timeout", "3s")...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { cmd.Process.Kill() })
				waitFor(t, "the first results", func() bool { return j.stats().Delivered > 0 })
				time.Sleep(time.Duration(r.IntN(1500)) * time.Millisecond)
				kind.do(t, j.journal, other.journal, r)
				damaged := time.Now()

				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				select {
				case <-done:
				case <-time.After(40 * time.Second):
					cmd.Process.Signal(syscall.SIGQUIT)
					<-done
					dump, _ := os.CreateTemp("", "enrich-hang-*.log")
					dump.Write(stderr.Bytes())
					dump.Close()
					t.Fatalf("the run did not end 40 s after the damage; its log and goroutines are in %s", dump.Name())
				}
				code, log := cmd.ProcessState.ExitCode(), stderr.String()
				t.Logf("exit %d %v after the damage", code, time.Since(damaged).Round(100*time.Millisecond))
				if strings.Contains(log, "panic") || strings.Contains(log, "fatal error") || code == 2 || code < 0 {
					t.Fatalf("exit %d:\n%s", code, lastLines(log, 40))
				}
				if code == 1 && !strings.Contains(log, "journal "+j.journal) {
					t.Errorf("exit 1 without naming the journal:\n%s", lastLines(log, 10))
				}
				if _, err := os.Stat(j.journal + ".owner"); !os.IsNotExist(err) {
					t.Errorf("the journal's owner file is left behind: %v", err)
				}
				st := statuses(t, j.output)
				rows := 0
				for _, n := range st {
					rows += n
				}
				if rows != len(j.sheet) {
					t.Errorf("the output has %d rows (%v) for %d", rows, st, len(j.sheet))
				}
			})
		}
	}
}
