package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/demo"
)

func newDemoCommand(g *globals) *cobra.Command {
	var (
		dir      string
		rows     int
		progress string
	)
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Enrich a sample sheet against an emulator started in process",
		Long: `Start the emulator in this process, write a sample lead sheet drawn from its
world (with the messiness of real exports: several spellings of profile URLs,
e-mails and phones, duplicates, invalid values, unknown people), enrich it
with the real pipeline (journal, limiter, callbacks over loopback) under a
time-compressed budget, and check every row of the result.

It leaves leads.xlsx, leads-enriched.xlsx, its report and the journal in --dir.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			log, err := g.logger(os.Stderr)
			if err != nil {
				return err
			}
			p, log, err := newProgress(progress, g, log)
			if err != nil {
				return err
			}
			if rows < 10 {
				return usageErrorf("--rows must be at least 10")
			}
			_, err = demo.Run(cmd.Context(), demo.Options{Dir: dir, Rows: rows, Out: cmd.ErrOrStderr(), Progress: p, Log: log})
			return err
		},
	}
	cmd.Flags().StringVar(&dir, "dir", demo.DefaultDir, "folder for the sample sheet, the enriched sheet and the journal")
	cmd.Flags().IntVar(&rows, "rows", demo.DefaultRows, "rows in the sample sheet")
	cmd.Flags().StringVar(&progress, "progress", "auto", "progress display: auto, bar, log or none")
	return cmd
}
