package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/search"
	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
)

// searchOptions are the flags of `enrich search`.
type searchOptions struct {
	q                     wire.SearchQuery
	queryFile             string
	locations             []string
	coords                []string
	lat, lon              float64
	openToWork            string
	yearsRole, yearsTotal string
	max                   int
	output                string
	outputFormat          string
	progress              string
	scrollTTL             time.Duration
	enrich                bool
	service               serviceFlags
	run                   runOptions
}

func newSearchCommand(g *globals) *cobra.Command {
	o := &searchOptions{}
	cmd := &cobra.Command{
		Use:   "search [filters] -o OUTPUT",
		Short: "Export a people search to a sheet, optionally enriched with contacts",
		Long: `Run a people search and write every profile it finds, once, to OUTPUT
(.csv, .xlsx or .jsonl): uid, full name, location, current title and company,
skills, open to work, and when this account last fetched their contacts.

Filters are flags (repeat the list ones) or a JSON file in the service's
format (--query); flags given with --query override its fields. Title,
company, keyword and education filters take boolean queries: AND, OR, NOT,
parentheses and "quoted phrases".

Searches scroll through results in pages of --size; a scroll expires 15 s
after each answer, so pages are fetched back to back. If a scroll expires
anyway the search starts over and skips what is written. When the daily
search quota runs out, what was fetched is written and the exit code is 3.

With --enrich, the profiles found are then looked up like the rows of
'enrich run' (journal, budget, callbacks; the run flags apply), and OUTPUT
gets the contact columns too. The search's own sheet is kept beside it as
OUTPUT.search.csv.`,
		Example: `  enrich search --current-title '"VP of Sales" OR "Head of Sales"' --location Berlin,Germany --open-to-work -o vps.csv
  enrich search --query query.json --max 500 --enrich -o leads.xlsx --public-url https://hooks.example.com`,
		Args: exactArgs(0, "no arguments (filters are flags)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.run.exits.apply(o.execute(cmd, g))
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "", "sheet to write: .csv, .xlsx or .jsonl, or - for standard output (required)")
	f.StringVar(&o.outputFormat, "output-format", "", "format of an output without an extension (-, /dev/stdout): csv, xlsx or jsonl (default csv)")
	f.StringVar(&o.queryFile, "query", "", "JSON file with the search body, in the service's format")
	f.StringVar(&o.q.CurrentTitle, "current-title", "", "boolean query on the current title")
	f.StringVar(&o.q.CurrentPastTitle, "current-past-title", "", "boolean query on current or past titles (wins over --current-title)")
	f.StringArrayVar(&o.locations, "location", nil, "country, US/Canadian state or province, or city with context (\"Austin, Texas\"); repeatable")
	f.Float64Var(&o.lat, "latitude", 0, "latitude of a point to search around (10 km), with --longitude; overrides --location")
	f.Float64Var(&o.lon, "longitude", 0, "longitude of a point to search around (10 km), with --latitude")
	f.StringArrayVar(&o.coords, "coordinates", nil, "LAT,LON of a point to search around (10 km); repeatable; overrides --location")
	f.StringVar(&o.q.CurrentCompany, "current-company", "", "boolean query on the current company")
	f.StringVar(&o.q.CurrentPastCompany, "current-past-company", "", "boolean query on current or past companies")
	f.StringVar(&o.q.FullName, "full-name", "", "full name")
	f.StringVar(&o.q.Keywords, "keywords", "", "boolean query over skills, summary, education and other attributes")
	f.StringVar(&o.q.Industry, "industry", "", "one industry, by the professional network's industry names (e.g. \"Computer Software\"; shell completion lists them; the service answers 422 to a name it does not know)")
	f.StringArrayVar(&o.q.Industries, "industries", nil, "several industries; repeatable")
	f.StringVar(&o.yearsRole, "years-in-role", "", "years in the current role and company, as FROM-TO, FROM- or -TO")
	f.StringVar(&o.yearsTotal, "years-total", "", "years across all roles, as FROM-TO, FROM- or -TO")
	f.StringVar(&o.q.Education, "education", "", "boolean query over university, faculty and degree")
	f.StringArrayVar(&o.q.Department, "department", nil, "department, e.g. Sales or \"Engineering / Development\"; repeatable")
	f.StringArrayVar(&o.q.Level, "level", nil, "seniority, e.g. VP, Senior or C-Level; repeatable")
	f.StringVar(&o.openToWork, "open-to-work", "", "true for people open to work, false for the others")
	f.Lookup("open-to-work").NoOptDefVal = "true"
	f.BoolVar(&o.q.ExcludeRevealed, "exclude-revealed", false, "leave out people whose contacts this account has fetched")
	f.BoolVar(&o.q.ExcludeWatched, "exclude-watched", false, "leave out people already viewed")
	f.BoolVar(&o.q.ExcludeInLists, "exclude-in-lists", false, "leave out people already in a list")
	f.BoolVar(&o.q.ExcludeInProgress, "exclude-in-progress", false, "leave out people already added to a job")
	f.BoolVar(&o.q.ExcludeEmailed, "exclude-emailed", false, "leave out people already e-mailed")
	f.IntVar(&o.q.Size, "size", wire.MaxSearchSize, "profiles per page, 1 to 100")
	f.IntVar(&o.max, "max", 0, "most profiles to write (0: all)")
	f.DurationVar(&o.scrollTTL, "scroll-ttl", 15*time.Second, "lifetime of a scroll id after each answer")
	f.StringVar(&o.progress, "progress", "auto", "progress display: auto, bar, log or none")
	f.BoolVar(&o.enrich, "enrich", false, "look the profiles found up, with contacts, and add the contact columns")
	o.service.register(f)
	o.run.registerEngine(f)
	o.service.wait = &o.run.cfg.ServiceWait
	o.service.budgetURL = &o.run.cfg.BudgetURL
	return cmd
}

func (o *searchOptions) execute(cmd *cobra.Command, g *globals) error {
	ctx := cmd.Context()
	log, err := g.logger(os.Stderr)
	if err != nil {
		return err
	}
	if o.output == "" {
		return usageErrorf("--output (-o) is required: the sheet to write (.csv, .xlsx or .jsonl), or - for standard output")
	}
	q, err := o.query(cmd.Flags())
	if err != nil {
		return err
	}
	output, stream, cleanup, err := o.outputs()
	if err != nil {
		return err
	}
	defer cleanup()
	bar, err := newCounter(o.progress, "profiles", g, log)
	if err != nil {
		return err
	}
	o.run.progress = o.progress
	client, err := o.service.client(log)
	if err != nil {
		return err
	}
	// Scroll retries (a 429 for concurrency) are many and short: they must
	// fit in the scroll's lifetime.
	client = client.With(api.WithBackoff(api.Backoff{Attempts: 30, Base: 100 * time.Millisecond, Max: 2 * time.Second}))
	searchOut, shown := o.searchOutput(output, stream)
	res, err := search.Export(ctx, search.Config{
		Query: q, Max: o.max, Output: searchOut, Searcher: client, ScrollTTL: o.scrollTTL, Log: log,
		Progress: bar.update,
	})
	bar.done()
	if err != nil {
		return runError(err)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "enrich: %s written to %s, of %s (%s, %s, %s)\n",
		count(res.Written, "profile", "profiles"), shown, count64(res.Total, "match", "matches"),
		count(res.Queries, "search", "searches"), count(res.Scrolls, "scroll", "scrolls"), count(res.Restarts, "restart", "restarts"))
	if !o.enrich {
		if err := stream.copy(); err != nil {
			return withCode(ExitError, err)
		}
		if !res.Complete {
			return withCode(ExitIncomplete, fmt.Errorf("incomplete: %s; what was fetched is written", res.StopReason))
		}
		return nil
	}
	if !res.Complete {
		if res.Written == 0 {
			return withCode(ExitIncomplete, fmt.Errorf("incomplete: %s; what was fetched is written", res.StopReason))
		}
		fmt.Fprintln(cmd.ErrOrStderr(), "enrich: enriching the profiles fetched before the search stopped")
	}
	o.run.stream = stream
	err = o.run.runPipeline(cmd, g, searchOut, output, sources.Options{Columns: []string{"uid=uid"}}, client)
	if err == nil && !res.Complete {
		return withCode(ExitIncomplete, fmt.Errorf("incomplete: %s; the profiles fetched are enriched", res.StopReason))
	}
	return err
}

// outputs returns where the search's output is written, the stream that
// copies it to standard output (nil when it is a file), and what cleans
// up after them. An output that is not a file goes through one first:
// beside the journal with --enrich, else in a folder removed at the end.
// With --enrich, a path that can be no journal is refused before the
// search spends the daily quota.
func (o *searchOptions) outputs() (string, *streamOutput, func(), error) {
	base, cleanup := o.run.journal, func() {}
	if !o.enrich {
		dir, err := os.MkdirTemp("", "enrich-search-")
		if err != nil {
			return "", nil, nil, fmt.Errorf("make a folder for the output: %w", err)
		}
		base, cleanup = filepath.Join(dir, "search"), func() { os.RemoveAll(dir) }
	}
	output, stream, err := outputFile(o.output, o.outputFormat, base)
	if err != nil {
		cleanup()
		return "", nil, nil, err
	}
	done := func() { stream.dropEmpty(); cleanup() }
	if o.enrich {
		if err := state.CheckPath(o.run.journal); err != nil {
			done()
			return "", nil, nil, journalError(err)
		}
		if o.run.cfg.BudgetURL, err = budgetURL(o.run.cfg.BudgetURL); err != nil {
			done()
			return "", nil, nil, err
		}
	}
	return output, stream, done, nil
}

// searchOutput is the file the search writes, and how it is shown: with
// --enrich, the search's own sheet beside the output (or the journal,
// for an output that is not a file).
func (o *searchOptions) searchOutput(output string, stream *streamOutput) (string, string) {
	switch {
	case o.enrich && stream != nil:
		return o.run.journal + ".search.csv", o.run.journal + ".search.csv"
	case o.enrich:
		return output + ".search.csv", output + ".search.csv"
	case stream != nil:
		return output, stream.shown()
	}
	return output, o.output
}

// query builds the search body from --query and the flags.
func (o *searchOptions) query(f *pflag.FlagSet) (wire.SearchQuery, error) {
	q := o.q
	if o.queryFile != "" {
		b, err := os.ReadFile(o.queryFile)
		if err != nil {
			return q, withCode(ExitUsage, err)
		}
		var base wire.SearchQuery
		if err := json.Unmarshal(b, &base); err != nil {
			return q, usageErrorf("--query %s: %v", o.queryFile, err)
		}
		q = mergeQuery(base, o.q, f)
	}
	if len(o.locations) > 0 {
		q.Location = o.locations
	}
	if f.Changed("latitude") != f.Changed("longitude") {
		return q, usageErrorf("--latitude and --longitude go together")
	}
	if f.Changed("latitude") {
		q.Latitude, q.Longitude = &o.lat, &o.lon
	}
	for _, c := range o.coords {
		lat, lon, ok := strings.Cut(c, ",")
		la, err1 := strconv.ParseFloat(strings.TrimSpace(lat), 64)
		lo, err2 := strconv.ParseFloat(strings.TrimSpace(lon), 64)
		if !ok || err1 != nil || err2 != nil {
			return q, usageErrorf("--coordinates %q: give LAT,LON such as 52.52,13.40", c)
		}
		q.Coordinates = append(q.Coordinates, wire.Coordinate{Latitude: la, Longitude: lo})
	}
	if o.openToWork != "" {
		v, err := strconv.ParseBool(o.openToWork)
		if err != nil {
			return q, usageErrorf("--open-to-work %q: give true or false", o.openToWork)
		}
		q.OpenToWork = &v
	}
	var err error
	if q.YearsOfCurrentExperienceFrom, q.YearsOfCurrentExperienceTo, err = yearRange("--years-in-role", o.yearsRole, q.YearsOfCurrentExperienceFrom, q.YearsOfCurrentExperienceTo); err != nil {
		return q, err
	}
	if q.YearsOfCurrentPastExperienceFrom, q.YearsOfCurrentPastExperienceTo, err = yearRange("--years-total", o.yearsTotal, q.YearsOfCurrentPastExperienceFrom, q.YearsOfCurrentPastExperienceTo); err != nil {
		return q, err
	}
	if q.Size < 1 || q.Size > wire.MaxSearchSize {
		return q, usageErrorf("--size %d: give 1 to %d", q.Size, wire.MaxSearchSize)
	}
	if o.max < 0 {
		return q, usageErrorf("--max cannot be negative")
	}
	return q, nil
}

// mergeQuery lays the flags the user gave over the --query file's body.
func mergeQuery(base, flags wire.SearchQuery, f *pflag.FlagSet) wire.SearchQuery {
	set := func(name string, dst *string, v string) {
		if f.Changed(name) {
			*dst = v
		}
	}
	set("current-title", &base.CurrentTitle, flags.CurrentTitle)
	set("current-past-title", &base.CurrentPastTitle, flags.CurrentPastTitle)
	set("current-company", &base.CurrentCompany, flags.CurrentCompany)
	set("current-past-company", &base.CurrentPastCompany, flags.CurrentPastCompany)
	set("full-name", &base.FullName, flags.FullName)
	set("keywords", &base.Keywords, flags.Keywords)
	set("industry", &base.Industry, flags.Industry)
	set("education", &base.Education, flags.Education)
	if f.Changed("industries") {
		base.Industries = flags.Industries
	}
	if f.Changed("department") {
		base.Department = flags.Department
	}
	if f.Changed("level") {
		base.Level = flags.Level
	}
	for name, pair := range map[string][2]*bool{
		"exclude-revealed":    {&base.ExcludeRevealed, &flags.ExcludeRevealed},
		"exclude-watched":     {&base.ExcludeWatched, &flags.ExcludeWatched},
		"exclude-in-lists":    {&base.ExcludeInLists, &flags.ExcludeInLists},
		"exclude-in-progress": {&base.ExcludeInProgress, &flags.ExcludeInProgress},
		"exclude-emailed":     {&base.ExcludeEmailed, &flags.ExcludeEmailed},
	} {
		if f.Changed(name) {
			*pair[0] = *pair[1]
		}
	}
	if f.Changed("size") || base.Size == 0 {
		base.Size = flags.Size
	}
	return base
}

// yearRange parses FROM-TO, FROM- or -TO; an empty flag keeps the bounds.
func yearRange(flag, s string, from, to *int) (*int, *int, error) {
	if s == "" {
		return from, to, nil
	}
	a, b, ok := strings.Cut(s, "-")
	parse := func(v string) (*int, error) {
		if v = strings.TrimSpace(v); v == "" {
			return nil, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("not a number of years")
		}
		return &n, nil
	}
	lo, err1 := parse(a)
	hi, err2 := parse(b)
	if !ok || err1 != nil || err2 != nil || (lo == nil && hi == nil) {
		return nil, nil, usageErrorf("%s %q: give FROM-TO, FROM- or -TO in whole years, such as 2-5", flag, s)
	}
	return lo, hi, nil
}
