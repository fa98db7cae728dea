package sinks

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
	digit, start := false, true // start: at the beginning of a list item
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digit, start = true, false
		case c == ';':
			if !digit {
				return false
			}
			digit, start = false, true
		case start && (c == ' ' || c == '+' || c == '-'):
			// spaces and a sign before an item of a list
		case c == ' ' || c == '.' || c == ',' || c == '-' || c == '/' || c == '(' || c == ')':
			start = false
		default:
			return false
		}
	}
	return digit
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
