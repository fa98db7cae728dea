package export

import (
	"fmt"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/sinks"
)

// ParseAppend reads --append: "all" (the default: every enrich_* column,
// as before), "none", or the columns to append, named with or without
// their enrich_ prefix ("status,email,phone"). It returns nil for all,
// an empty list for none, else the columns' names, checked against every
// column an export may append.
func ParseAppend(s string) ([]string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "all":
		return nil, nil
	case "none":
		return []string{}, nil
	}
	known := appendable()
	var out []string
	for _, name := range strings.Split(s, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		if !strings.HasPrefix(name, "enrich_") {
			name = "enrich_" + name
		}
		if !slices.Contains(known, name) {
			return nil, fmt.Errorf("--append %q: no column %s; the columns are %s, or all, or none", s, name, strings.Join(trimmed(known), ", "))
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	if out == nil {
		return nil, fmt.Errorf("--append %q: name the columns to append, or all, or none", s)
	}
	return out, nil
}

// appendable are the names of every column an export may append.
func appendable() []string {
	var names []string
	for _, c := range withMatchColumn(RefreshColumns()) {
		names = append(names, c.Name)
	}
	return names
}

// trimmed are names without their enrich_ prefix, as --append takes them.
func trimmed(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.TrimPrefix(n, "enrich_")
	}
	return out
}

// appended keeps of columns those --append names, in their own order.
func appended(columns []sinks.Column, names []string) []sinks.Column {
	if names == nil {
		return columns
	}
	out := []sinks.Column{}
	for _, c := range columns {
		if slices.Contains(names, c.Name) {
			out = append(out, c)
		}
	}
	return out
}
