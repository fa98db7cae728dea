package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/emulator/world"
)

// profilesPerCallback is the most profiles one getProfiles delivery
// carries (interface 8).
const profilesPerCallback = 100

// isCompanyPath reports whether path is one of the Company API's.
func isCompanyPath(path string) bool {
	switch path {
	case api.PathCompanyFind, api.PathCompanyCount, api.PathCompanyInfo, api.PathCompanyProfile:
		return true
	}
	return false
}

// serveCompany answers the Company API (interface 4.5 to 4.8). The checks
// run in this order: enabled for the account (403), parameters (422), the
// company (404), then credits (402, info) or the profile-view quota (429,
// getProfiles). Only info consumes anything; getProfiles answers carry no
// X-Credits-Left, info's that of the company data pool.
func (e *Emulator) serveCompany(w http.ResponseWriter, r *http.Request, a *account, path string) {
	fail := func(status int, msg string) {
		switch path {
		case api.PathCompanyProfile:
			replyBare(w, status, errorBody(msg))
		case api.PathCompanyInfo:
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
	if path == api.PathCompanyCount || path == api.PathCompanyProfile {
		switch {
		case status == "":
			fail(http.StatusUnprocessableEntity, "status is required: current, past or both")
			return
		case !api.ValidEmployeeStatus(status):
			fail(http.StatusUnprocessableEntity, fmt.Sprintf("status must be current, past or both, not %q", status))
			return
		}
	}
	callback := q.Get("callbackUrl")
	if path == api.PathCompanyProfile {
		switch {
		case callback == "":
			fail(http.StatusUnprocessableEntity, "callbackUrl is required")
			return
		case !validCallbackURL(callback):
			fail(http.StatusUnprocessableEntity, "callbackUrl must be an absolute http or https URL")
			return
		}
	}
	c, ok := e.world.CompanyByRef(ref)
	if !ok {
		fail(http.StatusNotFound, "Company not found")
		return
	}
	switch path {
	case api.PathCompanyFind:
		e.reply(w, a, poolStandard, http.StatusOK, api.CompanyRef{ID: c.ID, Slug: c.Slug, Company: c.Name})
	case api.PathCompanyCount:
		e.reply(w, a, poolStandard, http.StatusOK, map[string]int{"total_profiles": e.world.EmployeeCount(c, status)})
	case api.PathCompanyInfo:
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
		e.reply(w, a, poolCompany, http.StatusOK, json.RawMessage(e.world.CompanyInfo(c)))
	case api.PathCompanyProfile:
		e.startProfiles(w, a, c, status, callback)
	}
}

// startProfiles reserves the company's profiles against the daily
// profile-view quota, answers the searchId, and delivers the profiles (full
// candidates without contacts) in batches of at most 100, one callback
// each, under the delivery rules of lookup callbacks. A company with no
// profiles of the status gets its searchId and no callback.
func (e *Emulator) startProfiles(w http.ResponseWriter, a *account, c *world.Company, status, callback string) {
	people := e.world.EmployeeIndexes(c, status)
	e.mu.Lock()
	used := e.today(a, e.now())
	if left := a.quotas.ProfileViews - used.ProfileViews; len(people) > left {
		a.stats.ProfileViewsLimited++
		e.mu.Unlock()
		replyBare(w, http.StatusTooManyRequests, errorBody(fmt.Sprintf(
			"Daily profile-view quota exceeded: the company has %d profiles, %d of %d remain today",
			len(people), max(0, left), a.quotas.ProfileViews)))
		return
	}
	used.ProfileViews += len(people)
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
			produce:  func() any { return e.companyProfiles(a, batch) },
			kind:     "profiles",
			numItems: len(batch),
		})
	}
	replyBare(w, http.StatusOK, map[string]int64{"searchId": id})
}

// companyProfiles renders a batch of employees as the callback body.
func (e *Emulator) companyProfiles(a *account, batch []int32) []json.RawMessage {
	out := make([]json.RawMessage, len(batch))
	for k, i := range batch {
		out[k] = e.world.Candidate(e.world.Person(int(i)), true)
	}
	e.mu.Lock()
	a.stats.CompanyProfilesSent += len(batch)
	e.mu.Unlock()
	return out
}
