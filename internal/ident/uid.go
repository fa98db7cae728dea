package ident

import "strings"

// NormalizeUID returns the profile uid as 32 lowercase hex characters.
// Surrounding space is dropped and upper case accepted; anything else,
// including a UUID with dashes, is refused: a CRM's own record ids often look
// like that and are not profile uids.
func NormalizeUID(raw string) (string, error) {
	s := strings.ToLower(strings.TrimSpace(raw))
	switch {
	case s == "":
		return "", invalid(UID, "empty uid")
	case len(s) != 32:
		return "", invalid(UID, "uid is not 32 hex characters")
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", invalid(UID, "uid is not 32 hex characters")
		}
	}
	return s, nil
}
