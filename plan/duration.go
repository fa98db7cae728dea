package plan

import (
	"fmt"
	"math"
	"time"
)

// Duration is a duration both for programs and for people.
type Duration struct {
	Seconds float64 `json:"seconds"`
	Text    string  `json:"text"`
}

// up to the second.
func lookupTime(n, rate int) Duration {
	secs := math.Ceil(float64(n) * 60 / float64(rate))
	return Duration{Seconds: secs, Text: humanDuration(time.Duration(secs) * time.Second)}
}

// humanDuration writes a duration the way a person says it: "2h 46m",
// "12m 30s", "45s".
func humanDuration(d time.Duration) string {
	switch {
	case d == 0:
		return "0s"
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		m, s := int(d.Minutes()), int(d.Seconds())%60
		if s == 0 {
			return fmt.Sprintf("%dm", m)
		}
		return fmt.Sprintf("%dm %ds", m, s)
	case d < 48*time.Hour:
		h, m := int(d.Hours()), int(d.Minutes())%60
		return fmt.Sprintf("%dh %dm", h, m)
	}
	days, h := int(d.Hours())/24, int(d.Hours())%24
	return fmt.Sprintf("%dd %dh", days, h)
}
