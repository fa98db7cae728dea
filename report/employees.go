package report

import (
	"fmt"
	"io"
	"time"

	"github.com/enrich-dev/enrich/internal/human"
)

// Employees is what one company employee export (`enrich company
// employees`) did.
type Employees struct {
	Command string  `json:"command"` // the command line, without secrets
	Company Company `json:"company"`
	// Status is which employees were asked for: current, past or both.
	Status  string `json:"status"`
	Output  string `json:"output"`
	Journal string `json:"journal"`

	// Complete is true when every profile the company's count announced
	// was written; otherwise StopReason says why the export ended early,
	// and Next what to run to go on.
	Complete   bool   `json:"complete"`
	StopReason string `json:"stop_reason,omitempty"`
	ExitCode   int    `json:"exit_code"`
	Next       string `json:"next,omitempty"`

	Settings []Setting `json:"settings"`

	// Expected is the company's count of profiles for Status.
	Expected int64 `json:"profiles_expected"`
	// Written counts the distinct profiles written to Output.
	Written int `json:"profiles_written"`
	// Batches counts the deliveries this run received.
	Batches int `json:"batches"`
	// Requested is true when this run asked the service for the
	// profiles; false when it waited for the deliveries of an earlier
	// request.
	Requested bool `json:"requested"`

	Started         time.Time `json:"started"`
	Finished        time.Time `json:"finished"`
	DurationSeconds float64   `json:"duration_seconds"`
}

// Company names the company whose employees were exported.
type Company struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// label is the company by name, with its slug and id.
func (c Company) label() string {
	name := c.Name
	if name == "" {
		name = c.Slug
	}
	if name == "" {
		return fmt.Sprintf("company %d", c.ID)
	}
	if c.Slug != "" && c.Slug != name {
		return fmt.Sprintf("%s (%s, id %d)", name, c.Slug, c.ID)
	}
	return fmt.Sprintf("%s (id %d)", name, c.ID)
}

// WriteSummary prints the export for a person, in a few aligned lines, in
// the same shape as Run.WriteSummary.
func (e *Employees) WriteSummary(w io.Writer) {
	fmt.Fprintf(w, "enrich: %s employees of %s → %s: %s\n", e.Status, e.Company.label(), e.Output,
		stateLine(e.Complete, e.StopReason, e.Next))
	fmt.Fprintf(w, "  %-10s %s\n", "profiles", e.profilesLine())
	req := "made by this run"
	switch {
	case e.Requested:
	case e.Batches == 0:
		req = "made earlier; every profile was in the journal already"
	default:
		req = "made earlier; this run waited for its deliveries"
	}
	fmt.Fprintf(w, "  %-10s %s\n", "request", req)
	fmt.Fprintf(w, "  %-10s %s\n", "time", (time.Duration(e.DurationSeconds * float64(time.Second))).Round(time.Second))
	fmt.Fprintf(w, "  %-10s %s\n", "report", e.Output+".report.html")
}

// profilesLine says how many profiles were written against the company's
// count, and where they came from. A count that fell since the journal
// took its profiles (people left) is said so, not as "524 of 514"; a run
// that received nothing says the journal gave them all, not "in 0
// batches".
func (e *Employees) profilesLine() string {
	s := fmt.Sprintf("%d of %d written", e.Written, e.Expected)
	if int64(e.Written) > e.Expected {
		s = fmt.Sprintf("%d written; the company counts %d now, fewer than the journal holds from earlier deliveries (--refetch asks for them as they are now)", e.Written, e.Expected)
	}
	if e.Batches == 0 {
		return s + ", all from the journal"
	}
	return s + fmt.Sprintf(", in %d %s", e.Batches, human.Plural(int64(e.Batches), "batch", "batches"))
}

// WriteHTML writes the export as one self-contained page, like
// Run.WriteHTML.
func (e *Employees) WriteHTML(w io.Writer) error {
	if err := employeesPage.Execute(w, newEmployeesView(e)); err != nil {
		return fmt.Errorf("write employees report page: %w", err)
	}
	return nil
}

// employeesView is what the employees page shows.
type employeesView struct {
	E        *Employees
	Title    string
	Head     header
	Figures  []figure
	Progress *progressBar
	Details  []ledgerRow
	JSONName string
}

// progressBar is the bar of profiles written out of those expected.
type progressBar struct {
	W, H, Done float64
	Title      string
}

func newEmployeesView(e *Employees) *employeesView {
	v := &employeesView{E: e, JSONName: baseName(e.Output) + ".report.json"}
	who := e.Company.label()
	v.Title = "enrich company employees: " + who
	v.Head = header{Kicker: "enrich · company employees report", Heading: who + ": " + e.Status + " employees → " + e.Output}
	v.Head.setState(e.Complete, e.StopReason, e.Next, e.Command)
	v.Head.Times = times(e.Started, e.Finished, e.DurationSeconds, e.ExitCode)

	req := "this run"
	if !e.Requested {
		req = "earlier"
	}
	v.Figures = []figure{
		{"profiles_expected", "profiles expected", thousands(e.Expected), "the company's count"},
		{"profiles_written", "written", thousands(int64(e.Written)), share(e.Written, int(e.Expected)) + " of expected"},
		{"batches", "batches received", thousands(int64(e.Batches)), "deliveries by callback"},
		{"requested", "request made", req, requestNote(e.Requested)},
	}
	if e.Expected > 0 {
		done := min(float64(e.Written)/float64(e.Expected), 1)
		title := fmt.Sprintf("%s of %s profiles written", thousands(int64(e.Written)), thousands(e.Expected))
		if int64(e.Written) > e.Expected {
			title = fmt.Sprintf("%s profiles written; the company counts %s now", thousands(int64(e.Written)), thousands(e.Expected))
		}
		v.Progress = &progressBar{W: 1000, H: 28, Done: round1(1000 * done), Title: title}
	}
	v.Details = []ledgerRow{
		text("name", "company", e.Company.Name, ""),
		text("slug", "slug", e.Company.Slug, ""),
		text("id", "id", fmt.Sprint(e.Company.ID), ""),
		text("status", "employees", e.Status, "current, past or both"),
		text("output", "output", e.Output, ""),
		text("journal", "journal", e.Journal, "keeps the request and every batch"),
	}
	return v
}

func requestNote(requested bool) string {
	if requested {
		return "asked the service for the profiles"
	}
	return "waited for an earlier request's deliveries"
}
