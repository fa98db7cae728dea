package sheetxml

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"strconv"
)

// Cell is one <c> element of a row.
type Cell struct {
	Col   int    // 1-based column from its reference, or 0 when it has none
	Type  string // the t attribute: "s", "inlineStr", "str", "b", "e", "d", or "" / "n" for a number
	Style int    // the s attribute
	Value string // the <v> text, or an inline string's text, unescaped
}

// RowNumber returns the r attribute of a row element, or 0.
func RowNumber(row []byte) int {
	end := bytes.IndexByte(row, '>')
	if end < 0 {
		return 0
	}
	v, ok := attr(row[:end], "r")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(string(v))
	return n
}

// Cells calls fn for each cell of a row element, in order.
func Cells(row []byte, prefix string, fn func(Cell) error) error {
	open := []byte("<" + prefix + "c")
	closeTag := []byte("</" + prefix + "c>")
	start := bytes.IndexByte(row, '>')
	if start <= 0 || row[start-1] == '/' {
		return nil
	}
	rest := row[start+1:]
	for {
		i := bytes.Index(rest, open)
		if i < 0 {
			return nil
		}
		rest = rest[i:]
		if len(rest) <= len(open) || !isSpaceOrEnd(rest[len(open)]) {
			rest = rest[len(open):]
			continue
		}
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			return errors.New("a cell's tag is not closed")
		}
		tag := rest[:end+1]
		var body []byte
		if rest[end-1] == '/' {
			rest = rest[end+1:]
		} else {
			j := bytes.Index(rest[end+1:], closeTag)
			if j < 0 {
				return errors.New("a cell is not closed")
			}
			body = rest[end+1 : end+1+j]
			rest = rest[end+1+j+len(closeTag):]
		}
		c := Cell{}
		if v, ok := attr(tag, "r"); ok {
			c.Col = column(v)
		}
		if v, ok := attr(tag, "t"); ok {
			c.Type = string(v)
		}
		if v, ok := attr(tag, "s"); ok {
			c.Style, _ = strconv.Atoi(string(v))
		}
		var err error
		if c.Type == "inlineStr" {
			c.Value, err = Text(element(body, prefix, "is"), prefix)
		} else {
			c.Value, err = unescape(element(body, prefix, "v"))
		}
		if err != nil {
			return err
		}
		if err := fn(c); err != nil {
			return err
		}
	}
}

func isSpaceOrEnd(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '>' || b == '/'
}

// element returns the content of the first child element name of body.
func element(body []byte, prefix, name string) []byte {
	open := []byte("<" + prefix + name)
	for off := 0; ; {
		i := bytes.Index(body[off:], open)
		if i < 0 {
			return nil
		}
		i += off
		after := i + len(open)
		if after >= len(body) || !isSpaceOrEnd(body[after]) {
			off = after
			continue
		}
		end := bytes.IndexByte(body[i:], '>')
		if end < 0 {
			return nil
		}
		end += i
		if body[end-1] == '/' {
			return nil
		}
		closeTag := []byte("</" + prefix + name + ">")
		j := bytes.Index(body[end+1:], closeTag)
		if j < 0 {
			return nil
		}
		return body[end+1 : end+1+j]
	}
}

// Text returns the text of a rich or plain string item (the content of
// <si> or <is>): its <t> elements, phonetic runs (<rPh>) left out.
func Text(item []byte, prefix string) (string, error) {
	b, err := AppendText(nil, item, prefix)
	return string(b), err
}

// AppendText appends the text of an item, as Text reads it, to dst. With
// one buffer for all, reading a table of millions of items allocates
// nothing an item (but for items with entities).
func AppendText(dst, item []byte, prefix string) ([]byte, error) {
	t := []byte("<" + prefix + "t")
	rph := []byte("<" + prefix + "rPh")
	rphEnd := []byte("</" + prefix + "rPh>")
	tEnd := []byte("</" + prefix + "t>")
	for len(item) > 0 {
		i := bytes.Index(item, t)
		if i < 0 {
			break
		}
		if r := bytes.Index(item[:i], rph); r >= 0 {
			e := bytes.Index(item[r:], rphEnd)
			if e < 0 {
				break
			}
			item = item[r+e+len(rphEnd):]
			continue
		}
		item = item[i+len(t):]
		if len(item) == 0 || !isSpaceOrEnd(item[0]) {
			continue
		}
		end := bytes.IndexByte(item, '>')
		if end < 0 {
			break
		}
		if end > 0 && item[end-1] == '/' {
			item = item[end+1:]
			continue
		}
		j := bytes.Index(item[end+1:], tEnd)
		if j < 0 {
			break
		}
		var err error
		if dst, err = appendUnescaped(dst, item[end+1:end+1+j]); err != nil {
			return dst, err
		}
		item = item[end+1+j+len(tEnd):]
	}
	return dst, nil
}

// unescape decodes XML character data.
func unescape(b []byte) (string, error) {
	if bytes.IndexByte(b, '&') < 0 {
		return string(b), nil
	}
	out, err := appendUnescaped(nil, b)
	return string(out), err
}

// appendUnescaped appends XML character data, decoded, to dst.
func appendUnescaped(dst, b []byte) ([]byte, error) {
	if bytes.IndexByte(b, '&') < 0 {
		return append(dst, b...), nil
	}
	if bytes.Contains(b, []byte("<![CDATA[")) {
		return dst, fmt.Errorf("CDATA in a cell is not supported")
	}
	return append(dst, html.UnescapeString(string(b))...), nil
}

// attr returns the value of attribute name in a start tag: the name
// after a space, tab or line break, then "=".
func attr(tag []byte, name string) ([]byte, bool) {
	key := []byte(name + "=")
	for off := 0; off < len(tag); {
		i := bytes.Index(tag[off:], key)
		if i < 0 {
			return nil, false
		}
		i += off
		if i > 0 && (tag[i-1] == ' ' || tag[i-1] == '\t' || tag[i-1] == '\n' || tag[i-1] == '\r') {
			return quoted(tag[i+len(key):])
		}
		off = i + len(key)
	}
	return nil, false
}

func quoted(b []byte) ([]byte, bool) {
	if len(b) == 0 || b[0] != '"' && b[0] != '\'' {
		return nil, false
	}
	end := bytes.IndexByte(b[1:], b[0])
	if end < 0 {
		return nil, false
	}
	return b[1 : 1+end], true
}

// column returns the 1-based column of a cell reference such as "AB12".
func column(ref []byte) int {
	n := 0
	for _, c := range ref {
		switch {
		case c >= 'A' && c <= 'Z':
			n = n*26 + int(c-'A') + 1
		case c >= 'a' && c <= 'z':
			n = n*26 + int(c-'a') + 1
		default:
			return n
		}
	}
	return n
}
