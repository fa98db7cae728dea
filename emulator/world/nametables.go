package world

import (
	"cmp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// nameTable is one list of the name tables: the names of one kind (male,
// female or family) of a culture, with their frequencies where known.
type nameTable struct {
	names []string // "Masculine/Feminine" for a family name with both forms
	// weights are names.tsv's frequencies (the US lists), relative to
	// each other; 0 for unknown.
	weights []uint64
}

// surnameShare is a family name's measured share of a country's people,
// from surname-shares.tsv.
type surnameShare struct {
	country string
	name    string // as the world spells it, "Masculine/Feminine" where both
	ppb     uint64 // parts per billion of the country's people
}

// nameTables are the tables by culture code and kind, and the measured
// shares of family names by culture code.
type nameTables struct {
	lists  map[string]map[string]*nameTable
	shares map[string][]surnameShare
}

// loadNameTables parses the embedded name files once per process:
// names.tsv, names-fakerjs.tsv, names-gimei.tsv and names-hand.tsv (the
// lists) and surname-shares.tsv.
var loadNameTables = sync.OnceValue(func() nameTables {
	out := nameTables{lists: map[string]map[string]*nameTable{}, shares: map[string][]surnameShare{}}
	seen := map[string]bool{}
	for _, file := range []string{"data/names.tsv", "data/names-fakerjs.tsv", "data/names-gimei.tsv", "data/names-hand.tsv"} {
		err := eachRow(file, 4, func(cols []string) error {
			weight, err := weightOf(cols)
			code, kind, name := cols[0], cols[1], respell(cols[2])
			key := code + "\t" + kind + "\t" + name
			if err != nil || seen[key] {
				return err
			}
			seen[key] = true
			if out.lists[code] == nil {
				out.lists[code] = map[string]*nameTable{}
			}
			t := out.lists[code][kind]
			if t == nil {
				t = &nameTable{}
				out.lists[code][kind] = t
			}
			t.names = append(t.names, name)
			t.weights = append(t.weights, weight)
			return nil
		})
		if err != nil {
			panic("world: " + err.Error()) // embedded at build time
		}
	}
	err := eachRow("data/surname-shares.tsv", 4, func(cols []string) error {
		weight, err := weightOf(cols)
		out.shares[cols[1]] = append(out.shares[cols[1]], surnameShare{country: cols[0], name: respell(cols[2]), ppb: weight})
		return err
	})
	if err != nil {
		panic("world: " + err.Error()) // embedded at build time
	}
	return out
})

// weightOf reads the last column of a row of the name files.
func weightOf(cols []string) (uint64, error) {
	return strconv.ParseUint(cols[len(cols)-1], 10, 64)
}

// gluedIrish are the Irish family names the US Census lists without their
// apostrophe ("OBRIEN"), as they are spelt.
var gluedIrish = map[string]string{
	"Obrien": "O'Brien", "Oconnell": "O'Connell", "Oconnor": "O'Connor", "Odonnell": "O'Donnell",
	"Oneal": "O'Neal", "Oneill": "O'Neill",
}

// respell gives a name of the tables the capitals its bearers write:
// "Mccarthy" is McCarthy, "D'amico" D'Amico and the Census's "Obrien"
// O'Brien. Each part of a "Masculine/Feminine" pair is respelt.
func respell(name string) string {
	if m, f, ok := strings.Cut(name, "/"); ok {
		return respell(m) + "/" + respell(f)
	}
	if s, ok := gluedIrish[name]; ok {
		return s
	}
	for _, prefix := range []string{"Mc", "O'", "D'", "Dell'", "Dall'"} {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		if r, size := utf8.DecodeRuneInString(rest); unicode.IsLower(r) {
			return prefix + string(unicode.ToUpper(r)) + rest[size:]
		}
	}
	return name
}

// addTables adds a culture's names from the tables to those of its spec
// and sets how often each is drawn (see addList). In a culture where
// people go by their father's name (cultureSpec.patronymic), the male
// given names are family names too, as often as they are given.
func (c *culture) addTables(t nameTables) {
	head := cmp.Or(c.spec.givenHead, defaultGivenHead)
	male := c.addList(&c.male, nil, c.givenTable(t, "male"), nil, head)
	c.maleW = newWeighted(male)
	c.femaleW = newWeighted(c.addList(&c.female, nil, c.givenTable(t, "female"), nil, head))
	head = cmp.Or(c.spec.lastHead, defaultLastHead)
	lastTable := borrowed(t, c.spec.code, c.spec.lastFrom, "last")
	if c.spec.lastParts != "" {
		lastTable = composedNames(c.spec.lastParts, 0, c.spec.partsJoin)
	}
	last := c.addList(&c.lastMale, &c.lastFemale, lastTable, c.measured(t.shares[c.spec.code]), head)
	if p := uint64(c.spec.patronymic); p > 0 {
		last = c.addFathers(last, male, p)
	}
	c.lastW = newWeighted(last)
}

// addFathers makes the male given names family names too, drawn for p
// percent of people, by their weights as given names (male); the other
// family names keep their weights (last) for the rest. It returns the
// weights of the family names.
func (c *culture) addFathers(last, male []uint64, p uint64) []uint64 {
	var sumLast, sumMale uint64
	for _, x := range last {
		sumLast += x
	}
	for _, x := range male {
		sumMale += x
	}
	at := map[string]int{}
	for k, f := range c.lastMale {
		at[f.latin] = k
		last[k] = (100 - p) * (billion / 100) * last[k] / sumLast
	}
	for k, f := range c.male {
		w := p * (billion / 100) * male[k] / sumMale
		if i, ok := at[f.latin]; ok {
			last[i] += w
			continue
		}
		c.lastMale = append(c.lastMale, f)
		c.lastFemale = append(c.lastFemale, f)
		last = append(last, w)
	}
	for k := range last {
		last[k] = max(last[k], 1)
	}
	return last
}

// givenTable returns the culture's table of given names of a kind with,
// after its own, those of the cultures it borrows given names from
// (cultureSpec.givenFrom), or the names made of its syllables.
func (c *culture) givenTable(t nameTables, kind string) *nameTable {
	if parts := c.spec.maleParts; parts != "" {
		if kind == "female" {
			parts = c.spec.femaleParts
		}
		return composedNames(parts, c.spec.singleParts, c.spec.partsJoin)
	}
	return borrowed(t, c.spec.code, c.spec.givenFrom, kind)
}

// borrowed returns the table of a kind of culture code with, after its
// own names, those of the cultures from lists, as names of the long
// tail whatever their frequency where they come from.
func borrowed(t nameTables, code, from, kind string) *nameTable {
	own := t.lists[code][kind]
	if from == "" {
		return own
	}
	out := &nameTable{}
	for _, c := range append([]string{code}, strings.Fields(from)...) {
		if x := t.lists[c][kind]; x != nil {
			out.names = append(out.names, x.names...)
			out.weights = append(out.weights, make([]uint64, len(x.names))...)
		}
	}
	return out
}

// composedNames makes the names of a culture that joins two syllables
// ("Wei" and "Qiang" make "Weiqiang"; "Chih" and "Wei" "Chih-wei" where
// join is "-"), as "native:roman" entries of a table of the long tail.
// Parts are "native:roman" syllables, or Latin ones alone; "A B|x y"
// joins a first syllable of the first list with a second of the other,
// a list alone any two different syllables of it. Each first syllable
// alone weighs so that single names are single percent of the draws.
func composedNames(parts string, single int, join string) *nameTable {
	type syllable struct{ native, roman string }
	read := func(list string) []syllable {
		var out []syllable
		for _, entry := range strings.Fields(list) {
			n, r, spelt := strings.Cut(entry, ":")
			if !spelt {
				r = n
			}
			out = append(out, syllable{n, r})
		}
		return out
	}
	firsts, seconds, split := strings.Cut(parts, "|")
	as := read(firsts)
	bs := as
	if split {
		bs = read(seconds)
	}
	t := &nameTable{}
	pairs := uint64(len(as) * len(bs))
	for _, a := range as {
		if single > 0 {
			// A name of relative weight 1 against the pairs' 100.
			t.names = append(t.names, a.native+":"+a.roman)
			t.weights = append(t.weights, max(1, pairs*uint64(single)*100/uint64(100-single)/uint64(len(as))))
		}
		for _, b := range bs {
			if a == b {
				continue
			}
			t.names = append(t.names, a.native+b.native+":"+a.roman+join+strings.ToLower(b.roman))
			t.weights = append(t.weights, 100)
		}
	}
	return t
}

// measured returns the measured shares of the culture's family names:
// those of the first of its countries that has any (Spain's for the
// Spanish names of every Spanish-speaking country, Brazil's for the
// Portuguese).
func (c *culture) measured(shares []surnameShare) []surnameShare {
	for _, entry := range strings.Fields(c.spec.countries) {
		cc, _ := parseCountryShare(entry)
		var out []surnameShare
		for _, s := range shares {
			if s.country == cc {
				out = append(out, s)
			}
		}
		if out != nil {
			return out
		}
	}
	return nil
}

// The weights of a list's draws, in parts per billion of the culture's
// people.
const (
	// defaultGivenHead and defaultLastHead are the percent of people
	// who carry one of the spec's given or family names, the culture's
	// commonest, where the culture says none and nothing is measured.
	defaultGivenHead = 35
	defaultLastHead  = 20
	// shareKnown is the percent of the draws that go to names.tsv's
	// names of relative frequency (the US lists); the spec's names
	// then take shareSpec and the tail the rest.
	shareKnown = 55
	shareSpec  = 30
	billion    = 1_000_000_000
)

// addList appends the names of t not in list (and to the parallel
// feminine forms, fem, the feminine form or the same spelling) and
// returns the weights of its draws, in parts per billion of the culture's people:
//   - a family name of measured share (measured) weighs that share, and
//     the spec's names not measured weigh half the least measured: the
//     measured are the commonest of the country;
//   - names of relative frequency (the US lists, names made of
//     syllables) share shareKnown, the spec's names shareSpec or head,
//     the less;
//   - otherwise the spec's names, the culture's commonest in order,
//     share head percent as a Zipf law of their rank;
//   - the long tail, names of no known frequency, shares what is left
//     evenly; with no tail, the spec's names not measured take it, each
//     up to the least measured share (spreadUnmeasured).
//
// With neither a table nor a measure the spec's names are drawn evenly:
// as few as they are, they stand for many more.
func (c *culture) addList(list, fem *[]nameForm, t *nameTable, measured []surnameShare, head int) []uint64 {
	nSpec := len(*list)
	if t == nil && measured == nil {
		w := make([]uint64, nSpec)
		for k := range w {
			w[k] = billion / uint64(nSpec)
		}
		return w
	}
	have := map[string]int{} // the first name of each Latin spelling
	for k, f := range *list {
		if _, ok := have[f.latin]; !ok {
			have[f.latin] = k
		}
	}
	relative := make([]uint64, nSpec) // names.tsv's frequency of each name, 0 if none
	share := make([]uint64, nSpec)    // measured share of each name, 0 if none
	add := func(name string) int {
		native, roman, spelt := strings.Cut(name, ":")
		if !spelt {
			roman = native
		}
		m, f, gendered := strings.Cut(roman, "/")
		if i, ok := have[m]; ok {
			return i
		}
		if c.spec.script != ScriptLatin && !spelt {
			return -1 // a name of the tables without its native spelling
		}
		if spelt {
			mf, ff := parseSurname(name, c.spec.script)
			have[m] = len(*list)
			*list = append(*list, mf)
			if fem != nil {
				*fem = append(*fem, ff)
			}
			relative = append(relative, 0)
			share = append(share, 0)
			return len(*list) - 1
		}
		form := makeForm(m, "", ScriptLatin)
		have[m] = len(*list)
		*list = append(*list, form)
		if fem != nil {
			if !gendered {
				f = m
			}
			*fem = append(*fem, makeForm(f, "", ScriptLatin))
		}
		relative = append(relative, 0)
		share = append(share, 0)
		return len(*list) - 1
	}
	for _, s := range measured {
		if i := add(s.name); i >= 0 {
			share[i] = max(share[i], s.ppb)
		}
	}
	if t != nil {
		for k, name := range t.names {
			if i := add(name); i >= 0 {
				relative[i] = max(relative[i], t.weights[k])
			}
		}
	}
	var sumShare, minShare, sumRelative uint64
	tail := 0
	for k := range share {
		sumShare += share[k]
		if share[k] > 0 && (minShare == 0 || share[k] < minShare) {
			minShare = share[k]
		}
		sumRelative += relative[k]
		if share[k] == 0 && relative[k] == 0 && k >= nSpec {
			tail++
		}
	}
	w := make([]uint64, len(share))
	var used uint64
	var zipf uint64
	for k := range nSpec {
		zipf += billion / uint64(k+4)
	}
	specShare := uint64(head) * billion / 100
	if sumRelative > 0 {
		specShare = min(uint64(head), shareSpec) * billion / 100
	}
	for k := range w {
		switch {
		case share[k] > 0:
			w[k] = share[k]
		case relative[k] > 0:
			w[k] = shareKnown * (billion / 100) * relative[k] / sumRelative
		case k < nSpec && minShare > 0:
			w[k] = minShare / 2
		case k < nSpec:
			w[k] = specShare * (billion / uint64(k+4)) / zipf
		default:
			continue
		}
		used += w[k]
	}
	if tail > 0 {
		// The tail takes what is left, at least a tenth, evenly. A
		// tail shorter than the culture's leaves its names more common
		// than the least measured: a rare name a little too common
		// is what keeps full names from repeating more than in life.
		left := uint64(billion / 10)
		if used < billion-left {
			left = billion - used
		}
		each := left / uint64(tail)
		for k := range w {
			if w[k] == 0 {
				w[k] = max(each, 1)
			}
		}
	}
	if tail == 0 && minShare > 0 {
		spreadUnmeasured(w, share, relative, nSpec, used, minShare)
	}
	for k := range w {
		w[k] = max(w[k], 1)
	}
	return w
}

// spreadUnmeasured gives the spec's names of no known frequency the
// draws the measured names leave (billion less used), evenly, where no
// long tail takes them, each up to the least measured share (most): the
// measured names are the commonest, and the others stand for the many a
// short list leaves out. Without this, the few measured names would take
// more of the draws between them, and full names would repeat more than
// in life.
func spreadUnmeasured(w, share, relative []uint64, nSpec int, used, most uint64) {
	if used >= billion {
		return
	}
	var free []int
	for k := range nSpec {
		if share[k] == 0 && relative[k] == 0 {
			free = append(free, k)
		}
	}
	if len(free) == 0 {
		return
	}
	each := (billion - used) / uint64(len(free))
	for _, k := range free {
		w[k] = max(w[k], min(each, most))
	}
}
