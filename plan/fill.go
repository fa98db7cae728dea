package plan

import (
	"fmt"
	"io"
	"strings"

	"github.com/enrich-dev/enrich/internal/fill"
	"github.com/enrich-dev/enrich/sources"
)

// FillColumn is what a run with --fill would write into one of the
// sheet's own columns: its cells that are empty, which a rule fills where
// a person is found, and those that hold a value, which rule blank keeps
// and rule overwrite replaces where the found value differs.
type FillColumn struct {
	Column string `json:"column"`
	Field  string `json:"field"`
	Rule   string `json:"rule"`
	Work   bool   `json:"work"` // takes only a work contact the service is sure of
	Empty  int    `json:"empty"`
	Held   int    `json:"held"`
}

// fillCount counts the cells of the columns a run would fill.
type fillCount struct {
	cols  []sources.FillColumn
	index map[int]int // column index -> place in p.Fill
}

// startFill finds the columns the rules let a run fill; nil when none.
func (p *Plan) startFill(t *sources.Table, rules fill.Rules) (*fillCount, error) {
	if !rules.On() {
		return nil, nil
	}
	cols, err := t.FillColumns(rules.Columns)
	if err != nil {
		return nil, err
	}
	if _, err := t.RecordIDColumn(rules.RecordID); err != nil {
		return nil, err
	}
	f := &fillCount{index: map[int]int{}}
	p.Fill = []FillColumn{}
	for _, c := range cols {
		r := rules.Rule(c.Field)
		if r == fill.Never {
			continue
		}
		f.index[c.Index] = len(p.Fill)
		f.cols = append(f.cols, c)
		p.Fill = append(p.Fill, FillColumn{Column: c.Header, Field: string(c.Field), Rule: string(r), Work: c.Work})
	}
	return f, nil
}

// add counts a row's cells of the columns to fill.
func (f *fillCount) add(p *Plan, row sources.Row) {
	if f == nil {
		return
	}
	for _, c := range f.cols {
		cell := ""
		if c.Index < len(row.Cells) {
			cell = strings.TrimSpace(row.Cells[c.Index])
		}
		fc := &p.Fill[f.index[c.Index]]
		if cell == "" || sources.IsPlaceholder(cell) {
			fc.Empty++
		} else {
			fc.Held++
		}
	}
}

// writeFill prints what --fill would write.
func (p *Plan) writeFill(w io.Writer) {
	if p.Fill == nil {
		return
	}
	fmt.Fprintf(w, "\nColumns to fill (--fill), where a row's person is found%s\n", confidenceNote)
	if len(p.Fill) == 0 {
		fmt.Fprintln(w, "  none: no column of the sheet holds a field a rule lets a run fill; name one with --fill-column FIELD=HEADER")
		return
	}
	for _, c := range p.Fill {
		held := "kept"
		if c.Rule == string(fill.Overwrite) {
			held = "replaced where the found value differs"
		}
		work := ""
		if c.Work {
			work = ", work contacts the service is sure of only"
		}
		fmt.Fprintf(w, "  %-24q %s, %s%s: %s empty to fill; %s holding a value, %s\n", c.Column, c.Field, c.Rule, work,
			thousands(c.Empty), thousands(c.Held), held)
	}
}

// confidenceNote says which matches fill.
const confidenceNote = " by an identifier or by name with high confidence (medium too with --fill-confidence medium)"
