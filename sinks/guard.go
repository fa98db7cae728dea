package sinks

import "strings"

// Formulaic reports whether a spreadsheet program opening a CSV file would
// take v for a formula, the rule of the formula guard: v starts with "=",
// "@", a tab or a carriage return, or with "+" or "-" followed by anything
// but a number. A number is digits with the punctuation of numbers and
// phones (spaces, ".", ",", "-", "/", parentheses, and the "; " between
// the phones of a list), so -5, +1.5, +1 (415) 555-0123 and
// "+14155550123; +14155550100" are left alone while -cmd and +A1 are not.
func Formulaic(v string) bool {
	if v == "" {
		return false
	}
	switch v[0] {
	case '=', '@', '\t', '\r':
		return true
	case '+', '-':
		return !number(v[1:])
	}
	return false
}

// number reports whether s is a number or phone as the guard allows after
// a sign, or a list of them separated by ";" (each after the first may
// have its own sign): at least one digit in each, and nothing but digits
// and their punctuation. An empty s (a lone sign) is plain text, not a
// formula.
func number(s string) bool {
	if s == "" {
		return true
	}
	for i, part := range strings.Split(s, ";") {
		part = strings.TrimLeft(part, " ")
		if i > 0 && part != "" && (part[0] == '+' || part[0] == '-') {
			part = part[1:]
		}
		digit := false
		for k := 0; k < len(part); k++ {
			switch c := part[k]; {
			case c >= '0' && c <= '9':
				digit = true
			case c == ' ' || c == '.' || c == ',' || c == '-' || c == '/' || c == '(' || c == ')':
			default:
				return false
			}
		}
		if !digit {
			return false
		}
	}
	return true
}

// Neutralize returns v with a leading apostrophe if it is Formulaic, so
// that a spreadsheet shows it as text; other values are returned as they
// are.
func Neutralize(v string) string {
	if Formulaic(v) {
		return "'" + v
	}
	return v
}
