package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/enrich-dev/enrich/api/wire"
)

// MaxCallbackBytes is the default bound on a callback body: 100 full
// profiles of about 30 KB each, with room to spare.
const MaxCallbackBytes = 32 << 20

// Callback is a parsed person lookup callback (interface 6.1).
type Callback struct {
	// RequestID is the Request-Id header; HasRequestID is false when the
	// header was absent, and the results must then be matched by item.
	RequestID    int64
	HasRequestID bool
	Results      []wire.Result
}

// ProfilesCallback is a parsed company profiles delivery (interface 6.2):
// full candidates without contacts, each kept as sent.
type ProfilesCallback struct {
	RequestID    int64
	HasRequestID bool
	Profiles     []json.RawMessage
}

// CallbackError is a callback request that cannot be accepted; Status is the
// HTTP status to answer it with.
type CallbackError struct {
	Status int
	Reason string
}

// Error implements error.
func (e *CallbackError) Error() string { return e.Reason }

// ParseCallback reads and validates a person lookup callback: a POST with an
// optional numeric Request-Id header and a JSON array of result items, each
// with an item and a status, of at most maxBytes (MaxCallbackBytes when 0).
// Errors are *CallbackError.
func ParseCallback(w http.ResponseWriter, r *http.Request, maxBytes int64) (*Callback, error) {
	id, hasID, body, err := readCallback(w, r, maxBytes)
	if err != nil {
		return nil, err
	}
	results, err := wire.ParseResults(body)
	if err != nil {
		return nil, &CallbackError{http.StatusBadRequest, "callback body: " + err.Error()}
	}
	for i, res := range results {
		if res.Item == "" || res.Status == "" {
			return nil, &CallbackError{http.StatusBadRequest, fmt.Sprintf("callback element %d has no item or no status", i)}
		}
	}
	return &Callback{RequestID: id, HasRequestID: hasID, Results: results}, nil
}

// ParseProfilesCallback reads and validates a company profiles delivery: a
// POST whose body is a JSON array of profile objects.
func ParseProfilesCallback(w http.ResponseWriter, r *http.Request, maxBytes int64) (*ProfilesCallback, error) {
	id, hasID, body, err := readCallback(w, r, maxBytes)
	if err != nil {
		return nil, err
	}
	profiles, err := wire.DecodeProfiles(body)
	if err != nil {
		return nil, &CallbackError{http.StatusBadRequest, "callback body is not a JSON array: " + err.Error()}
	}
	for i, p := range profiles {
		if len(p) == 0 || p[0] != '{' {
			return nil, &CallbackError{http.StatusBadRequest, fmt.Sprintf("callback element %d is not an object", i)}
		}
	}
	return &ProfilesCallback{RequestID: id, HasRequestID: hasID, Profiles: profiles}, nil
}

// readCallback checks the method and Request-Id header and reads the body
// within its size bound.
func readCallback(w http.ResponseWriter, r *http.Request, maxBytes int64) (id int64, hasID bool, body []byte, err error) {
	if r.Method != http.MethodPost {
		return 0, false, nil, &CallbackError{http.StatusMethodNotAllowed, "callbacks are POST requests"}
	}
	if h := strings.TrimSpace(r.Header.Get(HeaderRequestID)); h != "" {
		id, err = strconv.ParseInt(h, 10, 64)
		if err != nil || id <= 0 {
			return 0, false, nil, &CallbackError{http.StatusBadRequest, fmt.Sprintf("Request-Id header %q is not a positive integer", h)}
		}
		hasID = true
	}
	if maxBytes <= 0 {
		maxBytes = MaxCallbackBytes
	}
	body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, maxBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return 0, false, nil, &CallbackError{http.StatusRequestEntityTooLarge, fmt.Sprintf("callback body larger than %d bytes", maxBytes)}
		}
		return 0, false, nil, &CallbackError{http.StatusBadRequest, "read callback body: " + err.Error()}
	}
	return id, hasID, body, nil
}
