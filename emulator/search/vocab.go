package search

import "math/bits"

// vocab is a list of names (titles, companies, skills, schools...) that
// queries are matched against one name at a time: "Manager NOT Assistant"
// selects the names that contain "manager" and not "assistant".
type vocab struct {
	toks  [][]string         // tokens of each name
	words map[string][]int32 // token → names containing it, ascending
}

func newVocab(names []string) *vocab {
	v := &vocab{toks: make([][]string, len(names)), words: make(map[string][]int32)}
	var t tokenizer
	intern := map[string]string{}
	for i, name := range names {
		for _, b := range t.split(name) {
			tok, ok := intern[string(b)]
			if !ok {
				tok = string(b)
				intern[tok] = tok
			}
			v.toks[i] = append(v.toks[i], tok)
			if ids := v.words[tok]; len(ids) == 0 || ids[len(ids)-1] != int32(i) {
				v.words[tok] = append(ids, int32(i))
			}
		}
	}
	return v
}

// entitySet is a set over the names of a vocab.
type entitySet []uint64

func (v *vocab) newSet() entitySet { return make(entitySet, (len(v.toks)+63)/64) }

func (s entitySet) add(i int32) { s[i>>6] |= 1 << (uint(i) & 63) }

// each calls fn with every member, ascending.
func (s entitySet) each(fn func(int32)) {
	for k, w := range s {
		for w != 0 {
			fn(int32(k*64 + bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
}

// match returns the names the query matches.
func (v *vocab) match(n *node) entitySet {
	switch n.op {
	case opTerm:
		return v.term(n.words)
	case opNot:
		s := v.match(n.kids[0])
		for i := range s {
			s[i] = ^s[i]
		}
		if r := len(v.toks) % 64; r != 0 {
			s[len(s)-1] &= 1<<r - 1
		}
		return s
	}
	s := v.match(n.kids[0])
	for _, k := range n.kids[1:] {
		o := v.match(k)
		for i := range s {
			if n.op == opAnd {
				s[i] &= o[i]
			} else {
				s[i] |= o[i]
			}
		}
	}
	return s
}

// term returns the names containing the word, or the words in a row.
func (v *vocab) term(words []string) entitySet {
	s := v.newSet()
	if len(words) == 1 {
		for _, i := range v.words[words[0]] {
			s.add(i)
		}
		return s
	}
	// Names holding the rarest word, then verified for the whole phrase.
	rarest := v.words[words[0]]
	for _, w := range words[1:] {
		if ids := v.words[w]; len(ids) < len(rarest) {
			rarest = ids
		}
	}
	for _, i := range rarest {
		if containsRun(v.toks[i], words) {
			s.add(i)
		}
	}
	return s
}

// containsRun reports whether words occur consecutively in toks.
func containsRun(toks, words []string) bool {
outer:
	for k := 0; k+len(words) <= len(toks); k++ {
		for j, w := range words {
			if toks[k+j] != w {
				continue outer
			}
		}
		return true
	}
	return false
}
