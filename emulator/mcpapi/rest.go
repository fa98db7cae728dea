package mcpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"

	"github.com/enrich-dev/enrich/emulator/wire"
)

// restAnswer is what the REST API answered a tool's request.
type restAnswer struct {
	body        json.RawMessage
	creditsLeft *int64 // X-Credits-Left, when the answer has it
}

// callREST sends the REST API a request with the account's key, in
// process, and returns its answer. An answer other than 2xx is an error
// with the service's status and message, which the SDK turns into a tool
// error.
func (s *Server) callREST(ctx context.Context, key, method, path string, query url.Values, body any) (*restAnswer, error) {
	var payload io.Reader = http.NoBody
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("encode request: %w", err)
		}
		payload = bytes.NewReader(b)
	}
	target := path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, target, payload)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set(wire.HeaderAPIKey, key)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.cfg.REST.ServeHTTP(rec, req)

	ans := &restAnswer{body: rec.Body.Bytes()}
	if v, err := strconv.ParseInt(rec.Header().Get(wire.HeaderCreditsLeft), 10, 64); err == nil {
		ans.creditsLeft = &v
	}
	if rec.Code/100 != 2 {
		return nil, restError(rec.Code, ans.body)
	}
	return ans, nil
}

// restError is a REST error as a tool reports it: the status, and the
// service's message.
func restError(status int, body []byte) error {
	var e struct {
		Error string `json:"error"`
	}
	msg := strings.TrimSpace(string(body))
	if json.Unmarshal(body, &e) == nil && e.Error != "" {
		msg = e.Error
	}
	return fmt.Errorf("the service answered %d %s: %s", status, http.StatusText(status), msg)
}
