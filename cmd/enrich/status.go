package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/state"
)

// statusReport is what `enrich status --json` prints.
type statusReport struct {
	Run     *pipeline.Snapshot `json:"run,omitempty"`
	Running bool               `json:"running"`
	Journal *state.Summary     `json:"journal,omitempty"`
}

func newStatusCommand(g *globals) *cobra.Command {
	var (
		journal string
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Show where a job stands",
		Long: `Show where the job of a journal stands: rows by status, lookups queued and
in flight, and when the last result came. It works while a run holds the
journal, from the status file the run keeps beside it.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			var rep statusReport
			snap, ok, err := pipeline.ReadStatus(journal)
			if err != nil {
				return err
			}
			if ok {
				rep.Run = &snap
			}
			j, err := state.Open(journal, state.Options{ReadOnly: true, LockTimeout: 200 * time.Millisecond})
			switch {
			case errors.Is(err, state.ErrLocked):
				rep.Running = true
			case errors.Is(err, os.ErrNotExist):
				return usageErrorf("no journal at %s; give --journal, or run enrich run first", journal)
			case err != nil:
				return journalError(err)
			default:
				sum, err := j.Summarize()
				j.Close()
				if err != nil {
					return err
				}
				rep.Journal = &sum
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			rep.write(cmd.OutOrStdout(), journal)
			return nil
		},
	}
	cmd.Flags().StringVar(&journal, "journal", defaultJournal, "journal file of the job")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func (r statusReport) write(w io.Writer, journal string) {
	line := func(label, format string, args ...any) {
		fmt.Fprintf(w, "%-12s %s\n", label, fmt.Sprintf(format, args...))
	}
	line("journal", "%s", journal)
	if s := r.Run; s != nil {
		state := "finished"
		switch {
		case r.Running:
			state = fmt.Sprintf("running (pid %d, since %s)", s.PID, s.Started.Local().Format(time.DateTime))
		case !s.Finished:
			state = "stopped before it finished"
		}
		if s.StopReason != "" {
			state += ", " + s.StopReason
		}
		line("run", "%s → %s: %s", s.Input, s.Output, state)
		line("rows", "%d: %d done, %d waiting", s.Rows, s.Resolved, s.Waiting)
		if s.WaitingFor != "" && !s.Finished {
			line("waiting for", "%s", s.WaitingFor)
		}
		if u := s.Budget; u.Shared() {
			line("budget", "%s", u.Sentence())
		}
		line("lookups", "%d distinct: %d queued, %d items in flight", s.Lookups, s.Queued, s.InFlight)
		line("sent", "%d items at %.0f items/min", s.ItemsSent, s.ItemsPerMinute)
		line("credits", "%d profiles received, balance fell by %d", s.ProfilesReceived, s.BalanceDrop)
		if s.LastResult != nil {
			line("last result", "%s", s.LastResult.Local().Format(time.DateTime))
		}
		line("updated", "%s", s.Updated.Local().Format(time.DateTime))
	} else if r.Running {
		line("run", "a run holds the journal and has not written its status yet")
	}
	if j := r.Journal; j != nil {
		modes := make([]string, 0, len(j.Lookups))
		for m := range j.Lookups {
			modes = append(modes, m)
		}
		sort.Strings(modes)
		for _, m := range modes {
			var parts []string
			for p := state.Queued; p <= state.Failed; p++ {
				if n := j.Lookups[m][p]; n > 0 {
					parts = append(parts, fmt.Sprintf("%s %d", p, n))
				}
			}
			line("lookups", "%s: %s", m, strings.Join(parts, ", "))
		}
		line("requests", "%d open (%d items)", j.OpenBatches, j.OpenItems)
		line("size", "%.1f MB (%.1f MB in use)", float64(j.FileBytes)/1e6, float64(j.UsedBytes)/1e6)
		if !j.LastResult.IsZero() && r.Run == nil {
			line("last result", "%s", j.LastResult.Local().Format(time.DateTime))
		}
	}
}
