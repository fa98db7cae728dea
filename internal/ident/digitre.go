package ident

import (
	"maps"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// digitPattern matches strings of ASCII digits against one of
// libphonenumber's patterns (a national number pattern, a national
// prefix, leading digits). The patterns are small regular expressions
// over digits, and a phone's validity needs a dozen of them; Go's regexp
// takes a microsecond or more for each, a table of ten transitions per
// state a few nanoseconds. The table is the deterministic automaton of
// the same expression, so it accepts exactly the strings regexp does; an
// expression the table cannot hold (an assertion inside it, too many
// states) is matched by regexp itself.
type digitPattern struct {
	next   [][10]int32 // next[state][digit]; -1 is the dead state
	accept []bool      // a match ends in this state
	re     *regexp.Regexp
	full   bool   // with re: matches the whole string (else a prefix)
	expr   string // the expression, for the cache (see patterns)
}

const maxPatternStates = 4096

// patterns caches compiled patterns by where their expression is held
// and kind of match. The metadata's expressions are long (hundreds of
// bytes for some regions) and are always the same strings: keyed by
// their text, finding one cost more than matching it. The pattern keeps
// its expression, so that the memory a key names is not freed and used
// again for another string while the key is in the cache, and compiled
// checks the text once found (the same memory: no bytes compared). The
// map is read without a lock and copied to add a pattern: a process
// compiles a few thousand at the most, and reads them millions of times.
var patterns struct {
	m  atomic.Pointer[map[patternKey]*digitPattern]
	mu sync.Mutex // held to add
}

type patternKey struct {
	data uintptr // unsafe.StringData of the expression
	n    int     // its length
	full bool
}

// prefixMatch reports whether a prefix of the digits s matches expr, as
// regexp's "^(?:expr)" does.
func prefixMatch(expr, s string) bool { return compiled(expr, false).match(s) }

func compiled(expr string, full bool) *digitPattern {
	key := patternKey{uintptr(unsafe.Pointer(unsafe.StringData(expr))), len(expr), full}
	if m := patterns.m.Load(); m != nil {
		if p := (*m)[key]; p != nil && p.expr == expr {
			return p
		}
	}
	p := compileDigits(expr)
	if p != nil {
		p.full = full
	} else {
		src := "^(?:" + expr + ")"
		if full {
			src += "$"
		}
		p = &digitPattern{re: regexp.MustCompile(src), full: full}
	}
	p.expr = expr
	patterns.mu.Lock()
	defer patterns.mu.Unlock()
	var grown map[patternKey]*digitPattern
	if m := patterns.m.Load(); m != nil {
		grown = maps.Clone(*m)
	} else {
		grown = map[patternKey]*digitPattern{}
	}
	grown[key] = p
	patterns.m.Store(&grown)
	return p
}

func (p *digitPattern) match(s string) bool {
	if p.re != nil {
		return p.re.MatchString(s)
	}
	state := int32(0)
	for i := 0; i < len(s); i++ {
		if p.accept[state] && !p.full {
			return true
		}
		d := s[i] - '0'
		if d > 9 {
			return false
		}
		state = p.next[state][d]
		if state < 0 {
			return false
		}
	}
	return p.accept[state]
}

// compileDigits builds the automaton of expr over the digits by the
// subset construction on regexp's own program; nil if it cannot.
func compileDigits(expr string) *digitPattern {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil
	}
	d := &dfaBuilder{prog: prog, p: &digitPattern{}, index: map[string]int32{}, ok: true}
	d.add(d.closure(nil, uint32(prog.Start)))
	for s := 0; s < len(d.sets) && d.ok; s++ {
		if len(d.sets) > maxPatternStates {
			return nil
		}
		for digit := range 10 {
			next := d.add(d.step(d.sets[s], rune('0'+digit))) // may grow d.p.next
			d.p.next[s][digit] = next
		}
	}
	if !d.ok {
		return nil
	}
	return d.p
}

// dfaBuilder builds the automaton of a pattern's program over the ten
// digits, a state for each set of the program's instructions reached.
type dfaBuilder struct {
	prog  *syntax.Prog
	p     *digitPattern
	index map[string]int32 // state by its set's key
	sets  [][]uint32
	ok    bool // false once the program needs what digits alone cannot say
}

// closure adds pc and what it reaches without reading a digit.
func (d *dfaBuilder) closure(set []uint32, pc uint32) []uint32 {
	if slices.Contains(set, pc) {
		return set
	}
	set = append(set, pc)
	inst := &d.prog.Inst[pc]
	switch inst.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		set = d.closure(set, inst.Out)
		set = d.closure(set, inst.Arg)
	case syntax.InstCapture, syntax.InstNop:
		set = d.closure(set, inst.Out)
	case syntax.InstEmptyWidth:
		d.ok = false
	}
	return set
}

// step is the set reached from set by reading r.
func (d *dfaBuilder) step(set []uint32, r rune) []uint32 {
	var next []uint32
	for _, pc := range set {
		inst := &d.prog.Inst[pc]
		switch inst.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			if inst.MatchRune(r) {
				next = d.closure(next, inst.Out)
			}
		}
	}
	return next
}

// add returns the state of set, made when new; -1 for the empty set.
func (d *dfaBuilder) add(set []uint32) int32 {
	if len(set) == 0 {
		return -1
	}
	slices.Sort(set)
	var b strings.Builder
	for _, pc := range set {
		b.WriteString(strconv.Itoa(int(pc)))
		b.WriteByte(',')
	}
	k := b.String()
	if id, seen := d.index[k]; seen {
		return id
	}
	id := int32(len(d.sets))
	d.index[k] = id
	d.sets = append(d.sets, set)
	accept := false
	for _, pc := range set {
		accept = accept || d.prog.Inst[pc].Op == syntax.InstMatch
	}
	d.p.accept = append(d.p.accept, accept)
	d.p.next = append(d.p.next, [10]int32{})
	return id
}
