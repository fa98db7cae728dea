package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command line and `enrich mcp` check a run's settings with one
// function: each bad setting is refused by both, before anything is read
// or sent, with the same sentence.
func TestRunOptionsCheckedOnce(t *testing.T) {
	root := t.TempDir()
	input := filepath.Join(root, "leads.csv")
	if err := os.WriteFile(input, []byte("Email\nana@example.com\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cs := inMemoryMCP(t, root)

	for _, tc := range []struct {
		flags []string
		args  map[string]any
	}{
		{[]string{"--items-per-minute", "-1"}, map[string]any{"items_per_minute": -1}},
		{[]string{"--max-credits", "-5"}, map[string]any{"max_credits": -5}},
		{[]string{"--max-attempts", "-2"}, map[string]any{"max_attempts": -2}},
		{[]string{"--rate-window", "-1s"}, map[string]any{"rate_window": "-1s"}},
		{[]string{"--retry-wait", "-3s"}, map[string]any{"retry_wait": "-3s"}},
		{[]string{"--max-duration", "10s", "--drain-timeout", "20s"}, map[string]any{"max_duration": "10s", "drain_timeout": "20s"}},
		{[]string{"--public-url", "ftp://hooks.example.com"}, map[string]any{"public_url": "ftp://hooks.example.com"}},
	} {
		args := append([]string{"run", input, "-o", filepath.Join(root, "out.csv"), "--journal", filepath.Join(root, "j.journal")}, tc.flags...)
		_, stderr, code := runEnrich(t, args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		sentence := strings.TrimPrefix(lines[len(lines)-1], "enrich: ")
		if code != ExitUsage || sentence == "" {
			t.Errorf("enrich %s: exit %d, want %d:\n%s", strings.Join(tc.flags, " "), code, ExitUsage, stderr)
			continue
		}
		tc.args["input"] = input
		tc.args["output"] = filepath.Join(root, "out.csv")
		got := callTool(t, cs, "run", tc.args, nil, nil)
		if !strings.Contains(got, sentence) {
			t.Errorf("%v: the tool says %q; the command line says %q", tc.args, got, sentence)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "j.journal")); !os.IsNotExist(err) {
		t.Errorf("a refused run left a journal: %v", err)
	}
}
