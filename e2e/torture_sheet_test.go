package e2e

import (
	"bytes"
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
)

// tsheet is a sheet drawn for the generative suite, with the truth about
// each row: which people of the world its identifiers name.
type tsheet struct {
	header []string
	rows   []trow
	format string // "csv" or "xlsx"
	delim  rune
	bom    bool
	crlf   bool
	out    string // the output's extension: .csv, .xlsx or .jsonl
}

// trow is one drawn row.
type trow struct {
	cells []string
	blank bool // every cell empty: not a data row
	// valid says the row has at least one identifier enrich can look up;
	// people lists the uids of the people its identifiers name (none for
	// strangers and junk).
	valid  bool
	people map[string]bool
	// junk says an identifier cell holds something that is no valid
	// identifier (not a placeholder that says there is none).
	junk bool
}

// identifier kinds and the header spellings exports give them.
var headerSpellings = map[string][]string{
	"linkedin": {"LinkedIn", "LinkedIn URL", "Profile URL", "linkedin_url", "Person Linkedin Url"},
	"email":    {"Email", "E-mail", "Work Email", "email_address", "Email Address"},
	"phone":    {"Phone", "Mobile", "Phone Number", "Direct Dial"},
	"uid":      {"Profile UID", "uid"},
}

var kindOrder = []string{"linkedin", "email", "phone", "uid"}

// drawSheet draws a sheet from the world for a seed.
func drawSheet(r *rand.Rand, w *world.World) *tsheet {
	s := &tsheet{format: "csv", delim: ',', out: ".csv"}
	switch r.IntN(3) {
	case 1:
		s.delim = ';'
	case 2:
		s.delim = '\t'
	}
	s.bom, s.crlf = r.IntN(2) == 0, r.IntN(2) == 0
	if r.IntN(4) == 0 {
		s.format = "xlsx"
	}
	s.out = []string{".csv", ".xlsx", ".jsonl"}[r.IntN(3)]

	// One to four identifier columns among a few plain ones.
	kinds := append([]string(nil), kindOrder...)
	r.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	kinds = kinds[:1+r.IntN(4)]
	cols := []string{"Name", "Company"}
	cols = append(cols, kinds...)
	cols = append(cols, "Notes")
	r.Shuffle(len(cols), func(i, j int) { cols[i], cols[j] = cols[j], cols[i] })
	kindOf := map[int]string{}
	for i, c := range cols {
		if sp, ok := headerSpellings[c]; ok {
			kindOf[i] = c
			s.header = append(s.header, sp[r.IntN(len(sp))])
		} else {
			s.header = append(s.header, c)
		}
	}

	n := r.IntN(300)
	switch x := r.Float64(); {
	case x < 0.05:
		n = 0
	case x < 0.65:
	case x < 0.92:
		n = 300 + r.IntN(1200)
	default:
		n = 1500 + r.IntN(1501)
	}
	g := &drawer{r: r, w: w}
	for len(s.rows) < n {
		switch x := r.Float64(); {
		case x < 0.03 && len(s.rows) > 0:
			s.rows = append(s.rows, trow{cells: make([]string, len(cols)), blank: true})
		case x < 0.10 && len(s.rows) > 0:
			prev := s.rows[r.IntN(len(s.rows))] // the same row again
			s.rows = append(s.rows, trow{cells: append([]string(nil), prev.cells...), blank: prev.blank, valid: prev.valid, people: prev.people, junk: prev.junk})
		default:
			s.rows = append(s.rows, g.row(cols, kindOf))
		}
	}
	return s
}

type drawer struct {
	r    *rand.Rand
	w    *world.World
	next int
}

// person returns a person of the world, often one used before.
func (g *drawer) person() *world.Person {
	if g.next > 0 && g.r.IntN(8) == 0 {
		return g.w.Person(g.r.IntN(g.next))
	}
	p := g.w.Person(g.next % g.w.Len())
	g.next++
	return p
}

// row draws one data row: a person of the world, a stranger, or junk, with
// an identifier (or none) in each identifier column.
func (g *drawer) row(cols []string, kindOf map[int]string) trow {
	t := trow{cells: make([]string, len(cols)), people: map[string]bool{}}
	p := g.person()
	stranger := g.r.IntN(8) == 0
	for i, c := range cols {
		kind, isID := kindOf[i]
		if !isID {
			t.cells[i] = g.plain(c, p)
			continue
		}
		switch x := g.r.Float64(); {
		case x < 0.25:
			// empty, or a placeholder that says there is none
			t.cells[i] = []string{"", "", "n/a", "-", "unknown"}[g.r.IntN(5)]
		case x < 0.32:
			t.cells[i], t.junk = junk(g.r, kind), true
		case stranger:
			t.cells[i] = strangerID(g.r, kind)
			if t.cells[i] != "" {
				t.valid = true
			}
		default:
			v := spell(g.r, kind, p)
			if v != "" {
				t.cells[i] = v
				t.valid = true
				t.people[p.UID.String()] = true
			}
		}
	}
	return t
}

// names reports whether the person uid, found by name, has the row's name
// and worked at its company: the row's description, whoever it was drawn
// from, fits them.
func (s *tsheet) names(w *world.World, row trow, uid string) bool {
	p, ok := w.Find(uid)
	name, company := slices.Index(s.header, "Name"), slices.Index(s.header, "Company")
	if !ok || name < 0 || company < 0 || !match.NamesAgree(match.ParseName(row.cells[name]), p.FullName) {
		return false
	}
	for _, j := range p.Jobs {
		if match.CompaniesAgree(row.cells[company], w.Company(j.Company).Name) {
			return true
		}
	}
	return false
}

