package api

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestParseCallback(t *testing.T) {
	for _, tc := range []struct {
		name, method, requestID, body string
		limit                         int64
		status                        int // 0: accepted
		results                       int
	}{
		{"valid", "POST", "17", `[{"item":"a@b.co","status":"failed"},{"item":"x","status":"success","candidate":{"uid":"u"}}]`, 0, 0, 2},
		{"no Request-Id", "POST", "", `[{"item":"a@b.co","status":"failed"}]`, 0, 0, 1},
		{"empty array", "POST", "3", `[]`, 0, 0, 0},
		{"GET", "GET", "17", ``, 0, http.StatusMethodNotAllowed, 0},
		{"bad Request-Id", "POST", "abc", `[]`, 0, http.StatusBadRequest, 0},
		{"negative Request-Id", "POST", "-4", `[]`, 0, http.StatusBadRequest, 0},
		{"object body", "POST", "1", `{"item":"a"}`, 0, http.StatusBadRequest, 0},
		{"element without status", "POST", "1", `[{"item":"a"}]`, 0, http.StatusBadRequest, 0},
		{"element not an object", "POST", "1", `[42]`, 0, http.StatusBadRequest, 0},
		{"too large", "POST", "1", `[{"item":"` + strings.Repeat("a", 200) + `","status":"failed"}]`, 100, http.StatusRequestEntityTooLarge, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, "/cb/token", strings.NewReader(tc.body))
			if tc.requestID != "" {
				r.Header.Set("Request-Id", tc.requestID)
			}
			cb, err := ParseCallback(httptest.NewRecorder(), r, tc.limit)
			if tc.status != 0 {
				var ce *CallbackError
				if !errors.As(err, &ce) || ce.Status != tc.status {
					t.Fatalf("err = %v, want status %d", err, tc.status)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cb.Results) != tc.results || cb.HasRequestID != (tc.requestID != "") {
				t.Errorf("callback %+v", cb)
			}
		})
	}
}

func TestParseProfilesCallback(t *testing.T) {
	r := httptest.NewRequest("POST", "/cb", strings.NewReader(`[{"uid":"a","contacts":[]},{"uid":"b"}]`))
	r.Header.Set("Request-Id", "77")
	cb, err := ParseProfilesCallback(httptest.NewRecorder(), r, 0)
	if err != nil || cb.RequestID != 77 || len(cb.Profiles) != 2 {
		t.Fatalf("%+v %v", cb, err)
	}
	r = httptest.NewRequest("POST", "/cb", strings.NewReader(`["a"]`))
	if _, err := ParseProfilesCallback(httptest.NewRecorder(), r, 0); err == nil {
		t.Error("a non-object profile was accepted")
	}
}
