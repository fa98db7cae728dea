package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// newManCommand writes the manual pages of every command, from the
// commands' own help: `make man` runs it.
func newManCommand() *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use:    "man",
		Short:  "Write the manual pages of every command (enrich.1, enrich-run.1, ...)",
		Hidden: true,
		Args:   exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true // the pages stay the same from one build to the next
			// Each page is titled by its command (ENRICH-RUN), as man
			// and apropos list it; cobra derives the title when it is left
			// empty.
			header := &doc.GenManHeader{Section: "1", Source: "enrich " + manVersion(), Manual: "enrich manual"}
			if err := doc.GenManTree(root, header, dir); err != nil {
				return fmt.Errorf("write the manual pages: %w", err)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "enrich: manual pages written to %s; read one with man -l %s/enrich-run.1\n", dir, dir)
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "man", "folder to write the pages to")
	return cmd
}

// manVersion is the version the pages' footer names: the one `enrich
// --version` prints first ("enrich VERSION (commit …), go…").
func manVersion() string {
	if f := strings.Fields(versionText()); len(f) > 1 {
		return strings.TrimSuffix(f[1], ",")
	}
	return version
}
