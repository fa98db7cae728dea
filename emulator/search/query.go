package search

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits that keep a hostile query cheap to parse and evaluate.
const (
	maxQueryBytes = 2000
	maxQueryDepth = 32
	maxQueryTerms = 100
)

// op is the kind of a query node.
type op uint8

const (
	opTerm op = iota // a word or a phrase
	opAnd
	opOr
	opNot
)

// node is a parsed boolean query.
type node struct {
	op   op
	kids []*node // operands of AND and OR; the one operand of NOT
	// words of a term: one word, or the consecutive words of a phrase (a
	// quoted phrase, or an unquoted word that tokenizes into several,
	// such as "Node.js").
	words []string
}

// String renders the node in a normalized form, for tests and logs.
func (n *node) String() string {
	switch n.op {
	case opTerm:
		if len(n.words) == 1 && n.words[0] != "and" && n.words[0] != "or" && n.words[0] != "not" {
			return n.words[0]
		}
		return `"` + strings.Join(n.words, " ") + `"`
	case opNot:
		return "NOT " + n.kids[0].String()
	}
	parts := make([]string, len(n.kids))
	for i, k := range n.kids {
		parts[i] = k.String()
	}
	sep := " AND "
	if n.op == opOr {
		sep = " OR "
	}
	return "(" + strings.Join(parts, sep) + ")"
}

// QueryError is a malformed boolean query. Pos is the 1-based character
// position the problem was found at.
type QueryError struct {
	Pos int
	Msg string
}

// Error implements error.
func (e *QueryError) Error() string { return fmt.Sprintf("%s at position %d", e.Msg, e.Pos) }

// tokKind is the kind of a lexical token of a query.
type tokKind uint8

const (
	tokWord tokKind = iota
	tokPhrase
	tokAnd
	tokOr
	tokNot
	tokOpen
	tokClose
	tokEnd
)

// lexeme is one lexical token with its 1-based character position.
type lexeme struct {
	kind tokKind
	text string
	pos  int
}

// lex splits a query into words, quoted phrases, operators and
// parentheses. Operators are the words AND, OR and NOT in any case; a
// word is any run of characters other than space, parentheses and
// double quotes.
func lex(q string) ([]lexeme, error) {
	var out []lexeme
	pos := 0 // characters consumed
	for i := 0; i < len(q); {
		r, n := utf8.DecodeRuneInString(q[i:])
		switch {
		case unicode.IsSpace(r):
			i += n
			pos++
		case r == '(' || r == ')':
			kind := tokOpen
			if r == ')' {
				kind = tokClose
			}
			out = append(out, lexeme{kind: kind, text: string(r), pos: pos + 1})
			i += n
			pos++
		case r == '"' || r == '“' || r == '”':
			start := pos + 1
			i += n
			pos++
			j, closing := i, 0
			for j < len(q) {
				c, m := utf8.DecodeRuneInString(q[j:])
				if c == '"' || c == '“' || c == '”' {
					closing = m
					break
				}
				j += m
				pos++
			}
			if closing == 0 {
				return nil, &QueryError{Pos: start, Msg: "unterminated quoted phrase"}
			}
			out = append(out, lexeme{kind: tokPhrase, text: q[i:j], pos: start})
			i = j + closing
			pos++
		default:
			start := pos + 1
			j := i
			for j < len(q) {
				c, m := utf8.DecodeRuneInString(q[j:])
				if unicode.IsSpace(c) || c == '(' || c == ')' || c == '"' || c == '“' || c == '”' {
					break
				}
				j += m
				pos++
			}
			word := q[i:j]
			kind := tokWord
			switch strings.ToUpper(word) {
			case "AND":
				kind = tokAnd
			case "OR":
				kind = tokOr
			case "NOT":
				kind = tokNot
			}
			out = append(out, lexeme{kind: kind, text: word, pos: start})
			i = j
		}
	}
	return append(out, lexeme{kind: tokEnd, pos: pos + 1}), nil
}

// parser is a recursive-descent parser over the lexemes of a query:
//
//	query   = or
//	or      = and { "OR" and }
//	and     = unary { ["AND"] unary | "NOT" unary }
//	unary   = "NOT" unary | primary
//	primary = word | phrase | "(" or ")"
//
// Adjacent terms without an operator are joined by AND, and "a NOT b"
// means "a AND NOT b". AND binds tighter than OR.
type parser struct {
	lx    []lexeme
	i     int
	depth int
	terms int
}

