package pipeline

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var agePart = regexp.MustCompile(`^(\d+)([dw])`)

// ParseAge reads an age of data: a duration in days (d), weeks (w), or
// Go's units (90d, 2w, 1w3d, 36h).
func ParseAge(s string) (time.Duration, error) {
	rest := strings.TrimSpace(s)
	if strings.Contains(rest, "-") {
		return 0, fmt.Errorf("%q: an age cannot be negative", s)
	}
	var total time.Duration
	for {
		m := agePart.FindStringSubmatch(rest)
		if m == nil {
			break
		}
		n, err := strconv.Atoi(m[1])
		if err != nil || n > 100000 {
			return 0, fmt.Errorf("%q: too large", s)
		}
		unit := 24 * time.Hour
		if m[2] == "w" {
			unit *= 7
		}
		total += time.Duration(n) * unit
		rest = rest[len(m[0]):]
	}
	if rest != "" {
		d, err := time.ParseDuration(rest)
		if err != nil {
			return 0, fmt.Errorf("%q: write it as 90d, 2w, 1w3d or 36h", s)
		}
		total += d
	}
	if total < 0 {
		return 0, fmt.Errorf("%q: cannot be negative", s)
	}
	return total, nil
}
