package search

import (
	"runtime"
	"sync"

	"github.com/enrich-dev/enrich/emulator/world"
)

// Index answers people searches over a world as of its clock. It is
// built once (New) and is then read-only and safe for concurrent use; a
// world advanced in time is indexed anew.
//
// Attributes with few values (home city, department, level, industry,
// years, open to work) are kept as compact columns and checked person by
// person. Text is indexed by postings: for each title, skill, school,
// field of study, degree and industry, the people who hold it; for each
// word of a name, and for each word and each pair of neighbouring words
// of the headlines and summaries, the people whose text has it.
type Index struct {
	w   *world.World
	n   int
	loc *locator

	// Columns, by person index.
	city        []uint16 // home, index into Places
	dept        []uint8  // world.Department of the current role
	level       []uint8  // world.Level of the current role
	industry    []uint8  // world.IndustryID of the current (else the latest) employer
	yearsInRole []uint8  // noRole for people without a current role
	totalYears  []uint8
	open        *Set // open to work

	titles     *vocab
	curTitle   []*posting // by TitleID: people holding it in a current role
	anyTitle   []*posting // by TitleID: people who held it in any role
	skills     *vocab
	skill      []*posting
	schools    *vocab
	school     []*posting
	fields     *vocab
	field      []*posting
	degrees    *vocab
	degree     []*posting
	industries *vocab
	inIndustry []*posting // by IndustryID, as the industry column
	companies  *vocab     // names of World.Companies; members come from the world

	names map[string]*posting // name word → people
	prose map[string]*posting // headline and summary word, or "word word" pair → people

	industryID map[string]world.IndustryID // folded name → id
	deptID     map[string]world.Department // folded value → department
	levelID    map[string]world.Level      // folded value → level
}

// New indexes the world. A million people take a few seconds on two
// cores; the work is split by blocks of 65,536 people.
func New(w *world.World) *Index {
	n := w.Len()
	ix := &Index{
		w:           w,
		n:           n,
		loc:         newLocator(w),
		city:        make([]uint16, n),
		dept:        make([]uint8, n),
		level:       make([]uint8, n),
		industry:    make([]uint8, n),
		yearsInRole: make([]uint8, n),
		totalYears:  make([]uint8, n),
		open:        newSet(n),
		industryID:  map[string]world.IndustryID{},
		deptID:      map[string]world.Department{},
		levelID:     map[string]world.Level{},
	}
	var titleNames []string
	for _, t := range w.Titles() {
		titleNames = append(titleNames, t.Name)
	}
	var schoolNames []string
	for _, u := range w.Universities() {
		schoolNames = append(schoolNames, u.Name)
	}
	var companyNames []string
	for _, c := range w.Companies() {
		companyNames = append(companyNames, c.Name)
	}
	ix.titles = newVocab(titleNames)
	ix.skills = newVocab(w.Skills())
	ix.schools = newVocab(schoolNames)
	ix.fields = newVocab(w.Fields())
	ix.degrees = newVocab(w.Degrees())
	ix.industries = newVocab(w.Industries())
	ix.companies = newVocab(companyNames)
	for i, name := range w.Industries() {
		ix.industryID[fold(name)] = world.IndustryID(i)
	}
	for i, name := range world.Departments() {
		ix.deptID[fold(name)] = world.Department(i + 1)
	}
	for i, name := range world.Levels() {
		ix.levelID[fold(name)] = world.Level(i + 1)
	}

	ix.buildPostings()
	return ix
}

// noRole marks a person without a current role in the yearsInRole column:
// such a person has no years in a role to filter on.
const noRole = 255

// Namespaces of the keys a block collects postings under.
const (
	nsCurTitle = iota
	nsAnyTitle
	nsSkill
	nsSchool
	nsField
	nsDegree
	nsIndustry
	nsName // name words, by the block's token ids
	nsWord // prose words, by the block's token ids
	nsPair // prose word pairs, by the block's pair ids
	numNS
)

