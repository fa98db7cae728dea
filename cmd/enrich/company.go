package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/company"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/untrusted"
)

func newCompanyCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "company",
		Short: "Look companies up and export their employees (the Company API)",
		Long: `Commands of the service's Company API, which the provider enables per
account. ID is a company's numeric id or its slug (the last part of its
company page URL).`,
		Args: exactArgs(0, "a subcommand: find, count, info or employees"),
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(
		newCompanyFindCommand(g),
		newCompanyCountCommand(g),
		newCompanyInfoCommand(g),
		newCompanyEmployeesCommand(g),
	)
	return cmd
}

// companyCall is the shape of the small company commands: a client, an
// answer printed as a table or JSON.
func companyCall(g *globals, use, short string, run func(cmd *cobra.Command, c *api.Client, id string) (any, func(io.Writer), error)) *cobra.Command {
	var (
		svc    serviceFlags
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  exactArgs(1, "a company id or slug"),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, _, err := svc.connect(g)
			if err != nil {
				return err
			}
			v, table, err := run(cmd, c, args[0])
			if err != nil {
				var ee *exitError
				if !errors.As(err, &ee) {
					err = company.Explain(err, args[0])
				}
				return companyCmdError(err)
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(v)
			}
			table(cmd.OutOrStdout())
			return nil
		},
	}
	svc.register(cmd.Flags())
	svc.registerWait(cmd.Flags())
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func newCompanyFindCommand(g *globals) *cobra.Command {
	return companyCall(g, "find ID", "Resolve a company id or slug (free)", func(cmd *cobra.Command, c *api.Client, id string) (any, func(io.Writer), error) {
		ref, _, err := c.CompanyFind(cmd.Context(), id)
		out := struct {
			ID   int64  `json:"id"`
			Slug string `json:"slug"`
			Name string `json:"name"`
		}{ref.ID, ref.Slug, ref.Company}
		return out, func(w io.Writer) {
			table(w, [][2]string{{"id", fmt.Sprint(ref.ID)}, {"slug", ref.Slug}, {"name", ref.Company}})
		}, err
	})
}

func newCompanyCountCommand(g *globals) *cobra.Command {
	var status string
	cmd := companyCall(g, "count ID --status S", "Count a company's profiles: current, past or both employees (free)", func(cmd *cobra.Command, c *api.Client, id string) (any, func(io.Writer), error) {
		if !wire.ValidEmployeeStatus(status) {
			return nil, nil, usageErrorf("--status %q: use current, past or both", status)
		}
		n, _, err := c.CompanyCount(cmd.Context(), id, status)
		return map[string]any{"id": id, "status": status, "total_profiles": n}, func(w io.Writer) {
			fmt.Fprintf(w, "%d profiles of %s\n", n, employeesOf(status))
		}, err
	})
	cmd.Flags().StringVar(&status, "status", "current", "current, past or both")
	return cmd
}

func newCompanyInfoCommand(g *globals) *cobra.Command {
	return companyCall(g, "info ID", "Show a company's details (costs one company data credit)", func(cmd *cobra.Command, c *api.Client, id string) (any, func(io.Writer), error) {
		info, meta, err := c.CompanyInfo(cmd.Context(), id)
		return info.Raw, func(w io.Writer) {
			staff, _ := info.StaffCount.Int()
			founded, _ := info.Founded.Int()
			rows := [][2]string{
				{"name", string(info.Name)}, {"network id", string(info.NetworkID)}, {"industry", string(info.Industry)},
				{"type", string(info.Type)}, {"founded", nonZero(founded)}, {"staff", nonZero(staff)},
				{"website", string(info.Website)}, {"page", string(info.URL)}, {"phone", string(info.Phone)},
				{"specialities", strings.Join(info.Specialities, ", ")},
			}
			for _, l := range info.ConfirmedLocations {
				place := strings.Join(nonEmpty(string(l.City), string(l.GeographicArea), string(l.Country)), ", ")
				if l.Headquarter {
					place += " (headquarters)"
				}
				rows = append(rows, [2]string{"location", place})
			}
			rows = append(rows, [2]string{"description", string(info.Description)})
			if meta.HasCredits {
				rows = append(rows, [2]string{"credits left", fmt.Sprint(meta.CreditsLeft)})
			}
			table(w, rows)
		}, err
	})
}

// employeesOptions are the flags of `enrich company employees`.
type employeesOptions struct {
	status   string
	output   string
	format   string
	journal  string
	listen   string
	public   string
	timeout  time.Duration
	refetch  bool
	progress string
	service  serviceFlags
	exits    incompleteExitCode
}

