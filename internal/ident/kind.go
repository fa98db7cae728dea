package ident

import (
	"fmt"
	"strings"
)

// Kind is a kind of identifier. The zero value is not a valid kind, so that
// a forgotten field is noticed.
type Kind int

// String returns the name used on the command line and in reports.
func (k Kind) String() string {
	if !k.valid() {
		return fmt.Sprintf("kind(%d)", int(k))
	}
	return specs[k].name
}

// MarshalText implements encoding.TextMarshaler, so that kinds read well
// in JSON reports.
func (k Kind) MarshalText() ([]byte, error) {
	if !k.valid() {
		return nil, fmt.Errorf("marshal identifier kind: unknown kind %d", int(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *Kind) UnmarshalText(b []byte) error {
	parsed, err := ParseKind(string(b))
	if err != nil {
		return err
	}
	*k = parsed
	return nil
}

func (k Kind) valid() bool { return k >= LinkedIn && int(k) < len(specs) }

// ParseKind parses a kind name as written on the command line (case and
// surrounding space ignored).
func ParseKind(s string) (Kind, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, k := range Kinds {
		if k.String() == name {
			return k, nil
		}
	}
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = k.String()
	}
	return 0, fmt.Errorf("unknown identifier kind %q: use %s or %s", s, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// Order returns the waterfall order: the preferred kinds first, in the order
// given, then the remaining kinds in their default order. Duplicates in
// prefer are ignored.
func Order(prefer []Kind) []Kind {
	order := make([]Kind, 0, len(Kinds))
	seen := make(map[Kind]bool, len(Kinds))
	for _, k := range append(append([]Kind(nil), prefer...), Kinds...) {
		if k.valid() && !seen[k] {
			seen[k] = true
			order = append(order, k)
		}
	}
	return order
}
