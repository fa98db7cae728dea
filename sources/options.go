package sources

import (
	"fmt"
	"strings"

	"github.com/enrich-dev/enrich/internal/ident"
)

// ParseOptions checks reading options as a user gives them (on the command
// line or from an assistant) and returns them. Errors name the option:
// column, default region or prefer.
func ParseOptions(sheet string, columns []string, defaultRegion string, prefer []string) (Options, error) {
	opts := Options{Sheet: sheet}
	for _, spec := range columns {
		kind, header, ok := strings.Cut(spec, "=")
		if !ok || strings.TrimSpace(header) == "" {
			return opts, fmt.Errorf("column %q: write KIND=HEADER, such as email=\"Work Email\"", spec)
		}
		if _, person := parseField(kind); !person {
			if _, err := ident.ParseKind(kind); err != nil && !isAuto(kind) {
				return opts, fmt.Errorf("column %q: %w, auto for a column of mixed identifiers, or one of %s for a person's name, company, place or title", spec, err, fieldList())
			}
		}
		opts.Columns = append(opts.Columns, spec)
	}
	region, err := ident.CheckRegion(defaultRegion)
	if err != nil {
		return opts, fmt.Errorf("default region: %w", err)
	}
	opts.DefaultRegion = region
	seen := map[ident.Kind]bool{}
	for _, name := range prefer {
		kind, err := ident.ParseKind(name)
		if err != nil {
			return opts, fmt.Errorf("prefer: %w", err)
		}
		if seen[kind] {
			return opts, fmt.Errorf("prefer: %s is named twice", kind)
		}
		seen[kind] = true
		opts.Prefer = append(opts.Prefer, kind)
	}
	return opts, nil
}