// blockPostings are the postings of one block of people before merging:
// for each key, a run of lows (the low 16 bits of the members' indexes).
type blockPostings struct {
	base  [numNS + 1]int // first dense key of each namespace
	start []uint32       // by dense key: where its run begins in lows
	end   []uint32       // by dense key: where it ends
	lows  []uint16
	toks  []string // the block's token ids
	pairs []uint64 // the block's pair ids: two token ids
}

// run returns the lows of key id in namespace ns.
func (bp *blockPostings) run(ns, id int) []uint16 {
	k := bp.base[ns] + id
	return bp.lows[bp.start[k]:bp.end[k]]
}

// buildPostings indexes the people block by block, on every core, and
// merges the blocks' postings.
func (ix *Index) buildPostings() {
	w, n := ix.w, ix.n
	blocks := (n + 1<<blockBits - 1) >> blockBits
	parts := make([]*blockPostings, blocks)
	next := make(chan int, blocks)
	for b := range blocks {
		next <- b
	}
	close(next)
	var wg sync.WaitGroup
	for range min(blocks, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			var sc blockScratch
			for b := range next {
				parts[b] = ix.indexBlock(b, &sc)
			}
		})
	}
	wg.Wait()

	merge := func(ns, size int) []*posting {
		out := make([]*posting, size)
		for id := range out {
			var pb postingBuilder
			for b, part := range parts {
				pb.add(uint32(b), part.run(ns, id))
			}
			out[id] = pb.build(n)
		}
		return out
	}
	ix.curTitle = merge(nsCurTitle, len(w.Titles()))
	ix.anyTitle = merge(nsAnyTitle, len(w.Titles()))
	ix.skill = merge(nsSkill, len(w.Skills()))
	ix.school = merge(nsSchool, len(w.Universities()))
	ix.field = merge(nsField, len(w.Fields()))
	ix.degree = merge(nsDegree, len(w.Degrees()))
	ix.inIndustry = merge(nsIndustry, len(w.Industries()))
	ix.degree[0] = nil // "no degree listed" names no degree to search for

	names := map[string]*postingBuilder{}
	prose := map[string]*postingBuilder{}
	add := func(m map[string]*postingBuilder, key []byte, block int, lows []uint16) {
		if len(lows) == 0 {
			return
		}
		pb := m[string(key)]
		if pb == nil {
			pb = &postingBuilder{}
			m[string(key)] = pb
		}
		pb.add(uint32(block), lows)
	}
	var key []byte
	for b, part := range parts {
		for id, tok := range part.toks {
			key = append(key[:0], tok...)
			add(names, key, b, part.run(nsName, id))
			add(prose, key, b, part.run(nsWord, id))
		}
		for id, pair := range part.pairs {
			key = append(append(append(key[:0], part.toks[pair>>32]...), ' '), part.toks[uint32(pair)]...)
			add(prose, key, b, part.run(nsPair, id))
		}
	}
	build := func(m map[string]*postingBuilder) map[string]*posting {
		out := make(map[string]*posting, len(m))
		for k, pb := range m {
			out[k] = pb.build(n)
		}
		return out
	}
	ix.names, ix.prose = build(names), build(prose)
}

// blockScratch is a worker's reusable memory for indexBlock.
type blockScratch struct {
	entries []uint64 // namespace<<44 | id<<16 | low, in person order
	counts  []uint32
	ids     []uint32
	tk      tokenizer
}