func newCompanyEmployeesCommand(g *globals) *cobra.Command {
	o := &employeesOptions{}
	cmd := &cobra.Command{
		Use:   "employees ID --status S -o OUTPUT",
		Short: "Export a company's employee profiles (delivered by callback)",
		Long: `Ask the service to deliver a company's employee profiles (without contacts)
to the embedded callback receiver, and write them to OUTPUT (.csv, .xlsx or
.jsonl) once all the profiles the company's count announced have arrived,
or none came for --callback-timeout.

The request and every batch are kept in the journal: running the same
command again waits for the deliveries of the earlier request instead of
asking again. --refetch asks again. Each profile delivered counts against
the account's daily profile-view quota; a company larger than what is left
of it is refused (exit code 3).`,
		Args: exactArgs(1, "a company id or slug"),
		RunE: mappedCode(&o.exits, func(cmd *cobra.Command, args []string) error {
			log, err := g.logger(os.Stderr)
			if err != nil {
				return err
			}
			if o.output == "" {
				return usageErrorf("--output (-o) is required")
			}
			if !wire.ValidEmployeeStatus(o.status) {
				return usageErrorf("--status %q: use current, past or both", o.status)
			}
			output, stream, err := outputFile(o.output, o.format, o.journal)
			if err != nil {
				return err
			}
			defer stream.dropEmpty()
			bar, err := newCounter(o.progress, "profiles", g, log)
			if err != nil {
				return err
			}
			c, err := o.service.client(log)
			if err != nil {
				return err
			}
			res, err := company.ExportEmployees(cmd.Context(), company.Config{
				Company: args[0], Status: o.status, Output: output, Journal: o.journal, Service: c,
				Listen: o.listen, PublicURL: o.public, CallbackTimeout: o.timeout, Refetch: o.refetch,
				Progress: bar.update, Log: log,
				CommandLine: commandLine(), Settings: settings(cmd.Flags()),
			})
			bar.done()
			if code, ok := journalCode(err); ok {
				return withCode(code, err)
			}
			if err != nil {
				return companyCmdError(err)
			}
			return o.finish(cmd, g, stream, res)
		}),
	}
	f := cmd.Flags()
	f.StringVar(&o.status, "status", "current", "current, past or both")
	f.StringVarP(&o.output, "output", "o", "", "sheet to write: .csv, .xlsx or .jsonl, or - for standard output (required)")
	f.StringVar(&o.format, "output-format", "", "format of an output without an extension (-, /dev/stdout): csv, xlsx or jsonl (default csv)")
	f.StringVar(&o.journal, "journal", defaultJournal, "journal file that keeps the request and the profiles")
	f.StringVar(&o.listen, "listen", callback.DefaultListen, "address of the callback receiver")
	f.StringVar(&o.public, "public-url", "", "address at which the service reaches the receiver (default http://LISTEN)")
	f.DurationVar(&o.timeout, "callback-timeout", 15*time.Minute, "stop waiting when no batch came for this long")
	f.BoolVar(&o.refetch, "refetch", false, "ask for the profiles again although an earlier request exists")
	f.StringVar(&o.progress, "progress", "auto", "progress display: auto, bar, log or none")
	o.service.register(f)
	o.service.registerWait(f)
	registerIncompleteExitCode(f, &o.exits)
	return cmd
}

// finish copies the sheet to standard output when it goes there, prints
// the summary, and ends with the exit code that tells how far it got.
func (o *employeesOptions) finish(cmd *cobra.Command, g *globals, stream *streamOutput, res *company.Result) error {
	if err := stream.copy(); err != nil {
		return withCode(ExitError, err)
	}
	if res.Complete {
		stream.remove()
	}
	sum := employeesSummary{res.Report, o.exits.mapped(res.Report.ExitCode)}
	if err := g.writeSummary(cmd, res.Report.WriteSummary, sum, stream.toStdout()); err != nil {
		return err
	}
	switch {
	case res.Complete:
		return nil
	case res.StopReason == fault.StopInterrupted:
		return withCode(ExitInterrupted, errors.New("interrupted; what arrived is written, and running the same command again waits for the rest"))
	}
	return withCode(ExitIncomplete, errors.New(res.StopReason))
}

// companyCmdError gives company errors their exit codes.
func companyCmdError(err error) error {
	var q *company.QuotaError
	if errors.As(err, &q) {
		return withCode(ExitIncomplete, err)
	}
	if errors.Is(err, fault.ErrAccount) {
		return withCode(ExitUsage, err)
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	var nf *company.NotFoundError
	if errors.As(err, &nf) {
		return withCode(ExitUsage, err)
	}
	if errors.Is(err, api.ErrNotFound) || errors.Is(err, api.ErrBadParams) {
		return withCode(ExitUsage, serviceError(err))
	}
	return runError(serviceError(err))
}

// employeesOf names the employees a status means.
func employeesOf(status string) string {
	switch status {
	case "past":
		return "past employees"
	case "both":
		return "current and past employees"
	}
	return "current employees"
}

// table prints label/value rows aligned.
func table(w io.Writer, rows [][2]string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		if r[1] != "" {
			fmt.Fprintf(tw, "%s\t%s\n", r[0], untrusted.Message(r[1])) // the service's words: one clean line
		}
	}
	tw.Flush()
}

func nonZero(n int64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
