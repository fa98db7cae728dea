package wire

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The service is loose about types: a rating may be 100 or "100", a count
// may be 5120 or "n/a", any field may be null or missing. The types in this
// file absorb that looseness so that decoding a profile never fails because
// of one odd field.

// NA is the sentinel the service sends for values it does not have.
const NA = "n/a"

// Text is a string that decodes from a JSON string, number, boolean or null.
// The sentinel "n/a" and null both decode to the empty string.
type Text string

// UnmarshalJSON implements json.Unmarshaler.
func (t *Text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0, bytes.Equal(b, []byte("null")):
		*t = ""
	case b[0] == '"':
		s, ok := plainString(b)
		if !ok {
			if err := json.Unmarshal(b, &s); err != nil {
				return err
			}
		}
		*t = normalText(s)
	case b[0] == '{' || b[0] == '[':
		// An object or array where text was expected carries nothing we can
		// show; keep the zero value rather than failing the whole profile.
		*t = ""
	default:
		*t = Text(b)
	}
	return nil
}

// normalText is the text of a decoded JSON string: the sentinel "n/a"
// is no value.
func normalText(s string) Text {
	if strings.EqualFold(strings.TrimSpace(s), NA) {
		return ""
	}
	return Text(s)
}

// plainString returns the value of the JSON string b when it needs no
// decoding (no escape, no control character, valid UTF-8), as most of a
// profile's strings do, and whether it did.
func plainString(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	in := b[1 : len(b)-1]
	for _, c := range in {
		if c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	if !utf8.Valid(in) {
		return "", false
	}
	return string(in), true
}

// plainStrings returns the items of the JSON array b when every item is
// a string that needs no decoding (see plainString), as a profile's lists
// of skills mostly are, and whether they were.
func plainStrings(b []byte) ([]Text, bool) {
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return nil, false
	}
	var items []Text
	rest := bytes.TrimSpace(b[1 : len(b)-1])
	for len(rest) > 0 {
		if rest[0] != '"' {
			return nil, false
		}
		end := bytes.IndexByte(rest[1:], '"')
		if end < 0 {
			return nil, false
		}
		s, ok := plainString(rest[:end+2])
		if !ok {
			return nil, false
		}
		items = append(items, normalText(s))
		rest = bytes.TrimSpace(rest[end+2:])
		if len(rest) > 0 {
			if rest[0] != ',' {
				return nil, false
			}
			rest = bytes.TrimSpace(rest[1:])
			if len(rest) == 0 {
				return nil, false // a trailing comma
			}
		}
	}
	return items, true
}

// String returns the text.
func (t Text) String() string { return string(t) }

// Number is a number that decodes from a JSON number, a numeric string, null
// or "n/a". Valid reports whether a number was present.
type Number struct {
	Value float64
	Valid bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *Number) UnmarshalJSON(b []byte) error {
	*n = Number{}
	b = bytes.TrimSpace(b)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		return nil
	}
	s := string(b)
	if b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return nil // "n/a", "", "about 50", "NaN", "Infinity": no number, not an error
	}
	*n = Number{Value: v, Valid: true}
	return nil
}

// MarshalJSON implements json.Marshaler: null when not valid.
func (n Number) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, n.Value, 'f', -1, 64), nil
}

// Int returns the value truncated to an integer, and whether it was
// present and fits one: 1e300 is no count the service can mean.
func (n Number) Int() (int64, bool) {
	if !n.Valid || n.Value >= math.MaxInt64 || n.Value <= math.MinInt64 {
		return 0, false
	}
	return int64(n.Value), true
}

// TextList is a list of strings that decodes from a JSON array (null
// elements dropped), a single string, or null.
type TextList []string

// UnmarshalJSON implements json.Unmarshaler.
func (l *TextList) UnmarshalJSON(b []byte) error {
	*l = nil
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '[' {
		var t Text
		if err := t.UnmarshalJSON(b); err != nil {
			return err
		}
		if t != "" {
			*l = TextList{string(t)}
		}
		return nil
	}
	items, ok := plainStrings(b)
	if !ok {
		if err := json.Unmarshal(b, &items); err != nil {
			return err
		}
	}
	for _, it := range items {
		if it != "" {
			*l = append(*l, string(it))
		}
	}
	return nil
}
