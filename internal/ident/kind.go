package ident

import (
	"fmt"
	"strings"
)

// Kind is a kind of identifier. The zero value is not a valid kind, so that
// a forgotten field is noticed.
type Kind int

// The kinds of identifier, in the default waterfall order: a profile URL
// matches best, a uid is the last resort because few sheets carry one.
const (
	LinkedIn Kind = iota + 1
	Email
	Phone
	UID
)

// Kinds lists every kind in the default waterfall order.
var Kinds = []Kind{LinkedIn, Email, Phone, UID}

// String returns the name used on the command line and in reports.
func (k Kind) String() string {
	switch k {
	case LinkedIn:
		return "linkedin"
	case Email:
		return "email"
	case Phone:
		return "phone"
	case UID:
		return "uid"
	}
	return fmt.Sprintf("kind(%d)", int(k))
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

func (k Kind) valid() bool { return k >= LinkedIn && k <= UID }

// ParseKind parses a kind name as written on the command line (case and
// surrounding space ignored).
func ParseKind(s string) (Kind, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, k := range Kinds {
		if k.String() == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown identifier kind %q: use linkedin, email, phone or uid", s)
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
