package shell

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestLineReadsBack: the shell reads a Line back as the words it was
// made of, whatever they hold.
func TestLineReadsBack(t *testing.T) {
	words := []string{"enrich", "run", "my leads.csv", "-o", "it's.csv", "--column", `email="Work Email"`, "", "a$b`c`", "x\ny", "--max-credits", "5"}
	line := Line(words...)
	out, err := exec.Command("sh", "-c", `eval "set -- $1"; for w in "$@"; do printf '%s\0' "$w"; done`, "sh", line).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if !slices.Equal(got, words) {
		t.Errorf("%s\nreads back as %q\nwant %q", line, got, words)
	}
	if Quote("leads.csv") != "leads.csv" {
		t.Errorf("a plain word is quoted: %s", Quote("leads.csv"))
	}
}
