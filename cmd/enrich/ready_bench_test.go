package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

var readyPeople = flag.Int("ready.people", 1_000_000, "people of the world BenchmarkReady starts the emulator with")

// readyLimit is the emulator's promise at a million people: ready to
// serve within it of its start. Its memory at the peak of moving its
// clock ten years on is at most bytesPerPerson a person, the figure that
// `enrich emulator --people` is refused by.
const readyLimit = 15 * time.Second

// BenchmarkReady starts the real binary's emulator with a world of
// -ready.people (a million unless told), times it until it says it is
// ready and then an advance of its clock by ten years, and fails where
// the ready time or the process's peak resident memory (VmHWM) passes
// what the emulator promises (readyLimit, bytesPerPerson). `make realism` runs it; read the
// figures on a quiet machine.
func BenchmarkReady(b *testing.B) {
	for b.Loop() {
		ready, advance, peak := measureEmulator(b, *readyPeople)
		b.ReportMetric(ready.Seconds(), "s-ready")
		b.ReportMetric(advance.Seconds(), "s-advance-10y")
		b.ReportMetric(float64(peak)/(1<<30), "GiB-peak")
		if ready > readyLimit {
			b.Errorf("the emulator of %d people was ready in %s, more than %s", *readyPeople, ready, readyLimit)
		}
		if limit := int64(bytesPerPerson) * int64(*readyPeople); peak > limit {
			b.Errorf("the emulator of %d people peaked at %.2f GiB, more than the documented %.2f GiB (%d bytes a person)",
				*readyPeople, float64(peak)/(1<<30), float64(limit)/(1<<30), bytesPerPerson)
		}
	}
}

// measureEmulator runs `enrich emulator` with a world of people, and
// returns the time until it said it was ready, the time of advancing its
// clock 3,653 days, and the process's peak resident memory in bytes.
func measureEmulator(b *testing.B, people int) (ready, advance time.Duration, peak int64) {
	cmd := exec.Command(enrichBin, "emulator", "--listen", "127.0.0.1:0", "--people", strconv.Itoa(people))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	url := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`emulator ready.* url=(http://\S+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				url <- m[1]
				break
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	var base string
	select {
	case base = <-url:
		ready = time.Since(start)
	case <-time.After(10 * time.Minute):
		b.Fatalf("the emulator of %d people did not say it was ready within 10 minutes", people)
	}
	begun := time.Now()
	resp, err := http.Post(base+"/_emulator/advance", "application/json", strings.NewReader(`{"days": 3653}`))
	if err != nil {
		b.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("advance: %s", resp.Status)
	}
	advance = time.Since(begun)
	return ready, advance, peakRSS(b, cmd.Process.Pid)
}

// peakRSS reads a process's peak resident memory from /proc.
func peakRSS(b *testing.B, pid int) int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.Lines(string(raw)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb << 10
		}
	}
	b.Fatal("no VmHWM in /proc status")
	return 0
}
