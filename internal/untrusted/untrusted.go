// Package untrusted makes the service's words safe to show and to store.
//
// What the service says is untrusted text: an error body, an item's
// status, a profile's name may hold terminal escape sequences (a window
// title, a write to the clipboard with OSC 52, a cleared screen), NUL,
// bidirectional overrides that show text in another order than it is
// stored, or megabytes where a sentence was expected. The client cleans a
// message once, where it reads the service's words (package api and its
// wire types), so that the journal, the outputs, the report and the
// terminal downstream only ever get clean text.
//
// Two kinds of text, two rules:
//
//   - Message is what the service says about a request (an error's
//     reason, a status): one line of at most MaxMessage bytes, cut on a
//     rune boundary with a mark that says so.
//   - Text is data the service sends (a name, a title): kept whole, its
//     tabs and line feeds kept (a cell may hold several lines), every
//     other control character and every bidirectional control dropped.
package untrusted

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxMessage bounds a message in bytes, its cut mark included: a sentence
// of the service is never this long, and a row's error cell, a journal
// record or a line of the terminal stays readable.
const MaxMessage = 4 << 10

// cutMark ends a message that was cut; the length in bytes of the whole
// follows it.
const cutMark = "… [cut: "

// Message returns s as one line that is safe to show and to store: every
// line break, tab or other C0 control, DEL, C1 control and bidirectional
// control is gone (a run of line breaks and tabs becomes one space, the
// others are dropped), bytes that are not UTF-8 become U+FFFD, spaces at
// either end are trimmed, and what is longer than MaxMessage bytes is cut
// on a rune boundary and marked "… [cut: N bytes]", N the length of s.
// Message(Message(s)) is Message(s).
func Message(s string) string {
	if plainLine(s) {
		return s
	}
	var b strings.Builder
	b.Grow(min(len(s), MaxMessage+utf8.UTFMax))
	space := false // a line break or tab is pending, shown as one space
	cut := false   // the rest of s was not read
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case breaks(r):
			space = true
			continue
		case Hidden(r):
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r) // an invalid byte is written as U+FFFD
		if b.Len() > MaxMessage {
			cut = true // the rest is not read
			break
		}
	}
	out := strings.TrimRightFunc(strings.TrimLeftFunc(b.String(), unicode.IsSpace), unicode.IsSpace)
	if !cut {
		return out
	}
	mark := cutMark + strconv.Itoa(len(s)) + " bytes]"
	keep := min(len(out), MaxMessage-len(mark))
	for keep > 0 && keep < len(out) && !utf8.RuneStart(out[keep]) {
		keep--
	}
	return strings.TrimRightFunc(out[:keep], unicode.IsSpace) + mark
}

// plainLine reports whether s is a message already: printable ASCII
// within the bound, without spaces at its ends. Most of the service's
// words are, and are returned as they are.
func plainLine(s string) bool {
	if len(s) > MaxMessage || s != "" && (s[0] == ' ' || s[len(s)-1] == ' ') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// breaks reports whether r ends a line or spaces text as a control does:
// in a message of one line it becomes a space.
func breaks(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// Text returns s, data from the service such as a name or a title, with
// every control character but tab and line feed dropped (a CR LF becomes
// a line feed), and every bidirectional control: what is left shows as
// it is stored, and moves no terminal. Its length is not bounded.
func Text(s string) string {
	if strings.IndexFunc(s, hiddenInText) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if hiddenInText(r) {
			return -1
		}
		return r
	}, strings.ReplaceAll(s, "\r\n", "\n"))
}

func hiddenInText(r rune) bool { return r != '\t' && r != '\n' && Hidden(r) }

// Hidden reports whether r is a character no message or value of the
// service keeps: a C0 control, DEL, a C1 control, or a bidirectional
// control (see Bidi).
func Hidden(r rune) bool {
	return r < 0x20 || r >= 0x7f && r < 0xa0 || Bidi(r)
}

// Bidi reports whether r is a bidirectional control: an embedding or
// override (U+202A to U+202E), an isolate (U+2066 to U+2069), or a mark
// (U+200E, U+200F, U+061C). Each can make a terminal, a spreadsheet or a
// browser show text in another order than it is stored.
func Bidi(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}
