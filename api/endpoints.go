package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/enrich-dev/enrich/api/wire"
)

// LookupAsync submits items for asynchronous lookup; results arrive later at
// req.CallbackURL. It returns the service's requestId.
//
// A failure after the request may have reached the service is returned as
// is (errors.Is(err, ErrMaybeDelivered)), never retried: the service may be
// processing it. Nothing is retried: a 429 says the service's window is
// full, and the caller waits until it has room (a retry a moment later
// meets it full again); a failure to connect is returned at once, for the
// caller to bound the wait for the service.
func (c *Client) LookupAsync(ctx context.Context, req wire.LookupRequest) (int64, Meta, error) {
	if req.CallbackURL == "" || req.WithoutWaterfall {
		return 0, Meta{}, fmt.Errorf("asynchronous lookup needs a callback URL and no withoutWaterfall")
	}
	if err := req.Validate(); err != nil {
		return 0, Meta{}, err
	}
	var out struct {
		RequestID wire.Number `json:"requestId"`
	}
	meta, err := c.call(ctx, http.MethodPost, PathLookup, nil, req, never, &out)
	if err != nil {
		return 0, meta, err
	}
	id, ok := out.RequestID.Int()
	if !ok || id <= 0 {
		return 0, meta, fmt.Errorf("POST %s: %w: it has no requestId", PathLookup, ErrAccepted)
	}
	return id, meta, nil
}

// LookupSync looks items up synchronously (withoutWaterfall) and returns one
// result per item. Retries follow LookupAsync's rules.
func (c *Client) LookupSync(ctx context.Context, items []string, withoutContacts bool) ([]wire.Result, Meta, error) {
	req := wire.LookupRequest{Items: items, WithoutWaterfall: true, WithoutContacts: withoutContacts}
	if err := req.Validate(); err != nil {
		return nil, Meta{}, err
	}
	var raw json.RawMessage
	meta, err := c.call(ctx, http.MethodPost, PathLookup, nil, req, never, &raw)
	if err != nil {
		return nil, meta, err
	}
	results, err := decodeResults(raw)
	if err != nil {
		return nil, meta, fmt.Errorf("POST %s: %w", PathLookup, err)
	}
	return results, meta, nil
}

// Credits returns the balance of the standard pool, or of the
// without-contacts pool.
func (c *Client) Credits(ctx context.Context, withoutContacts bool) (int64, Meta, error) {
	q := url.Values{}
	if withoutContacts {
		q.Set("withoutContacts", "true")
	}
	var out struct {
		Credits wire.Number `json:"credits"`
	}
	meta, err := c.call(ctx, http.MethodGet, PathCredits, q, nil, idempotent, &out)
	if err != nil {
		return 0, meta, err
	}
	n, ok := out.Credits.Int()
	if !ok {
		return 0, meta, fmt.Errorf("GET %s: answer has no credits", PathCredits)
	}
	return n, meta, nil
}

// Search starts a people search. Only a 429 (the concurrency limit) and a
// failure to connect are retried: a search counts against a daily quota.
func (c *Client) Search(ctx context.Context, q wire.SearchQuery) (wire.SearchPage, Meta, error) {
	var page wire.SearchPage
	meta, err := c.searchCall(ctx, PathSearch, q, &page)
	return page, meta, err
}

// Scroll fetches the next page of a search with the latest scroll id.
func (c *Client) Scroll(ctx context.Context, requestID int64, scrollID string) (wire.SearchPage, Meta, error) {
	var page wire.SearchPage
	path := PathScroll + strconv.FormatInt(requestID, 10)
	meta, err := c.searchCall(ctx, path, wire.ScrollRequest{ScrollID: scrollID}, &page)
	return page, meta, err
}

// CompanyFind resolves a numeric company id or slug.
func (c *Client) CompanyFind(ctx context.Context, id string) (wire.CompanyRef, Meta, error) {
	var out wire.CompanyRef
	meta, err := c.call(ctx, http.MethodGet, PathCompanyFind, url.Values{"id": {id}}, nil, idempotent, &out)
	return out, meta, err
}

// CompanyCount returns how many profiles a company holds with the given
// status (current, past or both).
func (c *Client) CompanyCount(ctx context.Context, id, status string) (int64, Meta, error) {
	var out struct {
		Total wire.Number `json:"total_profiles"`
	}
	q := url.Values{"id": {id}, "status": {status}}
	meta, err := c.call(ctx, http.MethodGet, PathCompanyCount, q, nil, idempotent, &out)
	if err != nil {
		return 0, meta, err
	}
	n, _ := out.Total.Int()
	return n, meta, nil
}

// CompanyInfo returns a company's details; it costs one company-data credit
// and Meta carries that pool's balance.
func (c *Client) CompanyInfo(ctx context.Context, id string) (wire.CompanyInfo, Meta, error) {
	var out wire.CompanyInfo
	meta, err := c.call(ctx, http.MethodGet, PathCompanyInfo, url.Values{"id": {id}}, nil, idempotent, &out)
	return out, meta, err
}

// CompanyProfiles asks for a company's employee profiles to be delivered to
// callbackURL and returns the searchId the deliveries carry. It is never
// retried: every attempt the service accepts starts a delivery that counts
// against the daily profile-view quota.
func (c *Client) CompanyProfiles(ctx context.Context, id, status, callbackURL string) (int64, Meta, error) {
	var out struct {
		SearchID wire.Number `json:"searchId"`
	}
	q := url.Values{"id": {id}, "status": {status}, "callbackUrl": {callbackURL}}
	meta, err := c.call(ctx, http.MethodGet, PathCompanyProfile, q, nil, never, &out)
	if err != nil {
		return 0, meta, err
	}
	n, ok := out.SearchID.Int()
	if !ok {
		return 0, meta, fmt.Errorf("GET %s: answer has no searchId", PathCompanyProfile)
	}
	return n, meta, nil
}

// decodeResults decodes an array of result items.
func decodeResults(body []byte) ([]wire.Result, error) {
	results, err := wire.ParseResults(body)
	if err != nil {
		return nil, fmt.Errorf("decode result items: %w", err)
	}
	return results, nil
}
