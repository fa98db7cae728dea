package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestManPages writes the manual pages: one for every command a user can
// run, each with its flags.
func TestManPages(t *testing.T) {
	dir := t.TempDir()
	if _, errOut, code := runEnrich(t, "man", "--dir", dir); code != 0 {
		t.Fatalf("enrich man: exit %d\n%s", code, errOut)
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
		if !strings.HasPrefix(string(b), ".nh\n.TH \"ENRICH\" \"1\"") {
			t.Errorf("%s does not begin as a manual page: %.40q", page, b)
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
