package ident

// The fast path: almost every address in a sheet is plain ASCII, and for
// those the checks of NormalizeEmail come down to one pass over the bytes,
// without splitting the domain or decoding runes. fastEmailValid accepts
// what the slow checks accept and leaves everything else (other scripts,
// every address to refuse with a reason) to them. TestFastEmailAgrees and
// FuzzNormalizeEmail hold the two to the same answers.

// atextASCII marks the ASCII bytes of an unquoted local part (isAtext).
var atextASCII = func() (t [128]bool) {
	for c := range 128 {
		t[c] = isAtext(rune(c))
	}
	return t
}()

// fastEmailValid reports whether s, trimmed and lower-cased, is a plain
// ASCII address the slow checks accept; false when it cannot tell.
func fastEmailValid(s string) bool {
	if len(s) == 0 || len(s) > 254 {
		return false
	}
	at := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return false
		}
		if c == '@' {
			if at >= 0 {
				return false
			}
			at = i
		}
	}
	if at <= 0 || at > 64 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if local[0] == '.' || local[len(local)-1] == '.' {
		return false
	}
	for i := 0; i < len(local); i++ {
		c := local[i]
		if c == '.' {
			if local[i+1] == '.' {
				return false
			}
			continue
		}
		if !atextASCII[c] {
			return false
		}
	}
	if len(domain) == 0 || len(domain) > 253 {
		return false
	}
	labels, start, letters := 0, 0, true
	for i := 0; i <= len(domain); i++ {
		if i < len(domain) && domain[i] != '.' {
			c := domain[i]
			switch {
			case 'a' <= c && c <= 'z':
			case '0' <= c && c <= '9', c == '-':
				letters = false
			default:
				return false
			}
			continue
		}
		label := domain[start:i]
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		labels++
		if i == len(domain) {
			// The top-level domain: letters only, or punycode.
			if len(label) < 2 || !letters && !(len(label) > 4 && label[:4] == "xn--") {
				return false
			}
		}
		start, letters = i+1, true
	}
	return labels >= 2
}