// parseQuery parses a boolean query. Words without letters or digits
// (a lone "&" or "-") are skipped; a query with no term left is an error.
func parseQuery(q string) (*node, error) {
	if len(q) > maxQueryBytes {
		return nil, &QueryError{Pos: 1, Msg: fmt.Sprintf("query is longer than %d bytes", maxQueryBytes)}
	}
	lx, err := lex(q)
	if err != nil {
		return nil, err
	}
	p := &parser{lx: lx}
	if p.peek().kind == tokEnd {
		return nil, &QueryError{Pos: 1, Msg: "empty query"}
	}
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEnd {
		if t.kind == tokClose {
			return nil, &QueryError{Pos: t.pos, Msg: `unmatched ")"`}
		}
		return nil, &QueryError{Pos: t.pos, Msg: fmt.Sprintf("unexpected %q", t.text)}
	}
	if n == nil {
		return nil, &QueryError{Pos: 1, Msg: "query has no words to search for"}
	}
	return n, nil
}

func (p *parser) peek() lexeme { return p.lx[p.i] }

func (p *parser) next() lexeme {
	t := p.lx[p.i]
	if t.kind != tokEnd {
		p.i++
	}
	return t
}

// A nil node from a rule is a term that had no letters or digits; the
// rules above drop it from their operands.

func (p *parser) or() (*node, error) {
	left, err := p.and()
	if err != nil {
		return nil, err
	}
	kids := []*node{left}
	for p.peek().kind == tokOr {
		p.next()
		right, err := p.and()
		if err != nil {
			return nil, err
		}
		kids = append(kids, right)
	}
	return combine(opOr, kids), nil
}

func (p *parser) and() (*node, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	kids := []*node{left}
	for {
		switch p.peek().kind {
		case tokAnd:
			p.next()
		case tokNot:
			// Binary NOT: "a NOT b" is "a AND NOT b"; unary() reads it.
		case tokWord, tokPhrase, tokOpen:
			// Implicit AND between adjacent terms.
		default:
			return combine(opAnd, kids), nil
		}
		right, err := p.unary()
		if err != nil {
			return nil, err
		}
		kids = append(kids, right)
	}
}

func (p *parser) unary() (*node, error) {
	if p.peek().kind != tokNot {
		return p.primary()
	}
	p.next()
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxQueryDepth {
		return nil, &QueryError{Pos: p.peek().pos, Msg: "query is nested too deeply"}
	}
	n, err := p.unary()
	if err != nil || n == nil {
		return nil, err
	}
	return &node{op: opNot, kids: []*node{n}}, nil
}

func (p *parser) primary() (*node, error) {
	t := p.next()
	switch t.kind {
	case tokWord, tokPhrase:
		p.terms++
		if p.terms > maxQueryTerms {
			return nil, &QueryError{Pos: t.pos, Msg: fmt.Sprintf("query has more than %d terms", maxQueryTerms)}
		}
		words := Tokens(t.text)
		if len(words) == 0 {
			if t.kind == tokPhrase {
				return nil, &QueryError{Pos: t.pos, Msg: "empty quoted phrase"}
			}
			return nil, nil
		}
		return &node{op: opTerm, words: words}, nil
	case tokOpen:
		p.depth++
		defer func() { p.depth-- }()
		if p.depth > maxQueryDepth {
			return nil, &QueryError{Pos: t.pos, Msg: "query is nested too deeply"}
		}
		if p.peek().kind == tokClose {
			return nil, &QueryError{Pos: t.pos, Msg: "empty parentheses"}
		}
		n, err := p.or()
		if err != nil {
			return nil, err
		}
		if c := p.next(); c.kind != tokClose {
			return nil, &QueryError{Pos: t.pos, Msg: `"(" is never closed`}
		}
		return n, nil
	case tokEnd:
		return nil, &QueryError{Pos: t.pos, Msg: "query ends where a term is expected"}
	case tokClose:
		return nil, &QueryError{Pos: t.pos, Msg: `unexpected ")" where a term is expected`}
	}
	return nil, &QueryError{Pos: t.pos, Msg: fmt.Sprintf("unexpected %s where a term is expected", strings.ToUpper(t.text))}
}

// combine joins operands, dropping empty (nil) ones and flattening a
// single operand.
func combine(o op, kids []*node) *node {
	out := kids[:0]
	for _, k := range kids {
		if k == nil {
			continue
		}
		if k.op == o {
			out = append(out, k.kids...)
			continue
		}
		out = append(out, k)
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		return out[0]
	}
	return &node{op: o, kids: out}
}
