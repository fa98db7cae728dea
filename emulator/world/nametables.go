package world

import (
	"bufio"
	"strconv"
	"strings"
	"sync"
)

// nameTable is one list of names.tsv: the names of one kind (male,
// female or family) of a culture, with their frequencies where known.
type nameTable struct {
	names   []string
	weights []uint64 // parts per billion of the culture's people; 0 for unknown
}

// nameTables are the lists of names.tsv by culture code and kind.
type nameTables map[string]map[string]*nameTable

// loadNameTables parses the embedded names.tsv once per process.
var loadNameTables = sync.OnceValue(func() nameTables {
	f, err := dataFS.Open("data/names.tsv")
	if err != nil {
		panic(err) // embedded at build time
	}
	defer f.Close()
	out := nameTables{}
	sc := bufio.NewScanner(f)
	sc.Scan() // the header
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 4 {
			panic("world: bad line in names.tsv: " + sc.Text())
		}
		weight, err := strconv.ParseUint(cols[3], 10, 64)
		if err != nil {
			panic("world: bad weight in names.tsv: " + sc.Text())
		}
		if out[cols[0]] == nil {
			out[cols[0]] = map[string]*nameTable{}
		}
		t := out[cols[0]][cols[1]]
		if t == nil {
			t = &nameTable{}
			out[cols[0]][cols[1]] = t
		}
		t.names = append(t.names, cols[2])
		t.weights = append(t.weights, weight)
	}
	return out
})

// addTables adds a culture's names from names.tsv to those of its spec
// and sets how often each is drawn. The spec's names, the culture's most
// common in order, weigh as a Zipf law of their rank; the tables' names
// of known frequency (the US lists) weigh as measured; the others, the
// long tail, evenly. With no table the spec's names are drawn evenly,
// as few names as they are.
func (c *culture) addTables(kinds map[string]*nameTable) {
	c.maleW = c.addList(&c.male, nil, kinds["male"])
	c.femaleW = c.addList(&c.female, nil, kinds["female"])
	c.lastW = c.addList(&c.lastMale, &c.lastFemale, kinds["last"])
}

// The shares of a list's draws that go to the spec's names, to names of
// known frequency and to the long tail.
const (
	shareSpec    = 30
	shareKnown   = 55
	shareTail    = 15
	weightsScale = 1 << 24 // a list's total weight, in units
)

// addList appends the names of t not in list (and to the parallel
// feminine forms, the same spelling) and returns the draw table.
func (c *culture) addList(list, fem *[]nameForm, t *nameTable) weighted {
	nSpec := len(*list)
	if t == nil {
		w := make([]uint64, nSpec)
		for k := range w {
			w[k] = 1
		}
		return newWeighted(w)
	}
	have := map[string]int{}
	for k, f := range *list {
		have[f.latin] = k
	}
	known := make([]uint64, nSpec) // measured frequency of each name, 0 if none
	for k, name := range t.names {
		if i, ok := have[name]; ok {
			known[i] = max(known[i], t.weights[k])
			continue
		}
		form := makeForm(name, "", ScriptLatin)
		have[name] = len(*list)
		*list = append(*list, form)
		if fem != nil {
			*fem = append(*fem, form)
		}
		known = append(known, t.weights[k])
	}
	var knownTotal uint64
	tail := 0
	for k, w := range known {
		knownTotal += w
		if w == 0 && k >= nSpec {
			tail++
		}
	}
	spec, kn, tl := uint64(shareSpec), uint64(shareKnown), uint64(shareTail)
	if knownTotal == 0 {
		spec, kn, tl = spec+kn/2, 0, tl+kn/2
	}
	if tail == 0 {
		spec, tl = spec+tl, 0
	}
	var zipf uint64
	for k := range nSpec {
		zipf += weightsScale / uint64(k+4)
	}
	w := make([]uint64, len(known))
	for k := range w {
		switch {
		case known[k] > 0:
			w[k] = kn * weightsScale / 100 * known[k] / knownTotal
		case k < nSpec:
			w[k] = spec * weightsScale / 100 * (weightsScale / uint64(k+4)) / zipf
		default:
			w[k] = tl * weightsScale / 100 / uint64(tail)
		}
		w[k] = max(w[k], 1)
	}
	return newWeighted(w)
}
