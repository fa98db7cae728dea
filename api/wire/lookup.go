package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// MaxItems is the most identifiers one lookup request may carry.
const MaxItems = 100

// ItemsPerMinute is the service's budget of lookup items a minute on a
// paid account (a trial has 5); items past it are answered 429.
const ItemsPerMinute = 600

// Status is the outcome of one looked-up item (interface 3.1).
type Status string

// The item statuses of interface 3.1.
const (
	StatusSuccess         Status = "success"
	StatusFailed          Status = "failed"
	StatusCreditsOver     Status = "credits_are_over"
	StatusTimeoutExceeded Status = "timeout_exceeded"
	StatusDuplicateQuery  Status = "duplicate_query"
)

// LookupRequest is the body of POST /api/v1/candidate/search. Set
// CallbackURL for the asynchronous mode, or WithoutWaterfall for the
// synchronous one; never both.
type LookupRequest struct {
	Items            []string `json:"items"`
	CallbackURL      string   `json:"callbackUrl,omitempty"`
	WithoutWaterfall bool     `json:"withoutWaterfall,omitempty"`
	WithoutContacts  bool     `json:"withoutContacts,omitempty"`
}

// Validate checks what the service would reject with 406, so that a caller
// finds its own mistake before spending a request on it.
func (r LookupRequest) Validate() error {
	switch {
	case len(r.Items) == 0:
		return fmt.Errorf("lookup request has no items")
	case len(r.Items) > MaxItems:
		return fmt.Errorf("lookup request has %d items, at most %d are allowed", len(r.Items), MaxItems)
	case r.CallbackURL != "" && r.WithoutWaterfall:
		return fmt.Errorf("lookup request cannot have both a callback URL and withoutWaterfall")
	case r.CallbackURL == "" && !r.WithoutWaterfall:
		return fmt.Errorf("lookup request needs a callback URL or withoutWaterfall")
	}
	return nil
}

// Result is one element of a lookup's answer: the item as submitted, its
// status, and on success the candidate. Raw holds the element exactly as the
// service sent it, unknown keys included.
type Result struct {
	Item      string          `json:"item"`
	Status    Status          `json:"status"`
	Candidate json.RawMessage `json:"candidate,omitempty"`
	Raw       json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes a result item and keeps a copy of its raw JSON.
func (r *Result) UnmarshalJSON(b []byte) error {
	res, err := parseResult(append([]byte(nil), b...))
	if err != nil {
		return err
	}
	*r = res
	return nil
}

// ParseResult decodes a result item from b without copying it: Raw and
// Candidate share b, which the caller must not change afterwards.
func ParseResult(b []byte) (Result, error) {
	return parseResult(b)
}

// Profile decodes the candidate of a successful result.
func (r Result) Profile() (*Candidate, error) {
	if len(r.Candidate) == 0 {
		return nil, fmt.Errorf("result for %q has status %q and no candidate", r.Item, r.Status)
	}
	return DecodeCandidate(r.Candidate)
}

// Problem says what is wrong with a result that cannot be taken as the
// service's answer for its item, or "" when nothing is: a success must
// carry a candidate that is a JSON object.
func (r Result) Problem() string {
	if r.Status != StatusSuccess {
		return ""
	}
	c := bytes.TrimSpace(r.Candidate)
	if len(c) == 0 || c[0] != '{' {
		return "the service answered success without a profile"
	}
	return ""
}
