package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

func newExportCommand(g *globals) *cobra.Command {
	var (
		output, journal string
		withoutContacts bool
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
			counts, err := pipeline.Export(cmd.Context(), j, pipeline.ExportConfig{
				Input: args[0], Output: output, Source: opts, WithoutContacts: withoutContacts,
			})
			if err != nil {
				return runError(err)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "enrich: wrote %d rows to %s\n", counts.Total(), output)
			for st, n := range counts {
				fmt.Fprintf(cmd.ErrOrStderr(), "  %-20s %d\n", st, n)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&output, "output", "o", "", "enriched sheet to write: .csv, .xlsx or .jsonl (required)")
	f.StringVar(&journal, "journal", defaultJournal, "journal file of the run")
	f.BoolVar(&withoutContacts, "without-contacts", false, "export the lookups made without contacts")
	input.register(f)
	return cmd
}