// plain is a cell of a column that holds no identifier: text as sheets
// hold it, with delimiters, quotes, line breaks and other scripts.
func (g *drawer) plain(col string, p *world.Person) string {
	switch col {
	case "Name":
		return p.FullName
	case "Company":
		if len(p.Jobs) > 0 && g.r.IntN(3) == 0 {
			// The person's employer, current or past: a row whose
			// identifiers find nobody is found by name.
			return g.w.Company(p.Jobs[g.r.IntN(len(p.Jobs))].Company).Name
		}
		return []string{"Acme, Inc.", "Société Générale", "黄勇 Trading", `The "Best" Co`, "", "Müller GmbH"}[g.r.IntN(6)]
	}
	switch g.r.IntN(6) {
	case 0:
		return "met at the fair;\nfollow up in May"
	case 1:
		return "call back, maybe\r\nnext week"
	case 2:
		return "=1+2"
	case 3:
		return " leading and trailing "
	case 4:
		return ""
	}
	return "notes: \"quoted\", commas, semi;colons\tand tabs"
}

// spell writes person p's identifier of kind the ways sheets hold them, or
// "" when p has none of that kind.
func spell(r *rand.Rand, kind string, p *world.Person) string {
	switch kind {
	case "linkedin":
		slug := p.Slug
		return []string{
			p.ProfileURL(), "http://linkedin.com/in/" + slug, "linkedin.com/in/" + slug + "/",
			"https://de.linkedin.com/in/" + slug + "?trk=public_profile", "HTTPS://WWW.LINKEDIN.COM/in/" + slug,
		}[r.IntN(5)]
	case "email":
		if len(p.Emails) == 0 {
			return ""
		}
		e := p.Emails[r.IntN(len(p.Emails))].Address
		return []string{e, strings.ToUpper(e), " " + e + " "}[r.IntN(3)]
	case "phone":
		if len(p.Phones) == 0 {
			return ""
		}
		e164 := p.Phones[0].E164()
		if strings.HasPrefix(e164, "+1") && len(e164) == 12 && r.IntN(2) == 0 {
			return fmt.Sprintf("(%s) %s-%s", e164[2:5], e164[5:8], e164[8:])
		}
		return []string{e164, "00" + e164[1:]}[r.IntN(2)]
	}
	u := p.UID.String()
	return []string{u, strings.ToUpper(u)}[r.IntN(2)]
}

// strangerID is a valid identifier of kind that names nobody.
func strangerID(r *rand.Rand, kind string) string {
	id := r.Uint32()
	switch kind {
	case "linkedin":
		return fmt.Sprintf("https://www.linkedin.com/in/nobody-%08x", id)
	case "email":
		return fmt.Sprintf("nobody.%08x@example.net", id)
	case "uid":
		return fmt.Sprintf("%032x", uint64(id)<<40|0xdead)
	}
	return "" // a valid phone that names nobody is hard to promise: none
}

// junk is a value in an identifier column that is no identifier.
func junk(r *rand.Rand, kind string) string {
	switch kind {
	case "linkedin":
		return []string{"https://www.linkedin.com/pub/sam/1/2/3", "see email", "linkedin"}[r.IntN(3)]
	case "email":
		return []string{"sam at broken dot com", "@@", "mailto:"}[r.IntN(3)]
	case "phone":
		return []string{"4.15555E+11", "ext. 12", "phone"}[r.IntN(3)]
	}
	return []string{"not-a-uid", "12345"}[r.IntN(2)]
}

// dataRows returns the rows enrich reads: blank ones are skipped.
func (s *tsheet) dataRows() []trow {
	var out []trow
	for _, r := range s.rows {
		if !r.blank {
			out = append(out, r)
		}
	}
	return out
}

// outputRows pairs the sheet's data rows with an output's rows: the row's
// index in s.rows (its spreadsheet row less 2) and the row written.
func (s *tsheet) outputRows(out []outRow) iter.Seq2[int, outRow] {
	return func(yield func(int, outRow) bool) {
		data := 0
		for k, in := range s.rows {
			if in.blank {
				continue
			}
			if !yield(k, out[data]) {
				return
			}
			data++
		}
	}
}

// write writes the sheet to path in its format.
func (s *tsheet) write(path string) error {
	if s.format == "xlsx" {
		f := excelize.NewFile()
		defer f.Close()
		sw, err := f.NewStreamWriter("Sheet1")
		if err != nil {
			return err
		}
		rows := append([][]string{s.header}, nil)
		rows = rows[:1]
		for _, r := range s.rows {
			rows = append(rows, r.cells)
		}
		for i, row := range rows {
			cells := make([]any, len(row))
			for j, c := range row {
				if c != "" {
					cells[j] = c
				}
			}
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			if err := sw.SetRow(cell, cells); err != nil {
				return err
			}
		}
		if err := sw.Flush(); err != nil {
			return err
		}
		return f.SaveAs(path)
	}
	var b bytes.Buffer
	if s.bom {
		b.WriteString("\uFEFF")
	}
	eol := "\n"
	if s.crlf {
		eol = "\r\n"
	}
	line := func(cells []string) {
		for i, c := range cells {
			if i > 0 {
				b.WriteRune(s.delim)
			}
			if strings.ContainsAny(c, string(s.delim)+"\"\r\n") || strings.TrimSpace(c) != c {
				c = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
			}
			b.WriteString(c)
		}
		b.WriteString(eol)
	}
	line(s.header)
	for _, r := range s.rows {
		line(r.cells)
	}
	return os.WriteFile(path, b.Bytes(), 0o600)
}
