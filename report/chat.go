package report

import (
	"fmt"
	"strings"

	"github.com/enrich-dev/enrich/internal/human"
	"github.com/enrich-dev/enrich/internal/untrusted"
)

// ChatText is the paragraph a chat channel shows for a run's summary: how
// it ended (complete, or why it stopped), its rows, how many were
// found, the credits spent, where the output and the report are, and
// what to run next. Slack's markup characters (&, <, >) are escaped, so
// that a file name never reads as a link or a mention.
func (s Summary) ChatText() string {
	var b strings.Builder
	b.WriteString("enrich run ")
	b.WriteString(clean(s.Input))
	if s.Output != "" {
		b.WriteString(" → " + clean(s.Output))
	}
	code := fmt.Sprintf("exit %d", s.ExitCode)
	if s.ExitCodeMapped != nil {
		code += fmt.Sprintf(", ended %d by --incomplete-exit-code", *s.ExitCodeMapped)
	}
	switch {
	case s.Complete:
		b.WriteString(": complete.")
	case s.ExitCode == 3:
		fmt.Fprintf(&b, ": stopped early, resumable (%s): %s.", code, clean(s.StopReason))
	case s.ExitCode == 130:
		fmt.Fprintf(&b, ": interrupted (%s).", code)
	case s.ExitCode == 2:
		fmt.Fprintf(&b, ": refused (%s): %s.", code, clean(s.StopReason))
	default:
		fmt.Fprintf(&b, ": failed (%s): %s.", code, clean(s.StopReason))
	}
	if s.Rows > 0 {
		found := s.RowsByStatus["success"]
		fmt.Fprintf(&b, " %s %s, %s found, %s %s spent.", human.Thousands(int64(s.Rows)), human.Plural(s.Rows, "row", "rows"),
			human.Thousands(int64(found)), human.Thousands(s.Credits.Spent), human.Plural(s.Credits.Spent, "credit", "credits"))
	}
	if s.Report != "" {
		fmt.Fprintf(&b, " Report: %s.", clean(s.Report))
	}
	switch {
	case s.Complete:
	case s.Next != "":
		fmt.Fprintf(&b, " Next: `%s` resumes.", strings.ReplaceAll(clean(s.Next), "`", "'"))
	case s.ExitCode == 2 || s.ExitCode == 1:
		b.WriteString(" Fix what it says, then run the same command again.")
	default:
		b.WriteString(" Running the same command again resumes.")
	}
	return b.String()
}

// clean is a value of the summary as one line of a chat message.
func clean(s string) string {
	s = untrusted.Message(strings.TrimSuffix(s, "."))
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
