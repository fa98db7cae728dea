package wire

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/enrich-dev/enrich/internal/untrusted"
)

// Result items arrive a hundred at a time, each with a profile of a few to
// tens of kilobytes, and the callback receiver must commit them quickly.
// encoding/json would read every profile four times to find the two short
// fields around it; these helpers read valid JSON once, by its structure
// alone, and leave each profile as the bytes it was.

// ParseResults decodes a JSON array of result items. The whole body is
// validated first; the scan after that can trust its structure.
func ParseResults(body []byte) ([]Result, error) {
	if !json.Valid(body) {
		var v any
		err := json.Unmarshal(body, &v) // for a message that says where
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	elems, err := splitArray(body)
	if err != nil {
		return nil, err
	}
	results := make([]Result, len(elems))
	for i, e := range elems {
		if results[i], err = parseResult(e); err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
	}
	return results, nil
}

// parseResult decodes one result item from valid JSON. Raw and Candidate
// share the input's bytes.
func parseResult(b []byte) (Result, error) {
	var r Result
	fields, err := topLevel(b)
	if err != nil {
		return r, err
	}
	var item, status Text
	if v, ok := fields["item"]; ok {
		if err := item.UnmarshalJSON(v); err != nil {
			return r, fmt.Errorf("item: %w", err)
		}
	}
	if v, ok := fields["status"]; ok {
		if err := status.UnmarshalJSON(v); err != nil {
			return r, fmt.Errorf("status: %w", err)
		}
	}
	// The status is the service's word on the item: an unknown one is
	// shown in the row's error, so it is cleaned and bounded as a message.
	r.Item, r.Status, r.Raw = string(item), Status(untrusted.Message(string(status))), b
	if c, ok := fields["candidate"]; ok && string(c) != "null" {
		r.Candidate = c
	}
	return r, nil
}

var errNotArray = errors.New("not a JSON array")

// splitArray returns the elements of a valid JSON array.
func splitArray(b []byte) ([][]byte, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return nil, errNotArray
	}
	var elems [][]byte
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] != ']' {
		end := valueEnd(b, i)
		elems = append(elems, b[i:end])
		i = skipSpace(b, end)
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return elems, nil
}

// topLevel returns the raw values of a valid JSON object's keys. Keys are
// compared as written; the service writes plain ASCII keys.
func topLevel(b []byte) (map[string][]byte, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, errors.New("not a JSON object")
	}
	fields := make(map[string][]byte, 4)
	i = skipSpace(b, i+1)
	for i < len(b) && b[i] != '}' {
		keyEnd := valueEnd(b, i)
		key := b[i+1 : keyEnd-1]
		i = skipSpace(b, keyEnd)
		i = skipSpace(b, i+1) // the colon
		end := valueEnd(b, i)
		fields[string(key)] = b[i:end]
		i = skipSpace(b, end)
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return fields, nil
}

// valueEnd returns the index just past the valid JSON value at b[i].
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = stringEnd(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	for ; i < len(b); i++ { // a number, true, false or null
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return len(b)
}

// stringEnd returns the index just past the string that starts at b[i].
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}
