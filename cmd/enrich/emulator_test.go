package main

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startEmulator runs `enrich emulator` on a free port with extra
// environment variables and returns its base URL. It stops with the test.
func startEmulator(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(enrichBin, append([]string{"emulator", "--listen", "127.0.0.1:0", "--people", "300"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := regexp.MustCompile(`emulator ready.* url=(http://\S+)`)
	found := make(chan string, 1)
	read := make(chan struct{}) // closed when stderr is read to its end
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-read // Wait closes the pipe: read it all first
		cmd.Wait()
	})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := ready.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case u := <-found:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("the emulator did not say it was ready")
		return ""
	}
}

// creditsStatus asks the emulator for the balance with key.
func creditsStatus(t *testing.T, base, key string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/credits", nil)
	req.Header.Set("apikey", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestEmulatorKeyFromEnvironment: the account's key can come from the
// environment, so that it does not show in the process list; the flag
// still wins.
func TestEmulatorKeyFromEnvironment(t *testing.T) {
	base := startEmulator(t, []string{"ENRICH_EMULATOR_API_KEY=from-env"})
	if got := creditsStatus(t, base, "from-env"); got != http.StatusOK {
		t.Errorf("the environment's key: %d, want 200", got)
	}
	if got := creditsStatus(t, base, "demo-key"); got != http.StatusUnauthorized {
		t.Errorf("the default key beside the environment's: %d, want 401", got)
	}
	base = startEmulator(t, []string{"ENRICH_EMULATOR_API_KEY=from-env"}, "--api-key", "from-flag")
	if got := creditsStatus(t, base, "from-flag"); got != http.StatusOK {
		t.Errorf("the flag's key: %d, want 200", got)
	}
	if got := creditsStatus(t, base, "from-env"); got != http.StatusUnauthorized {
		t.Errorf("the environment's key beside the flag: %d, want 401", got)
	}
}

// TestEmulatorOutageFlag: --outage answers 503 from its start after the
// first request, and the admin endpoints answer meanwhile.
func TestEmulatorOutageFlag(t *testing.T) {
	base := startEmulator(t, nil, "--outage", "0s:1h")
	if got := creditsStatus(t, base, "demo-key"); got != http.StatusServiceUnavailable {
		t.Errorf("during the outage: %d, want 503", got)
	}
	resp, err := http.Get(base + "/_emulator/notices")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("notices during the outage: %d", resp.StatusCode)
	}
}

func TestEmulatorFlags(t *testing.T) {
	stdout, _, code := runEnrich(t, "emulator", "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	for _, flag := range []string{"--notice-period", "--lost-answer-rate", "--outage", "--answer-delay", "--answer-after-callback",
		"--max-callback-delay", "--company-api", "--day-length", "--scroll-ttl", "--search-queries-per-day",
		"--search-profiles-per-day", "--profile-views-per-day", "ENRICH_EMULATOR_API_KEY", "/_emulator/notices", "/_emulator/outage"} {
		if !strings.Contains(stdout, flag) {
			t.Errorf("--help does not mention %s", flag)
		}
	}
	for _, bad := range [][]string{
		{"--outage", "30s"},
		{"--outage", "10s:0s"},
		{"--lost-answer-rate", "1.5"},
		{"--notice-period", "0s"},
		{"--max-callback-delay", "-1s"},
	} {
		_, stderr, code := runEnrich(t, append([]string{"emulator", "--listen", "127.0.0.1:0"}, bad...)...)
		if code != 2 || !strings.Contains(stderr, bad[0]) {
			t.Errorf("%v: exit %d, %q; want 2 naming the flag", bad, code, stderr)
		}
	}
}
