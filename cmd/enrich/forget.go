package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/export"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/match"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/state"
)

// forgetOptions are the flags of enrich forget.
type forgetOptions struct {
	journal, from, region string
	kept                  []string
	asJSON                bool
}

func newForgetCommand() *cobra.Command {
	o := &forgetOptions{}
	cmd := &cobra.Command{
		Use:   "forget IDENTIFIER... [--from FILE]",
		Short: "Erase people from the journal at their request, and never look them up again",
		Long: `Erase from the journal every record of the people the identifiers name (a
profile URL, an e-mail, a phone or a uid): their lookups and stored results,
found by any identifier their profile lists, the searches by name and the
choices that list them, their identifiers in the requests, their profiles of
company exports, and their results kept beside outputs. The journal is then
rewritten (compacted), so that no byte of what was erased stays in its file.

Each of their identifiers goes on the journal's suppression list, as a keyed
hash that names nobody: a later run never looks them up again, and their
rows end suppressed. Outputs and reports written before stay as they are
until they are written again (the next run, or enrich export).
docs/privacy.md says what is stored, where, and how each request is answered.`,
		Example: `  enrich forget ana@example.com https://www.linkedin.com/in/ana-example
  enrich forget --from erasure-requests.txt --journal /data/enrich.journal`,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd.OutOrStdout(), args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.journal, "journal", defaultJournal, "journal file to erase the people from")
	f.StringVar(&o.from, "from", "", "file of identifiers to forget, one a line (blank lines and lines starting with # are skipped)")
	f.StringVar(&o.region, "default-region", "US", "region of phone numbers written without a country code")
	f.StringArrayVar(&o.kept, "kept", nil, "file of results kept beside an output (OUTPUT.results.jsonl) to erase them from too\n(repeatable; default: those in the journal's folder)")
	f.BoolVar(&o.asJSON, "json", false, "print what was erased as JSON")
	return cmd
}

func (o *forgetOptions) run(w io.Writer, args []string) error {
	raw := append([]string(nil), args...)
	if o.from != "" {
		lines, err := readIdentifierLines(o.from)
		if err != nil {
			return err
		}
		raw = append(raw, lines...)
	}
	if len(raw) == 0 {
		return usageErrorf("name the people to forget: their profile URLs, e-mails, phones or uids, or --from FILE")
	}
	ids, err := identifiersOf(raw, o.region)
	if err != nil {
		return err
	}
	j, err := openExisting(o.journal, "forget")
	if err != nil {
		return err
	}
	defer j.Close()
	before := fileSize(o.journal)
	erased, err := j.Forget(ids, searchKeyOf)
	if err != nil {
		return journalError(err)
	}
	if err := j.Compact(); err != nil {
		return journalError(err)
	}
	var sup *state.Suppression
	if err := j.View(func(r *state.Reader) error { sup = r.Suppression(); return nil }); err != nil {
		return journalError(err)
	}
	kept := o.kept
	if len(kept) == 0 {
		kept, _ = filepath.Glob(filepath.Join(filepath.Dir(o.journal), "*"+filepath.Ext(export.KeptPath(""))))
	}
	keptDropped := 0
	for _, path := range kept {
		n, err := export.ForgetKept(path, sup)
		if err != nil {
			return err
		}
		keptDropped += n
	}
	if o.asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			state.Erased
			KeptResults  int   `json:"kept_results"`
			JournalBytes int64 `json:"journal_bytes"`
		}{erased, keptDropped, fileSize(o.journal)})
	}
	fmt.Fprintf(w, "forgot %s: erased %d lookups, %d stored results, %d searches by name, %d choices, %d requests' items, %d company profiles, %d kept results\n",
		count(len(ids), "identifier", "identifiers"), erased.Lookups, erased.Results, erased.Searches, erased.Decisions, erased.Requests, erased.Employees, keptDropped)
	fmt.Fprintf(w, "%d identifiers on the suppression list: never looked up again; the journal was rewritten (%d bytes, %d before)\n",
		erased.Suppressed, fileSize(o.journal), before)
	return nil
}

