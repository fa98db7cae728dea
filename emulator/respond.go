package emulator

import (
	"encoding/json"
	"net/http"
	"strconv"
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
	w.Header().Set("X-Credits-Left", strconv.FormatInt(left, 10))
	writeJSON(w, status, v)
}

// fail answers with an error body.
func (e *Emulator) fail(w http.ResponseWriter, a *account, p pool, status int, msg string) {
	e.reply(w, a, p, status, errorBody(msg))
}

// replyBare answers without X-Credits-Left: the one response of the
// service that has none is company/getProfiles.
func replyBare(w http.ResponseWriter, status int, v any) {
	writeJSON(w, status, v)
}