// indexBlock fills the columns of block b and collects its postings.
// Blocks write disjoint parts of the columns (a block is a whole number
// of the open set's words), so they run in parallel without locks.
//
// Every (key, person) pair goes into one flat list, which a counting sort
// then groups by key: far fewer allocations than a growing list per key,
// which matters since each garbage collection scans the whole world.
func (ix *Index) indexBlock(b int, sc *blockScratch) *blockPostings {
	w := ix.w
	bp := &blockPostings{}
	toks := map[string]uint32{}
	pairs := map[uint64]uint32{}
	tokID := func(t []byte) uint32 {
		id, ok := toks[string(t)]
		if !ok {
			id = uint32(len(bp.toks))
			bp.toks = append(bp.toks, string(t))
			toks[bp.toks[id]] = id
		}
		return id
	}
	entries := sc.entries[:0]
	put := func(ns, id int, lo uint16) { entries = append(entries, uint64(ns)<<44|uint64(id)<<16|uint64(lo)) }
	start := b << blockBits
	end := min(start+1<<blockBits, ix.n)
	for i := start; i < end; i++ {
		p := w.Person(i)
		lo := uint16(i)
		ix.city[i] = uint16(p.City)
		ix.dept[i] = uint8(p.Department)
		ix.level[i] = uint8(p.Level)
		ix.industry[i] = uint8(p.Industry)
		ix.yearsInRole[i] = noRole
		if years, ok := w.YearsInRole(p); ok {
			ix.yearsInRole[i] = uint8(min(years, noRole-1))
		}
		ix.totalYears[i] = uint8(min(w.TotalYears(p), 255))
		if p.OpenToWork {
			ix.open.Add(int32(i))
		}
		for _, j := range p.Jobs {
			if j.Current {
				put(nsCurTitle, int(j.Title), lo)
			}
			put(nsAnyTitle, int(j.Title), lo)
		}
		if p.Industry != world.NoIndustry {
			put(nsIndustry, int(p.Industry), lo)
		}
		for _, s := range p.Skills {
			put(nsSkill, int(s), lo)
		}
		for _, e := range p.Education {
			put(nsSchool, int(e.University), lo)
			put(nsField, int(e.Field), lo)
			put(nsDegree, int(e.Degree), lo)
		}
		for _, name := range []string{p.FullName, p.AltName} {
			for _, t := range sc.tk.split(name) {
				put(nsName, int(tokID(t)), lo)
			}
		}
		for _, text := range []string{w.Headline(p), w.Summary(p)} {
			ids := sc.ids[:0]
			for _, t := range sc.tk.split(text) {
				ids = append(ids, tokID(t))
			}
			sc.ids = ids
			for k, id := range ids {
				put(nsWord, int(id), lo)
				if k == 0 {
					continue
				}
				pair := uint64(ids[k-1])<<32 | uint64(id)
				pid, ok := pairs[pair]
				if !ok {
					pid = uint32(len(bp.pairs))
					bp.pairs = append(bp.pairs, pair)
					pairs[pair] = pid
				}
				put(nsPair, int(pid), lo)
			}
		}
	}
	sc.entries = entries

	sizes := [numNS]int{len(w.Titles()), len(w.Titles()), len(w.Skills()), len(w.Universities()),
		len(w.Fields()), len(w.Degrees()), len(w.Industries()), len(bp.toks), len(bp.toks), len(bp.pairs)}
	for ns, size := range sizes {
		bp.base[ns+1] = bp.base[ns] + size
	}
	keys := bp.base[numNS]
	dense := func(e uint64) int { return bp.base[e>>44] + int(e>>16&(1<<28-1)) }
	counts := sc.counts[:0]
	for range keys + 1 {
		counts = append(counts, 0)
	}
	for _, e := range entries {
		counts[dense(e)+1]++
	}
	for k := 1; k <= keys; k++ {
		counts[k] += counts[k-1]
	}
	sc.counts = counts
	bp.start = append([]uint32(nil), counts[:keys]...)
	bp.end = append([]uint32(nil), counts[:keys]...)
	bp.lows = make([]uint16, len(entries))
	for _, e := range entries {
		k := dense(e)
		lo := uint16(e)
		// People come in order, so a repeat (a title held twice, a word
		// used twice) is the run's last entry.
		if bp.end[k] > bp.start[k] && bp.lows[bp.end[k]-1] == lo {
			continue
		}
		bp.lows[bp.end[k]] = lo
		bp.end[k]++
	}
	return bp
}

// Len returns the number of people indexed.
func (ix *Index) Len() int { return ix.n }

// World returns the indexed world.
func (ix *Index) World() *world.World { return ix.w }