// identifiersOf reads identifiers as a run would: each of the kind its
// value says, normalized.
func identifiersOf(raw []string, region string) ([]ident.ID, error) {
	var ids []ident.ID
	for _, r := range raw {
		r = strings.TrimSpace(r)
		kind, ok := ident.Classify(r, region)
		if !ok {
			return nil, usageErrorf("%q is not a profile URL, an e-mail, a phone or a uid", r)
		}
		v, err := ident.Normalize(kind, r, region)
		if err != nil {
			return nil, usageErrorf("%q: %v", r, err)
		}
		ids = append(ids, ident.ID{Kind: kind, Value: v})
	}
	return ids, nil
}

// readIdentifierLines reads a file of identifiers, one a line.
func readIdentifierLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErrorf("--from %s: %w", path, err)
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("--from %s: %w", path, err)
	}
	return lines, nil
}

// openExisting opens a journal that must exist, for a command that
// changes it.
func openExisting(path, command string) (*state.Journal, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, usageErrorf("journal %s: %w; give --journal the run's journal", path, err)
	}
	j, err := state.Open(path, state.Options{Command: command})
	if err != nil {
		return nil, journalError(err)
	}
	return j, nil
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// newJournalShowCommand prints all a journal holds of people.
func newJournalShowCommand() *cobra.Command {
	var journal, region string
	cmd := &cobra.Command{
		Use:   "show IDENTIFIER...",
		Short: "Print all the journal holds about a person, for an access request",
		Long: `Print, as JSON, all the journal holds about the people the identifiers name,
found as enrich forget finds them: their lookups with the results stored
(the profiles as the service sent them), the searches by name and choices
that list them, the requests that sent their identifiers, their profiles of
company exports, and whether an identifier is on the suppression list.`,
		Args: minArgs(1, "the identifiers of the people"),
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := identifiersOf(args, region)
			if err != nil {
				return err
			}
			if _, err := os.Stat(journal); err != nil {
				return usageErrorf("journal %s: %w; give --journal the run's journal", journal, err)
			}
			j, err := state.Open(journal, state.Options{ReadOnly: true})
			if err != nil {
				return journalError(err)
			}
			defer j.Close()
			held, err := j.Show(ids)
			if err != nil {
				return journalError(err)
			}
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			return enc.Encode(held)
		},
	}
	cmd.Flags().StringVar(&journal, "journal", defaultJournal, "journal file")
	cmd.Flags().StringVar(&region, "default-region", "US", "region of phone numbers written without a country code")
	return cmd
}

// newJournalPruneCommand erases old answers.
func newJournalPruneCommand() *cobra.Command {
	var journal string
	var age time.Duration
	cmd := &cobra.Command{
		Use:   "prune --older-than AGE",
		Short: "Erase the answers older than AGE, and rewrite the journal",
		Long: `Erase the answers that came more than AGE ago (90d, 2w, 36h): the lookups
answered then and the profiles they stored, the searches by name made then,
and the requests sent then that wait for nothing more; then rewrite the
journal (compact it), so that no byte of them stays in the file. Nobody is
suppressed: a later run that needs one of them looks it up again, and pays
for it. run --retain AGE does the same when a run starts.`,
		Args: exactArgs(0, "no argument: the age is --older-than"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if age <= 0 {
				return usageErrorf("--older-than: give the age of the answers to erase (90d, 2w, 36h)")
			}
			j, err := openExisting(journal, "journal prune")
			if err != nil {
				return err
			}
			defer j.Close()
			erased, err := j.Prune(time.Now().Add(-age))
			if err != nil {
				return journalError(err)
			}
			if err := j.Compact(); err != nil {
				return journalError(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "erased the answers older than %s: %d lookups, %d stored results, %d searches by name, %d requests; the journal was rewritten (%d bytes)\n",
				age, erased.Lookups, erased.Results, erased.Searches, erased.Requests, fileSize(journal))
			return nil
		},
	}
	cmd.Flags().StringVar(&journal, "journal", defaultJournal, "journal file")
	cmd.Flags().Var(ageValue{d: &age}, "older-than", "erase the answers older than this (90d, 2w, 36h)")
	return cmd
}

// searchKeyOf is the beginning of the keys of the searches by name for a
// person of this full name (match.Key): "jane doe|".
func searchKeyOf(fullName string) string {
	name := match.RowOf(sheet.Person{Name: fullName}).Name
	if name.IsZero() {
		return ""
	}
	return name.String() + "|"
}
