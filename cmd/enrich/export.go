package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

func newExportCommand(g *globals) *cobra.Command {
	var (
		output, journal string
		withoutContacts bool
		noFormulaGuard  bool
		input           inputFlags
	)
	cmd := &cobra.Command{
		Use:   "export INPUT -o OUTPUT",
		Short: "Write the enriched sheet from the journal, without the network",
		Long: `Write OUTPUT (.csv, .xlsx or .jsonl) from INPUT and what the journal holds,
without contacting the service: rows already looked up are enriched, the
others say pending. Use the same input flags as the run did.`,
		Args: exactArgs(1, "one input file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if output == "" {
				return usageErrorf("--output (-o) is required")
			}
			opts, err := input.options()
			if err != nil {
				return err
			}
			j, err := state.Open(journal, state.Options{ReadOnly: true})
			if err != nil {
				return runError(err)
			}
			defer j.Close()
			written, err := pipeline.Export(cmd.Context(), j, pipeline.ExportConfig{
				Input: args[0], Output: output, Source: opts, WithoutContacts: withoutContacts,
				NoFormulaGuard: noFormulaGuard,
			})
			if err != nil {
				return runError(err)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "enrich: wrote %d rows to %s\n", written.Rows.Total(), output)
			for st, n := range written.Rows {
				fmt.Fprintf(cmd.ErrOrStderr(), "  %-20s %d\n", st, n)
			}
			if written.Damaged > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "enrich: %d rows are error rows because the journal's record of their result is damaged; run again to look them up again\n", written.Damaged)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&output, "output", "o", "", "enriched sheet to write: .csv, .xlsx or .jsonl (required)")
	f.StringVar(&journal, "journal", defaultJournal, "journal file of the run")
	f.BoolVar(&withoutContacts, "without-contacts", false, "export the lookups made without contacts")
	registerFormulaGuard(f, &noFormulaGuard)
	input.register(f)
	return cmd
}

// registerFormulaGuard binds --no-formula-guard, shared by the commands
// that write an enriched sheet.
func registerFormulaGuard(f *pflag.FlagSet, off *bool) {
	f.BoolVar(off, "no-formula-guard", false,
		"write CSV cells as raw text: no apostrophe before a value a spreadsheet would run as a formula\n"+
			"(one starting with =, @, TAB or CR, or + or - followed by anything but a number)")
}
