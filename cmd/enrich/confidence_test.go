package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMinConfidenceRefused: a --min-confidence that is neither medium nor
// high, or high beside --fill-confidence medium, is bad usage for run and
// export (exit 2, naming the flag, before a journal or an output is
// made), and so is the same min_confidence for the tools of enrich mcp.
func TestMinConfidenceRefused(t *testing.T) {
	root := t.TempDir()
	input := filepath.Join(root, "people.csv")
	if err := os.WriteFile(input, []byte("Name,Company\nJane Doe,Oakworth Software\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	output, journal := filepath.Join(root, "out.csv"), filepath.Join(root, "j.journal")
	cs := inMemoryMCP(t, root)
	for _, tc := range []struct {
		flags     []string
		args      map[string]any
		want, arg string // what the command line says, and the tool
	}{
		{[]string{"--min-confidence", "low"}, map[string]any{"min_confidence": "low"},
			`--min-confidence "low": use medium`, `min_confidence "low": use medium`},
		{[]string{"--min-confidence", "high", "--fill", "blank", "--fill-confidence", "medium"},
			map[string]any{"min_confidence": "high", "fill": []string{"blank"}, "fill_confidence": "medium"},
			"--fill-confidence medium fills the rows matched with medium confidence, which --min-confidence high does not match",
			"fill_confidence medium fills the rows matched with medium confidence, which min_confidence high does not match"},
	} {
		for _, command := range []string{"run", "export"} {
			_, stderr, code := runEnrich(t, append([]string{command, input, "-o", output, "--journal", journal}, tc.flags...)...)
			if code != ExitUsage || !strings.Contains(stderr, tc.want) {
				t.Errorf("enrich %s %s: exit %d, want %d saying %q:\n%s", command, strings.Join(tc.flags, " "), code, ExitUsage, tc.want, stderr)
			}
			args := map[string]any{"input": input, "output": output}
			for k, v := range tc.args {
				args[k] = v
			}
			if got := callTool(t, cs, command, args, nil, nil); !strings.Contains(got, tc.arg) {
				t.Errorf("tool %s %v: %q; want it to say %q", command, tc.args, got, tc.arg)
			}
		}
	}
	for _, f := range []string{journal, output} {
		if _, err := os.Stat(f); !os.IsNotExist(err) {
			t.Errorf("a refused command left %s: %v", f, err)
		}
	}
}
