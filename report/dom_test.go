package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// node is an element of a page parsed as XML: the page is written so that
// a strict XML parser reads it, which checks that it is well formed (every
// element closed, every attribute quoted, every entity one XML knows).
type node struct {
	name   string
	attr   map[string]string
	kids   []any // *node or string
	parent *node
}

// parseXHTML parses a page strictly and returns its root element.
func parseXHTML(t *testing.T, page []byte) *node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(page))
	dec.Strict = true
	root := &node{name: "#document"}
	cur := root
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("page is not well formed: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attr: map[string]string{}, parent: cur}
			for _, a := range tok.Attr {
				name := a.Name.Local
				if a.Name.Space != "" {
					name = a.Name.Space + ":" + name
				}
				n.attr[name] = a.Value
			}
			cur.kids = append(cur.kids, n)
			cur = n
		case xml.EndElement:
			cur = cur.parent
		case xml.CharData:
			cur.kids = append(cur.kids, string(tok))
		}
	}
	if cur != root {
		t.Fatalf("page ends inside <%s>", cur.name)
	}
	return root
}

// text is all the text inside n, with runs of white space made one space.
func (n *node) text() string {
	var b strings.Builder
	var walk func(*node)
	walk = func(n *node) {
		for _, k := range n.kids {
			switch k := k.(type) {
			case string:
				b.WriteString(k)
			case *node:
				walk(k)
			}
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// all returns the elements under n, n included, that match.
func (n *node) all(match func(*node) bool) []*node {
	var out []*node
	var walk func(*node)
	walk = func(n *node) {
		if match(n) {
			out = append(out, n)
		}
		for _, k := range n.kids {
			if k, ok := k.(*node); ok {
				walk(k)
			}
		}
	}
	walk(n)
	return out
}

// elems returns the elements under n named name.
func (n *node) elems(name string) []*node {
	return n.all(func(e *node) bool { return e.name == name })
}

// with returns the elements under n whose attribute attr is value.
func (n *node) with(attr, value string) []*node {
	return n.all(func(e *node) bool { v, ok := e.attr[attr]; return ok && v == value })
}

// one returns the single element under n whose attribute attr is value.
func (n *node) one(t *testing.T, attr, value string) *node {
	t.Helper()
	found := n.with(attr, value)
	if len(found) != 1 {
		t.Fatalf("%d elements with %s=%q, want 1", len(found), attr, value)
	}
	return found[0]
}

// cells returns the text of the th and td children of a table row.
func (n *node) cells() []string {
	var out []string
	for _, k := range n.kids {
		if k, ok := k.(*node); ok && (k.name == "td" || k.name == "th") {
			out = append(out, k.text())
		}
	}
	return out
}

func (n *node) hasClass(c string) bool {
	for _, f := range strings.Fields(n.attr["class"]) {
		if f == c {
			return true
		}
	}
	return false
}
