package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Outage is a scheduled time when the service answers 503 to every API
// request: from At after the first API request the emulator received, for
// For.
type Outage struct {
	At  time.Duration `json:"at"`
	For time.Duration `json:"for"`
}

// ParseOutage reads an outage written AT:DUR, such as "30s:10s": from 30
// seconds after the first API request, for 10 seconds.
func ParseOutage(s string) (Outage, error) {
	at, dur, ok := strings.Cut(s, ":")
	if !ok {
		return Outage{}, fmt.Errorf("outage %q: write it AT:DUR, such as 30s:10s", s)
	}
	var o Outage
	var err error
	if o.At, err = time.ParseDuration(strings.TrimSpace(at)); err != nil || o.At < 0 {
		return Outage{}, fmt.Errorf("outage %q: start %q is not a duration of 0 or more", s, at)
	}
	if o.For, err = time.ParseDuration(strings.TrimSpace(dur)); err != nil || o.For <= 0 {
		return Outage{}, fmt.Errorf("outage %q: length %q is not a positive duration", s, dur)
	}
	return o, nil
}

// OutageSpan is an outage placed in time: the service answers 503 from
// From until Until.
type OutageSpan struct {
	From  time.Time `json:"from"`
	Until time.Time `json:"until"`
}

// outageState is what the emulator knows of outages, guarded by
// Emulator.mu.
type outageState struct {
	started bool         // the first API request has come
	spans   []OutageSpan // the configured ones once started, and those started on demand
	refused int          // API requests answered 503
}

// unavailable answers 503 and reports true when an outage is on. The
// first API request places the configured outages in time. The answer
// carries no X-Credits-Left: it is what stands in front of the service
// that answers.
func (e *Emulator) unavailable(w http.ResponseWriter) bool {
	e.mu.Lock()
	now := e.now()
	o := &e.outage
	if !o.started {
		o.started = true
		for _, c := range e.cfg.Outages {
			o.spans = append(o.spans, OutageSpan{From: now.Add(c.At), Until: now.Add(c.At + c.For)})
		}
	}
	down := false
	for _, s := range o.spans {
		if !now.Before(s.From) && now.Before(s.Until) {
			down = true
			break
		}
	}
	if down {
		o.refused++
	}
	e.mu.Unlock()
	if down {
		writeJSON(w, http.StatusServiceUnavailable, errorBody(msgUnavailable))
	}
	return down
}

// startOutage begins an outage now, for d.
func (e *Emulator) startOutage(d time.Duration) OutageSpan {
	e.mu.Lock()
	defer e.mu.Unlock()
	now := e.now()
	s := OutageSpan{From: now, Until: now.Add(d)}
	e.outage.spans = append(e.outage.spans, s)
	return s
}

// serveStartOutage is POST /_emulator/outage {"seconds": N}: an outage
// from now for N seconds (fractions allowed). It answers the outage's span.
func (e *Emulator) serveStartOutage(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Seconds *float64 `json:"seconds"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&body); err != nil || body.Seconds == nil {
		writeJSON(w, http.StatusBadRequest, errorBody(`body must be {"seconds": N}`))
		return
	}
	d := time.Duration(*body.Seconds * float64(time.Second))
	if d <= 0 || *body.Seconds > 30*24*3600 {
		writeJSON(w, http.StatusBadRequest, errorBody("seconds must be more than 0 and at most 30 days"))
		return
	}
	writeJSON(w, http.StatusOK, e.startOutage(d))
}
