package report

// The rows to fix as the page lists them: the first few in plain sight,
// the others behind "and N more", and where all of them are.
//
// A box that scrolled them all hid that more followed: a browser whose
// scroll bars show only while scrolling (a Mac, a phone, headless
// Chromium) drew a list that ended at its fourth row. A count says it
// wherever the page is read, printed included; the rest opens in place
// (a <details>, no script), in a table of the same columns.

// fixShown is how many rows to fix the page shows before "and N more":
// enough to see at a glance what is wrong, few enough that the chart
// stays near the top. A list at most fixSlack rows longer is shown whole:
// "and 2 more" would hide rows to save less room than its own line.
const (
	fixShown = 10
	fixSlack = 3
)

// fixView is the page's list of rows to fix.
type fixView struct {
	Total int       // rows to fix in the run
	Shown fixTable  // the rows in plain sight
	More  *fixTable // the other rows listed, behind "and N more"; nil when none
	// Left counts the rows to fix the page does not list (beyond
	// MaxFixRows): the output's columns have them.
	Left int
}

// fixTable is a table of rows to fix; Names says the rows name their
// persons, and the table shows a name column.
type fixTable struct {
	Names bool
	Keys  bool // the rows have keys (a database's table), shown beside their numbers
	Rows  []fixRow
}

// fixRow is a row to fix, with its status's colour.
type fixRow struct {
	FixRow
	Class string
}

func newFixView(f RowsToFix) fixView {
	v := fixView{Total: f.Total, Left: max(f.Total-len(f.Rows), 0)}
	rows := make([]fixRow, len(f.Rows))
	names, keys := false, false
	for i, r := range f.Rows {
		rows[i] = fixRow{FixRow: r, Class: statusInfo[r.Status].class}
		names = names || r.Name != ""
		keys = keys || r.Key != ""
	}
	shown := len(rows)
	if shown > fixShown+fixSlack {
		shown = fixShown
	}
	v.Shown = fixTable{Names: names, Keys: keys, Rows: rows[:shown]}
	if shown < len(rows) {
		v.More = &fixTable{Names: names, Keys: keys, Rows: rows[shown:]}
	}
	return v
}

// Listed counts the rows the page lists, in sight or behind "and N more".
func (v fixView) Listed() int {
	n := len(v.Shown.Rows)
	if v.More != nil {
		n += len(v.More.Rows)
	}
	return n
}
