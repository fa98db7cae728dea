package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// exportOptions are the flags of `enrich export`.
type exportOptions struct {
	output, journal string
	outputFormat    string
	withoutContacts bool
	noFormulaGuard  bool
	withChanges     bool
	progress        string
	input           inputFlags
	fills           fillFlags
}

func newExportCommand(g *globals) *cobra.Command {
	o := &exportOptions{}
	cmd := &cobra.Command{
		Use:   "export INPUT -o OUTPUT",
		Short: "Write the enriched sheet from the journal, without the network",
		Long: `Write OUTPUT (.csv, .xlsx, .jsonl, .parquet or a database's table) from INPUT and what the journal holds,
without contacting the service: rows already looked up are enriched, the
others say pending. Use the same input flags as the run did. INPUT -
reads standard input and -o - writes standard output, as run does.`,
		Args: exactArgs(1, "one input file"),
		RunE: func(cmd *cobra.Command, args []string) error { return o.execute(cmd, g, args[0]) },
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "", "enriched sheet to write: .csv, .xlsx, .jsonl or .parquet, a database's table\n(sqlite:PATH?table=NAME, postgres://…?table=NAME; docs/tables.md), or - for standard output (required)")
	f.StringVar(&o.outputFormat, "output-format", "", "format of an output without an extension (-, /dev/stdout): csv, xlsx, jsonl or parquet (default csv)")
	f.StringVar(&o.journal, "journal", defaultJournal, "journal file of the run")
	f.BoolVar(&o.withoutContacts, "without-contacts", false, "export the lookups made without contacts")
	f.BoolVar(&o.withChanges, "with-changes", false, "add the columns a run with --refresh-older-than writes: what changed since the previous answer")
	f.StringVar(&o.progress, "progress", "auto", "progress display: auto (bar on a terminal, else log), bar, log or none")
	registerFormulaGuard(f, &o.noFormulaGuard)
	o.input.register(f)
	o.fills.register(f, true)
	return cmd
}

// execute runs `enrich export` on input.
func (o *exportOptions) execute(cmd *cobra.Command, g *globals, input string) error {
	if o.output == "" {
		return usageErrorf("--output (-o) is required")
	}
	opts, err := o.input.options()
	if err != nil {
		return err
	}
	rules, appendCols, onlyChanged, err := o.fills.output(input, o.output)
	if err != nil {
		return err
	}
	least, err := o.fills.leastConfidence(rules)
	if err != nil {
		return err
	}
	byName, _ := o.input.findByName()
	if err := export.CheckDecisions(o.fills.decisions, byName); err != nil {
		return usageErrorf("%w", err)
	}
	log, err := g.logger(cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	bar, err := newCounter(o.progress, sources.PassRead, g, log)
	if err != nil {
		return err
	}
	out, stream, err := outputFile(o.output, o.outputFormat, o.journal)
	if err != nil {
		return err
	}
	defer stream.dropEmpty()
	in, err := stdinInput(input, o.journal)
	if err != nil {
		return err
	}
	if input == stdioName {
		defer os.Remove(in) // read once: an export keeps nothing of it
	}
	j, err := exportJournal(out, in, o.journal)
	if err != nil {
		return err
	}
	defer j.Close()
	sideDir, err := o.fills.sideDir()
	if err != nil {
		return err
	}
	written, err := export.Export(cmd.Context(), j, export.Config{
		Input: in, Output: out, Beside: export.SideBase(out, o.journal, sideDir), Source: opts, WithoutContacts: o.withoutContacts,
		NoFormulaGuard: o.noFormulaGuard, Refresh: o.withChanges, Progress: bar.pass, ByName: byName, MinConfidence: least,
		Fill: rules, Append: appendCols, OnlyChanged: onlyChanged, Decisions: o.fills.decisions, Log: log,
	})
	bar.done()
	if err != nil {
		return runError(err)
	}
	if err := stream.copy(); err != nil {
		return withCode(ExitError, err)
	}
	stream.remove()
	printExported(cmd.ErrOrStderr(), o.output, written)
	return nil
}

// printExported says what an export wrote.
func printExported(w io.Writer, output string, written export.Result) {
	if n := written.Rows.Total(); written.Written != n {
		fmt.Fprintf(w, "enrich: wrote %d changed rows of %d to %s\n", written.Written, n, output)
	} else {
		fmt.Fprintf(w, "enrich: wrote %d rows to %s\n", n, output)
	}
	for _, st := range sinks.Statuses {
		if n := written.Rows[st]; n > 0 {
			fmt.Fprintf(w, "  %-20s %d\n", st, n)
		}
	}
	if written.Fill != nil {
		fmt.Fprintf(w, "  %-20s %s\n", "filled", written.Fill.Sentence())
	}
	if written.Damaged > 0 {
		fmt.Fprintf(w, "enrich: %d rows are error rows because the journal's record of their result is damaged; run again to look them up again\n", written.Damaged)
	}
}

// exportJournal checks the output's path against the input and the
// journal, and opens the journal for reading.
func exportJournal(out, in, journal string) (*state.Journal, error) {
	if err := export.CheckOutput(out, in, journal); err != nil {
		return nil, usageErrorf("%w", err)
	}
	return openJournal(journal)
}

// openJournal opens a journal for reading, with the messages every
// command gives: none there, in use, damaged.
func openJournal(path string) (*state.Journal, error) {
	j, err := state.Open(path, state.Options{ReadOnly: true})
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, usageErrorf("no journal at %s; give --journal, or run enrich run first", path)
	case err != nil:
		return nil, journalError(err)
	}
	return j, nil
}

// registerFormulaGuard binds --no-formula-guard, shared by the commands
// that write an enriched sheet.
func registerFormulaGuard(f *pflag.FlagSet, off *bool) {
	f.BoolVar(off, "no-formula-guard", false,
		"write CSV cells as raw text: no apostrophe before a value a spreadsheet would run as a formula\n"+
			"(one starting with =, @, TAB or CR, or + or - followed by anything but a number)")
}
