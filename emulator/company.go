package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/enrich-dev/enrich/emulator/wire"
	"github.com/enrich-dev/enrich/emulator/world"
)

// profilesPerCallback is the most profiles one getProfiles delivery
// carries (interface 8).
const profilesPerCallback = 100

// isCompanyPath reports whether path is one of the Company API's.
func isCompanyPath(path string) bool {
	switch path {
	case wire.PathCompanyFind, wire.PathCompanyCount, wire.PathCompanyInfo, wire.PathCompanyProfile:
		return true
	}
	return false
}

// companyRef is the answer of findById (interface 2.5).
type companyRef struct {
	ID      int64  `json:"id"`
	Slug    string `json:"slug"`
	Company string `json:"company"`
}

// serveCompany answers the Company API (interface 4.5 to 4.8). The checks
// run in this order: enabled for the account (403), parameters (422), the
// company (404), then credits (402, info) or the profile-view quota (429,
// getProfiles). Only info consumes anything; getProfiles answers carry no
// X-Credits-Left, info's that of the company data pool.
func (e *Emulator) serveCompany(w http.ResponseWriter, r *http.Request, a *account, path string) {
	fail := func(status int, msg string) {
		switch path {
		case wire.PathCompanyProfile:
			replyBare(w, status, errorBody(msg))
		case wire.PathCompanyInfo:
			e.fail(w, a, poolCompany, status, msg)
		default:
			e.fail(w, a, poolStandard, status, msg)
		}
	}
	if !a.cfg.CompanyAPI {
		fail(http.StatusForbidden, "The Company API is not enabled for this account")
		return
	}
	q := r.URL.Query()
	ref := strings.TrimSpace(q.Get("id"))
	if ref == "" {
		fail(http.StatusUnprocessableEntity, "id is required")
		return
	}
	status := q.Get("status")
	if path == wire.PathCompanyCount || path == wire.PathCompanyProfile {
		switch {
		case status == "":
			fail(http.StatusUnprocessableEntity, "status is required: current, past or both")
			return
		case status != wire.EmployeesCurrent && status != wire.EmployeesPast && status != wire.EmployeesBoth:
			fail(http.StatusUnprocessableEntity, fmt.Sprintf("status must be current, past or both, not %q", status))
			return
		}
	}
	callback := q.Get("callbackUrl")
	if path == wire.PathCompanyProfile {
		switch {
		case callback == "":
			fail(http.StatusUnprocessableEntity, "callbackUrl is required")
			return
		case !validCallbackURL(callback):
			fail(http.StatusUnprocessableEntity, "callbackUrl must be an absolute http or https URL")
			return
		}
	}
	wd := e.World()
	c, ok := wd.CompanyByRef(ref)
	if !ok {
		fail(http.StatusNotFound, "Company not found")
		return
	}
	switch path {
	case wire.PathCompanyFind:
		e.reply(w, a, poolStandard, http.StatusOK, companyRef{ID: c.ID, Slug: c.Slug, Company: c.Name})
	case wire.PathCompanyCount:
		e.reply(w, a, poolStandard, http.StatusOK, map[string]int{"total_profiles": wd.EmployeeCount(c, status)})
	case wire.PathCompanyInfo:
		e.mu.Lock()
		paid := a.spend(poolCompany)
		if paid {
			a.stats.CompanyInfo++
		}
		e.mu.Unlock()
		if !paid {
			fail(http.StatusPaymentRequired, "Not enough company data credits")
			return
		}
		e.reply(w, a, poolCompany, http.StatusOK, json.RawMessage(wd.CompanyInfo(c)))
	case wire.PathCompanyProfile:
		e.startProfiles(w, a, wd, c, status, callback)
	}
}

// startProfiles answers the searchId and delivers the company's profiles
// (full candidates without contacts) in batches of at most 100, one
// callback each, under the delivery rules of lookup callbacks. A company
// with no profiles of the status gets its searchId and no callback.
//
// Each profile counts against the daily profile-view quota when it is
// delivered (interface 4.8), on the day it is delivered; a batch whose
// delivery is discarded counts nothing. Until then the profiles hold room
// in the quota, so that requests made while others are being delivered
// cannot pass it together: a company with more profiles than the quota
// has room for, today's deliveries and those in progress deducted, is a
// 429.
//
// The profiles are those of the world as of the request (wd), whatever
// its clock does before they are delivered.
func (e *Emulator) startProfiles(w http.ResponseWriter, a *account, wd *world.World, c *world.Company, status, callback string) {
	people := wd.EmployeeIndexes(c, status)
	e.mu.Lock()
	used := e.today(a, e.now())
	if left := a.quotas.ProfileViews - used.ProfileViews - a.viewsPending; len(people) > left {
		a.stats.ProfileViewsLimited++
		e.mu.Unlock()
		replyBare(w, http.StatusTooManyRequests, errorBody(fmt.Sprintf(
			"Daily profile-view quota exceeded: the company has %d profiles, %d of %d remain today",
			len(people), max(0, left), a.quotas.ProfileViews)))
		return
	}
	a.viewsPending += len(people)
	a.stats.CompanyProfileRequests++
	e.nextID++
	id := e.nextID
	e.mu.Unlock()

	for start := 0; start < len(people); start += profilesPerCallback {
		batch := people[start:min(start+profilesPerCallback, len(people))]
		e.schedule(delivery{
			account:  a,
			id:       id,
			url:      callback,
			delay:    e.processingDelay(),
			accepted: e.now(),
			produce:  func() any { return e.companyProfiles(a, wd, batch) },
			kind:     "profiles",
			numItems: len(batch),
			views:    len(batch),
		})
	}
	replyBare(w, http.StatusOK, map[string]int64{"searchId": id})
}

// companyProfiles renders a batch of employees of wd as the callback body.
func (e *Emulator) companyProfiles(a *account, wd *world.World, batch []int32) []json.RawMessage {
	out := make([]json.RawMessage, len(batch))
	for k, i := range batch {
		out[k] = wd.Candidate(wd.Person(int(i)), true)
	}
	e.mu.Lock()
	a.stats.CompanyProfilesSent += len(batch)
	e.mu.Unlock()
	return out
}
