// Package redact hides the secrets a URL can carry before it is shown in
// a report, a log line or an error: the password of its user
// information, and the values of query parameters named like secrets
// (key, token, secret, password, signature…). What is hidden reads
// xxxxx, so that the reader still sees which address was used and that
// it carried a secret.
//
// URL redacts one address (a flag's value); Text every address in a
// free text (an error message); NewHandler every log record.
package redact

import (
	"net/url"
	"strings"
)

// Mask replaces what is hidden.
const Mask = "xxxxx"

// URL returns raw with the password of its user information
// (user:xxxxx@host) and the values of its secret query parameters
// replaced by Mask. Anything else is kept as it was written, so that a
// URL without secrets comes back unchanged. A value that does not parse
// as a URL, such as user:pass@host without a scheme, is redacted as well
// as it can be: everything before its last @ but the user's name.
func URL(raw string) string {
	return redact(raw, true)
}

// Text returns s with every URL in it (each scheme://… up to a space or
// a quote) redacted as URL does.
func Text(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "://")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		start := i
		for start > 0 && isSchemeByte(s[start-1]) {
			start--
		}
		end := i + 3
		for end < len(s) && !isDelimiter(s[end]) {
			end++
		}
		// Closing punctuation after an address belongs to the sentence.
		for end > i+3 && strings.IndexByte(".,;:!)]}", s[end-1]) >= 0 {
			end--
		}
		b.WriteString(s[:start])
		b.WriteString(redact(s[start:end], false))
		s = s[end:]
	}
}

// redact hides the secrets of one address. Loose is for an address
// alone, where an @ beyond the authority can only be a badly written
// password; in a text it may as well be part of a path.
func redact(raw string, loose bool) string {
	body, tail := raw, ""
	if i := strings.IndexAny(body, "?#"); i >= 0 {
		body, tail = body[:i], body[i:]
	}
	authStart := 0
	if i := strings.Index(body, "://"); i >= 0 {
		authStart = i + 3
	}
	authEnd := len(body)
	if i := strings.IndexByte(body[authStart:], '/'); i >= 0 {
		authEnd = authStart + i
	}
	at := strings.LastIndexByte(body[authStart:authEnd], '@')
	if at < 0 && loose {
		if _, err := url.Parse(raw); err != nil || authStart == 0 {
			at = strings.LastIndexByte(body[authStart:], '@')
		}
	}
	if at >= 0 {
		userinfo := body[authStart : authStart+at]
		if user, password, _ := strings.Cut(userinfo, ":"); password != "" {
			body = body[:authStart] + user + ":" + Mask + body[authStart+at:]
		}
	}
	return body + redactParams(tail)
}

// redactParams hides the values of secret parameters in a query or a
// fragment ("?a=1&token=x#k=v"), keeping everything else as written.
func redactParams(tail string) string {
	if tail == "" {
		return ""
	}
	var b strings.Builder
	for tail != "" {
		// tail starts with ? or #: the parameters run to the next #.
		b.WriteByte(tail[0])
		part := tail[1:]
		tail = ""
		if i := strings.IndexByte(part, '#'); i >= 0 {
			part, tail = part[:i], part[i:]
		}
		for j, p := range strings.Split(part, "&") {
			if j > 0 {
				b.WriteByte('&')
			}
			name, value, ok := strings.Cut(p, "=")
			switch {
			case ok && value != "" && secretName(name):
				p = name + "=" + Mask
			case ok && strings.Contains(value, "://"):
				p = name + "=" + Text(value) // an address in an address
			}
			b.WriteString(p)
		}
	}
	return b.String()
}

// secretName reports whether a parameter's name says that its value is
// a secret: key, token, secret, password, apikey, api_key, sig,
// signature, and names made of them (access_token, X-Amz-Signature).
func secretName(name string) bool {
	if n, err := url.QueryUnescape(name); err == nil {
		name = n
	}
	n := strings.ReplaceAll(strings.ToLower(name), "-", "_")
	switch n {
	case "key", "sig", "pwd", "pass", "auth", "code":
		return true
	}
	for _, w := range []string{"token", "secret", "passw", "signature", "apikey", "api_key", "credential", "session"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return strings.HasSuffix(n, "_key") || strings.HasSuffix(n, "_sig") || strings.HasSuffix(n, "_auth")
}

func isSchemeByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// isDelimiter ends an address in a text: white space, quotes and angle
// brackets, which a URL holds only escaped.
func isDelimiter(c byte) bool {
	return c <= ' ' || c == '"' || c == '\'' || c == '`' || c == '<' || c == '>' || c == 0x7f
}
