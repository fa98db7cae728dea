package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/export"
)

func newChooseCommand(g *globals) *cobra.Command {
	var (
		output string
		row    int
		uid    string
	)
	cmd := &cobra.Command{
		Use:   "choose OUTPUT --row N --uid UID",
		Short: "Choose the person of an ambiguous row among its candidates",
		Long: `Mark candidate UID of row N in OUTPUT.candidates.csv, the side sheet of the
rows found only by name that ended ambiguous, as a person marks its choose
cell in a spreadsheet program: the row's other mark is cleared, and the
sheet is written again atomically. The next enrich run on the same output
reads the sheet, keeps the choice in the journal (a run without the sheet
keeps it too) and looks the person up by their uid: one credit, no search.

OUTPUT is the enriched sheet a run wrote (or -o OUTPUT), or the candidates
sheet itself. A row or a uid that the sheet does not hold is refused
(exit 2), the sheet untouched.`,
		Example: `  enrich choose enriched.csv --row 12 --uid 0f1e2d3c4b5a69788796a5b4c3d2e1f0
  enrich run attendees.csv -o enriched.csv    # the same run again: row 12 is settled`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) > 1, len(args) == 1 && output != "" && args[0] != output:
				return usageErrorf("%s expects one output file, as OUTPUT or -o OUTPUT; see '%s --help'", cmd.CommandPath(), cmd.CommandPath())
			case len(args) == 1:
				output = args[0]
			case output == "":
				return usageErrorf("%s expects the output whose candidates to choose among (OUTPUT); see '%s --help'", cmd.CommandPath(), cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case row < 1:
				return usageErrorf("--row N is required: the row's number, as the candidates sheet's row column gives it")
			case uid == "":
				return usageErrorf("--uid UID is required: the candidate_uid of the person chosen")
			}
			chosen, err := export.Choose(output, row, uid)
			switch {
			case errors.Is(err, export.ErrNotInSheet):
				return usageErrorf("%w", err)
			case err != nil:
				return err
			}
			return g.writeSummary(cmd, func(w io.Writer) { printChosen(w, chosen) }, chosen, false)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&output, "output", "o", "", "the enriched sheet whose candidates sheet to mark (or give it as OUTPUT)")
	f.IntVar(&row, "row", 0, "the row to choose for, as the candidates sheet's row column gives it (required)")
	f.StringVar(&uid, "uid", "", "the candidate_uid of the person chosen, one of the row's candidates (required)")
	return cmd
}

// printChosen says what was marked, and what comes next.
func printChosen(w io.Writer, c export.Chosen) {
	who := c.Name
	if c.Title != "" || c.Company != "" {
		who += fmt.Sprintf(" (%s)", joinNonEmpty(c.Title, c.Company))
	}
	fmt.Fprintf(w, "enrich: row %d: %s, uid %s, is marked in %s\n", c.Row, who, c.UID, c.Sheet)
	fmt.Fprintln(w, "  run the same enrich run again: it keeps the choice in the journal and looks them up (one credit)")
}

// joinNonEmpty joins the values given, leaving out the empty ones.
func joinNonEmpty(values ...string) string {
	out := ""
	for _, v := range values {
		if v == "" {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += v
	}
	return out
}
