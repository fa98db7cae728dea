package e2e

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"

	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/sources"
)

// fillStream draws the --fill rules an export of a seed's finished job
// tries.
const fillStream = 0x66696c6d

// fillDraw is the rules of a drawn --fill: every field's rule ("" for
// none), those of single fields, and whether a match by name of medium
// confidence fills.
type fillDraw struct {
	all    string
	fields map[string]string
	medium bool
}

// fillFields are the fields a generative sheet has columns for.
var fillFields = []string{"email", "phone", "mobile", "linkedin", "full_name", "company"}

func drawFill(r *rand.Rand) fillDraw {
	d := fillDraw{all: []string{"", "blank", "overwrite"}[r.IntN(3)], fields: map[string]string{}, medium: r.IntN(3) == 0}
	for _, f := range fillFields {
		if r.IntN(3) == 0 {
			d.fields[f] = []string{"blank", "overwrite", "never"}[r.IntN(3)]
		}
	}
	if d.all == "" && len(d.fields) == 0 {
		d.all = "blank"
	}
	return d
}

func (d fillDraw) args() []string {
	var args []string
	if d.all != "" {
		args = append(args, "--fill", d.all)
	}
	for _, f := range fillFields {
		if r, ok := d.fields[f]; ok {
			args = append(args, "--fill", f+"="+r)
		}
	}
	if d.medium {
		args = append(args, "--fill-confidence", "medium")
	}
	return args
}

// on reports whether a rule fills anything.
func (d fillDraw) on() bool {
	return d.all != "" || slices.ContainsFunc(slices.Collect(maps.Values(d.fields)), func(r string) bool { return r != "never" })
}

// rule is the rule of a field: its own, else every field's, else never.
func (d fillDraw) rule(field string) string {
	if r, ok := d.fields[field]; ok {
		return r
	}
	if d.all != "" {
		return d.all
	}
	return "never"
}

// fieldOf is the field a generative sheet's column holds, by its header
// ("" for none).
func fieldOf(header string) string {
	switch {
	case header == "Name":
		return "full_name"
	case header == "Company":
		return "company"
	case header == "Mobile":
		return "mobile"
	case slices.Contains(headerSpellings["email"], header):
		return "email"
	case slices.Contains(headerSpellings["phone"], header):
		return "phone"
	case slices.Contains(headerSpellings["linkedin"], header):
		return "linkedin"
	}
	return ""
}

// checkFills exports a finished job under drawn --fill rules and checks
// what must hold whatever the rules: the list of filled cells is exactly
// the difference between the input and the output; no cell changes that
// its rule protects (never, or blank and a value in it), nor any cell of
// a row that did not end found, or was found by name with less than the
// confidence the rules ask; every value written is the row's own found
// person's, as the world knows them.
func checkFills(t *testing.T, j *job, s *tsheet, sch schedule, w *world.World, input string, seed uint64, replay string) {
	t.Helper()
	d := drawFill(rand.New(rand.NewPCG(seed, fillStream)))
	output := filepath.Join(j.dir, "filled"+s.out)
	args := append([]string{"export", input, "-o", output, "--journal", j.journal, "--default-region", "US"}, d.args()...)
	if sch.byNameOff {
		args = append(args, "--find-by-name", "off")
	}
	replay = fmt.Sprintf("export %s\n%s", strings.Join(args[4:], " "), replay)
	if res := j.enrich(t, args...); res.code != 0 {
		t.Fatalf("export with --fill exited %d\n%s\n%s", res.code, res.stderr, replay)
	}
	var diff []string
	for k, got := range s.outputRows(readOutput(t, s, output)) {
		in := s.rows[k]
		for c, header := range s.header {
			before, after := in.cells[c], cell(got.cells, c)
			if after == before || s.format == "xlsx" && s.out == ".csv" && after == "'"+before {
				continue
			}
			diff = append(diff, strings.Join([]string{strconv.Itoa(k + 2), header, before, after}, "|"))
			if why := refusedFill(d, header, before, got); why != "" {
				t.Errorf("row %d, column %q: %q became %q, which %s\n%s", k+2, header, before, after, why, replay)
			} else if !ownValue(w, fieldOf(header), after, got.uid) {
				t.Errorf("row %d, column %q: %q became %q, which is not the found person's (%s)\n%s", k+2, header, before, after, got.uid, replay)
			}
		}
	}
	slices.Sort(diff)
	var listed []string
	if !d.on() {
		// Every rule is never: the output is as without --fill.
		if _, err := os.Stat(output + ".filled.csv"); err == nil {
			t.Errorf("rules that fill nothing wrote a list of filled cells\n%s", replay)
		}
	} else {
		for _, l := range (crmFormat{comma: ','}).read(t, output+".filled.csv")[1:] {
			listed = append(listed, strings.Join([]string{l[0], l[2], unguarded(l[3]), unguarded(l[4])}, "|"))
		}
	}
	slices.Sort(listed)
	if !slices.Equal(listed, diff) {
		t.Errorf("the filled list is not the change\nlisted, not changed %q\nchanged, not listed %q\n%s", missing(diff, listed), missing(listed, diff), replay)
	}
	t.Logf("export %s: %d cells filled", strings.Join(d.args(), " "), len(diff))
}

// unguarded undoes the formula guard of a listed cell.
func unguarded(v string) string {
	if rest, ok := strings.CutPrefix(v, "'"); ok && sinks.Formulaic(rest) {
		return rest
	}
	return v
}

// missing lists the elements of a not in b.
func missing(b, a []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// refusedFill says why a cell may not change under the rules, or "".
func refusedFill(d fillDraw, header, before string, got outRow) string {
	field := fieldOf(header)
	switch rule := d.rule(field); {
	case field == "":
		return "is no column a rule fills"
	case rule == "never":
		return "the rule never fills"
	case rule == "blank" && strings.TrimSpace(before) != "" && !sources.IsPlaceholder(strings.TrimSpace(before)):
		return "held a value the rule blank keeps"
	case got.status != "success":
		return "is in a row that ended " + got.status
	case got.foundBy == "name+company" && got.confidence != "high" && !(d.medium && got.confidence == "medium"):
		return "is in a row found by name with confidence " + got.confidence
	}
	return ""
}

// ownValue reports whether v, written into a column of field, is the
// person uid's: one of their addresses, numbers, profile link, name or
// employers.
func ownValue(w *world.World, field, v, uid string) bool {
	p, ok := w.Find(uid)
	if !ok {
		return false
	}
	switch field {
	case "email":
		for _, e := range p.Emails {
			if strings.EqualFold(e.Address, v) {
				return true
			}
		}
	case "phone", "mobile":
		for _, ph := range p.Phones {
			if samePhone(ph.E164(), v) {
				return true
			}
		}
	case "linkedin":
		return strings.EqualFold(strings.TrimSuffix(v, "/"), p.ProfileURL())
	case "full_name":
		return v == p.FullName || v == p.AltName
	case "company":
		for _, j := range p.Jobs {
			if w.Company(j.Company).Name == v {
				return true
			}
		}
	}
	return false
}

// samePhone reports whether a number spelled in a column's style is the
// E.164 number: read in the number's own region when the spelling is a
// national one.
func samePhone(e164, spelled string) bool {
	num, err := phonenumbers.Parse(e164, "ZZ")
	if err != nil {
		return false
	}
	got, err := phonenumbers.Parse(spelled, phonenumbers.GetRegionCodeForNumber(num))
	return err == nil && phonenumbers.Format(got, phonenumbers.E164) == e164
}
