package sources

import (
	"fmt"
	"strings"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/sheet"
)

// override is one "KIND=HEADER" option; kind 0 with mixed set is
// "auto=HEADER", a column of mixed identifiers, and a field set names a
// person column ("company=Organisation").
type override struct {
	spec   string
	kind   ident.Kind
	mixed  bool
	field  sheet.Field
	header string
}

func parseOverrides(specs []string) ([]override, error) {
	out := make([]override, 0, len(specs))
	for _, spec := range specs {
		k, h, ok := strings.Cut(spec, "=")
		if !ok || strings.TrimSpace(h) == "" {
			return nil, fmt.Errorf("column override %q: write KIND=HEADER, e.g. email=Work Email", spec)
		}
		if f, ok := parseField(k); ok {
			out = append(out, override{spec: spec, field: f, header: h})
			continue
		}
		if isAuto(k) {
			out = append(out, override{spec: spec, mixed: true, header: h})
			continue
		}
		kind, err := ident.ParseKind(k)
		if err != nil {
			return nil, fmt.Errorf("column override %q: %w", spec, err)
		}
		out = append(out, override{spec: spec, kind: kind, header: h})
	}
	return out, nil
}

// matchHeader returns the columns an override names: every column whose
// header is the one given; else the column whose distinct name it is (so
// "Email_2" picks the second of two "Email" columns, "column_4" an
// unnamed fourth); else every column whose header is the same once case,
// spacing and punctuation are ignored.
func matchHeader(layout Layout, header string) []int {
	var out []int
	for i, h := range layout.Header {
		if strings.TrimSpace(h) == strings.TrimSpace(header) && strings.TrimSpace(h) != "" {
			out = append(out, i)
		}
	}
	if len(out) > 0 {
		return out
	}
	for i, n := range layout.Names {
		if n == header {
			return []int{i}
		}
	}
	want := headerKey(header)
	for i, h := range layout.Header {
		if want != "" && headerKey(h) == want {
			out = append(out, i)
		}
	}
	return out
}

// isAuto reports whether a --column kind is "auto": each cell's kind is
// decided on its own.
func isAuto(kind string) bool { return strings.EqualFold(strings.TrimSpace(kind), "auto") }
