package emulator

import (
	"fmt"
	"time"
)

// Daily quotas (interface 8; the numbers are the wire contract's chosen
// defaults, since the service does not publish them).
const (
	PaidSearchQueriesPerDay   = 500
	PaidSearchProfilesPerDay  = 5000
	TrialSearchQueriesPerDay  = 20
	TrialSearchProfilesPerDay = 200
	ProfileViewsPerDay        = 2000 // the same for every plan
)

// usage counts against the daily quotas, or holds the quotas themselves.
type usage struct {
	SearchQueries  int `json:"searchQueries"`  // searchByQuery requests
	SearchProfiles int `json:"searchProfiles"` // profiles returned by searches and scrolls
	ProfileViews   int `json:"profileViews"`   // profiles delivered by company/getProfiles
}

// setQuotas resolves the account's daily quotas: its own setting, else
// the configuration's, else the plan's.
func (a *account) setQuotas(cfg Config) error {
	pick := func(own, all, paid, trial int) int {
		switch {
		case own != 0:
			return own
		case all != 0:
			return all
		case a.cfg.Trial:
			return trial
		}
		return paid
	}
	a.quotas = usage{
		SearchQueries:  pick(a.cfg.SearchQueriesPerDay, cfg.SearchQueriesPerDay, PaidSearchQueriesPerDay, TrialSearchQueriesPerDay),
		SearchProfiles: pick(a.cfg.SearchProfilesPerDay, cfg.SearchProfilesPerDay, PaidSearchProfilesPerDay, TrialSearchProfilesPerDay),
		ProfileViews:   pick(a.cfg.ProfileViewsPerDay, cfg.ProfileViewsPerDay, ProfileViewsPerDay, ProfileViewsPerDay),
	}
	if a.quotas.SearchQueries < 0 || a.quotas.SearchProfiles < 0 || a.quotas.ProfileViews < 0 {
		return fmt.Errorf("account %q: daily quotas cannot be negative", a.cfg.Name)
	}
	return nil
}

// QuotaResetHour is the hour (UTC) at which the daily quotas reset, as on
// a service whose days are calendar days.
const QuotaResetHour = 0

// today returns the account's use of its daily quotas, starting afresh
// when the emulated day has changed since the last use. With days of 24
// hours, a day begins at QuotaResetHour UTC; days of another
// Config.DayLength (to test a reset in seconds) are counted from New.
// Called with e.mu held.
func (e *Emulator) today(a *account, now time.Time) *usage {
	day := int64(0)
	if since := now.Sub(e.start); since > 0 {
		day = int64(since / e.cfg.DayLength)
	}
	if e.cfg.DayLength == 24*time.Hour {
		day = int64(now.UTC().Add(-QuotaResetHour*time.Hour).Sub(time.Unix(0, 0)) / (24 * time.Hour))
	}
	if day != a.day || !a.dayKnown {
		a.dayKnown = true
		a.day, a.used = day, usage{}
	}
	return &a.used
}
