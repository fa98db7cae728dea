package untrusted

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The escapes a hostile service sends to a terminal, and the characters
// that hide or reorder text in a file.
const (
	title     = "\x1b]0;pwned\x07"                   // sets the window title
	clipboard = "\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07" // writes the clipboard (OSC 52)
	clear     = "\x1b[2J\x1b[H"                      // clears the screen
	csi       = "\u009b31m"                          // a C1 control sequence introducer
)

func TestMessage(t *testing.T) {
	long := strings.Repeat("é", MaxMessage) // 2 bytes a rune: cut inside one if cut by bytes
	for _, tc := range []struct {
		name, in, want string
	}{
		{"plain", "Location is not recognized", "Location is not recognized"},
		{"empty", "", ""},
		{"spaces at the ends", "  no credits \n", "no credits"},
		{"a window title and a clipboard write", "bad" + title + clipboard + " request", "bad]0;pwned]52;c;Y3VybCBldmlsIHwgc2g= request"},
		{"a cleared screen and a forged line", "denied" + clear + "\r\nall 11 rows found", "denied[2J[H all 11 rows found"},
		{"C1 and DEL", "a" + csi + "\x7fb", "a31mb"},
		{"NUL", "nul\x00here", "nulhere"},
		{"bidi overrides and isolates", "exe.\u202etxt\u2066x\u2069\u202a\u202b\u202c\u202d", "exe.txtx"},
		{"bidi marks", "\u200eleft\u200f right\u061c", "left right"},
		{"line breaks and tabs are one space", "one\r\n\ttwo\u2028three\u2029four\u0085five", "one two three four five"},
		{"a space beside a break is kept", "a \n b", "a   b"},
		{"not UTF-8", "bad \xff\xfe byte", "bad \ufffd\ufffd byte"},
		{"scripts stay", "Zoë 王小明 محمد — 🦊", "Zoë 王小明 محمد — 🦊"},
		{"exactly the bound", strings.Repeat("x", MaxMessage), strings.Repeat("x", MaxMessage)},
		{"one byte over", strings.Repeat("x", MaxMessage+1), strings.Repeat("x", MaxMessage-len("… [cut: 4097 bytes]")) + "… [cut: 4097 bytes]"},
		{"cut on a rune boundary", long, long[:(MaxMessage-len("… [cut: 8192 bytes]"))/2*2] + "… [cut: 8192 bytes]"},
		{"hidden characters do not count", strings.Repeat("\x00", 2*MaxMessage) + "ok", "ok"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Message(tc.in)
			if got != tc.want {
				t.Errorf("Message(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			if len(got) > MaxMessage {
				t.Errorf("%d bytes, more than %d", len(got), MaxMessage)
			}
		})
	}
}

// TestMessageHuge: eight megabytes of escapes come out as one bounded
// line, read no further than the bound needs.
func TestMessageHuge(t *testing.T) {
	in := strings.Repeat("reason"+title+clipboard+clear+"\u202e\x00\n", 8<<20/64)
	got := Message(in)
	if len(got) > MaxMessage || !strings.HasSuffix(got, " bytes]") || strings.ContainsAny(got, "\x1b\x07\x00\n\u202e") {
		t.Errorf("got %d bytes ending %q", len(got), got[max(0, len(got)-40):])
	}
	if allocs := testing.AllocsPerRun(5, func() { Message(in) }); allocs > 4 {
		t.Errorf("%v allocations for a huge message", allocs)
	}
}

func TestText(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"plain", "Jane Doe", "Jane Doe"},
		{"lines and tabs are data", "Engineer\n\tSpeaker", "Engineer\n\tSpeaker"},
		{"CR LF is a line feed", "one\r\ntwo\rthree", "one\ntwothree"},
		{"escapes", "Jane" + title + clear + clipboard, "Jane]0;pwned[2J[H]52;c;Y3VybCBldmlsIHwgc2g="},
		{"C1, DEL and NUL", "a" + csi + "\x7f\x00b", "a31mb"},
		{"bidi", "\u202eRTL\u202c \u2067iso\u2069 \u200emark\u200f\u061c", "RTL iso mark"},
		{"scripts stay", "محمد بن سلمان — Zoë\u0301", "محمد بن سلمان — Zoë\u0301"},
		{"no bound", strings.Repeat("x", 3*MaxMessage), strings.Repeat("x", 3*MaxMessage)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Text(tc.in); got != tc.want {
				t.Errorf("Text(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestHidden names every character the package drops: the guard a
// mutation of Hidden or Bidi must break.
func TestHidden(t *testing.T) {
	hidden := []rune{0x00, 0x07, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9b, 0x9f,
		0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069}
	shown := []rune{' ', 'a', '~', 0xa0, 0xe9, 0x061b, 0x061d, 0x200d, 0x2010, 0x2029, 0x202f, 0x2065, 0x206a, 0xfffd}
	for _, r := range hidden {
		if !Hidden(r) {
			t.Errorf("Hidden(%U) = false", r)
		}
	}
	for _, r := range shown {
		if Hidden(r) {
			t.Errorf("Hidden(%U) = true", r)
		}
	}
}

// FuzzMessage holds Message to its promise whatever the service sends:
// valid UTF-8, one line, no hidden character, within the bound, the same
// when cleaned again, and a plain short line left as it is. The input is
// s said times+1 times, so that small inputs (which the fuzzer minimizes
// quickly) reach past the bound.
func FuzzMessage(f *testing.F) {
	f.Add("Location is not recognized", uint8(0))
	f.Add("x"+title+clipboard+clear+csi+"\u202e\x00\r\n\t\u2028\xff", uint8(3))
	f.Add("é\n", uint8(255))
	f.Add("ab c€ ", uint8(200))
	f.Fuzz(func(t *testing.T, part string, times uint8) {
		s := strings.Repeat(part, 1+int(times)*min(1, 1<<16/max(1, len(part))))
		got := Message(s)
		if !utf8.ValidString(got) || len(got) > MaxMessage {
			t.Fatalf("Message(%q) = %q: %d bytes, valid UTF-8 %v", s, got, len(got), utf8.ValidString(got))
		}
		if i := strings.IndexFunc(got, func(r rune) bool { return Hidden(r) || breaks(r) }); i >= 0 {
			t.Fatalf("Message(%q) = %q holds %U", s, got, []rune(got[i:])[0])
		}
		if again := Message(got); again != got {
			t.Fatalf("Message(%q) = %q, cleaned again %q", s, got, again)
		}
		if plainLine(s) && got != s {
			t.Fatalf("Message(%q) = %q changed a plain line", s, got)
		}
	})
}

// FuzzText holds Text to dropping every hidden character but tab and
// line feed, and nothing else.
func FuzzText(f *testing.F) {
	f.Add("Jane" + title + "\r\n\t" + csi + "\u202eDoe\x00")
	f.Add("محمد — Zoë\u0301")
	f.Fuzz(func(t *testing.T, s string) {
		got := Text(s)
		if strings.IndexFunc(got, hiddenInText) >= 0 {
			t.Fatalf("Text(%q) = %q holds a hidden character", s, got)
		}
		if again := Text(got); again != got {
			t.Fatalf("Text(%q) = %q, cleaned again %q", s, got, again)
		}
		kept := strings.Map(func(r rune) rune {
			if hiddenInText(r) || r == '\r' {
				return -1
			}
			return r
		}, s)
		if utf8.ValidString(s) && got != kept {
			t.Fatalf("Text(%q) = %q, want %q: only hidden characters go", s, got, kept)
		}
	})
}
