// Package fill holds what a user says of writing the found people into a
// sheet's own columns (--fill): the fields a column may hold and the rule
// of each, in the words the command line and enrich mcp's tools share.
package fill

import (
	"fmt"
	"strings"
)

// Field is what a sheet's own column may be filled with from the
// person a row found (--fill): a contact, a part of the name, the role,
// the place, the profile link.
type Field string

// The fields a column may be filled with.
const (
	Email         Field = "email"          // the work e-mail, else the first personal, else one of no kind
	PersonalEmail Field = "personal_email" // the personal e-mail
	Phone         Field = "phone"          // the best phone (a work column: the work phone)
	Mobile        Field = "mobile"         // the mobile
	Title         Field = "title"
	Company       Field = "company"
	Location      Field = "location"
	City          Field = "city"
	Country       Field = "country"
	LinkedIn      Field = "linkedin"
	FirstName     Field = "first_name"
	LastName      Field = "last_name"
	FullName      Field = "full_name"
	Headline      Field = "headline"
)

// Fields lists the fields in the order a plan and a report show them.
var Fields = []Field{Email, PersonalEmail, Phone, Mobile, Title, Company,
	Location, City, Country, LinkedIn, FirstName, LastName, FullName, Headline}

// ParseField reads a field as a user types it ("email", "Job-Title"
// is not one: "title" is), or says which there are.
func ParseField(s string) (Field, error) {
	key := fold(s)
	for _, f := range Fields {
		if fold(string(f)) == key {
			return f, nil
		}
	}
	names := make([]string, len(Fields))
	for i, f := range Fields {
		names[i] = string(f)
	}
	return "", fmt.Errorf("unknown field %q: the fields are %s", s, strings.Join(names, ", "))
}

// Rule says what a run may write into a cell of the sheet's own
// column of a field (--fill).
type Rule string

// The rules.
const (
	// Blank writes only into an empty cell (or one holding a
	// placeholder such as "n/a").
	Blank Rule = "blank"
	// Overwrite writes where the found value differs from the cell's.
	Overwrite Rule = "overwrite"
	// Never leaves the column as it is.
	Never Rule = "never"
)

// Rules are what a user says of filling the sheet's own columns: the rule
// of every field the sheet has a column for, the rules of single fields,
// the columns named, how sure a match by name must be, and the column of
// the CRM's record id. The zero Rules fill nothing: the output is today's.
type Rules struct {
	Default Rule             // every field's rule, "" for never
	Rules   map[Field]Rule   // a field's own rule
	Columns map[Field]string // a field's column, named (--fill-column)
	// Medium lets a match by name of medium confidence fill too
	// (--fill-confidence medium); high confidence only otherwise.
	Medium bool
	// RecordID names the column of the CRM's key of a row (--record-id),
	// for the list of filled cells; "" finds it by its header.
	RecordID string
}

// ParseFill reads the flags of filling: --fill (RULE, or FIELD=RULE,
// repeatable, comma-separated), --fill-column (FIELD=HEADER),
// --fill-confidence (high or medium) and --record-id, in the words of
// the command line, which enrich mcp's tools share.
func Parse(rules, columns []string, confidence, recordID string) (Rules, error) {
	f := Rules{Rules: map[Field]Rule{}, Columns: map[Field]string{}, RecordID: recordID}
	for _, spec := range splitList(rules) {
		field, rule, named := strings.Cut(spec, "=")
		if !named {
			rule = field
		}
		r, err := parseRule(rule)
		if err != nil {
			return Rules{}, fmt.Errorf("--fill %q: %w", spec, err)
		}
		if !named {
			if f.Default != "" && f.Default != r {
				return Rules{}, fmt.Errorf("--fill %q: the rule of every field is given twice (%s and %s)", spec, f.Default, r)
			}
			f.Default = r
			continue
		}
		ff, err := ParseField(field)
		if err != nil {
			return Rules{}, fmt.Errorf("--fill %q: %w", spec, err)
		}
		if prev, ok := f.Rules[ff]; ok && prev != r {
			return Rules{}, fmt.Errorf("--fill %q: %s is given two rules (%s and %s)", spec, ff, prev, r)
		}
		f.Rules[ff] = r
	}
	for _, spec := range columns {
		field, header, ok := strings.Cut(spec, "=")
		if !ok || strings.TrimSpace(header) == "" {
			return Rules{}, fmt.Errorf("--fill-column %q: write FIELD=HEADER, such as email=\"Work Email\"", spec)
		}
		ff, err := ParseField(field)
		if err != nil {
			return Rules{}, fmt.Errorf("--fill-column %q: %w", spec, err)
		}
		f.Columns[ff] = header
	}
	switch confidence {
	case "", "high":
	case "medium":
		f.Medium = true
	default:
		return Rules{}, fmt.Errorf("--fill-confidence %q: use high (the default) or medium", confidence)
	}
	if len(rules) == 0 && (len(f.Columns) > 0 || f.Medium) {
		return Rules{}, fmt.Errorf("--fill-column and --fill-confidence say how to fill: give --fill too, such as --fill blank")
	}
	return f, nil
}

// splitList splits the values of a repeatable flag at commas.
func splitList(values []string) []string {
	var out []string
	for _, v := range values {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

func parseRule(s string) (Rule, error) {
	switch r := Rule(strings.ToLower(strings.TrimSpace(s))); r {
	case Blank, Overwrite, Never:
		return r, nil
	}
	return "", fmt.Errorf("%q is no rule: use blank (write only into an empty cell), overwrite (write where the found value differs) or never", s)
}

// On reports whether any field may be filled.
func (f Rules) On() bool {
	if f.Default != "" && f.Default != Never {
		return true
	}
	for _, r := range f.Rules {
		if r != Never {
			return true
		}
	}
	return false
}

// Rule is the rule of a field.
func (f Rules) Rule(field Field) Rule {
	if r, ok := f.Rules[field]; ok {
		return r
	}
	if f.Default == "" {
		return Never
	}
	return f.Default
}

// fold folds a field's name as a user may type it: "First-Name",
// "first_name" and "firstname" are one.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
