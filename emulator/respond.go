package emulator

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/enrich-dev/enrich/emulator/wire"
)

// The emulator's own error messages, for the errors whose bodies the
// interface does not show (the documented ones are in package wire).
const (
	msgNotFound     = "Not found"
	msgInvalidJSON  = "Invalid JSON"
	msgInternal     = "Internal server error"
	msgUnauthorized = "Unauthorized: missing or invalid API key"
	msgDisabled     = "Account is disabled"
	msgUnavailable  = "Service temporarily unavailable"
)

// errorBody is the service's error shape, {"error": "..."}.
func errorBody(msg string) map[string]string { return map[string]string{"error": msg} }

// writeJSON answers with a JSON body.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, `{"error":"Internal server error"}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}

// reply answers with v and the balance of pool p in X-Credits-Left, which
// every response of the service carries.
func (e *Emulator) reply(w http.ResponseWriter, a *account, p pool, status int, v any) {
	e.mu.Lock()
	left := a.balance[p]
	e.mu.Unlock()
	w.Header().Set(wire.HeaderCreditsLeft, strconv.FormatInt(left, 10))
	writeJSON(w, status, v)
}

// fail answers with an error body, its message as Config.HostileText
// says it.
func (e *Emulator) fail(w http.ResponseWriter, a *account, p pool, status int, msg string) {
	e.reply(w, a, p, status, errorBody(e.cfg.HostileText.say(msg)))
}

// replyBare answers without X-Credits-Left: the one response of the
// service that has none is company/getProfiles.
func replyBare(w http.ResponseWriter, status int, v any) {
	writeJSON(w, status, v)
}
