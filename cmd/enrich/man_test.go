package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestManPages writes the manual pages: one for every command a user can
// run, each titled by its command, with the version it documents and its
// flags.
func TestManPages(t *testing.T) {
	// Built with a version, as make man runs it.
	dir := t.TempDir()
	bin := filepath.Join(dir, "enrich")
	if out, err := exec.Command("go", "build", "-ldflags", "-X main.version=v1.4.0", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build enrich: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "man", "--dir", dir).CombinedOutput(); err != nil {
		t.Fatalf("enrich man: %v\n%s", err, out)
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() && c.HasParent() {
			return
		}
		page := filepath.Join(dir, strings.ReplaceAll(c.CommandPath(), " ", "-")+".1")
		b, err := os.ReadFile(page)
		if err != nil {
			t.Errorf("no page for %s: %v", c.CommandPath(), err)
			return
		}
		title := strings.ToUpper(strings.ReplaceAll(c.CommandPath(), " ", "-"))
		th, _, _ := strings.Cut(strings.TrimPrefix(string(b), ".nh\n"), "\n")
		if !strings.HasPrefix(th, `.TH "`+title+`" "1" `) || !strings.HasSuffix(th, ` "enrich v1.4.0" "enrich manual"`) {
			t.Errorf("%s begins %q, want the manual page of %s, section 1, of enrich v1.4.0", page, th, title)
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden && !strings.Contains(string(b), `\fB--`+f.Name) {
				t.Errorf("%s does not document --%s", page, f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCommand())
}
