// Package notify tells a webhook how a job ended: it posts the job's JSON
// summary (or, for a chat channel, the paragraph told of it) to an address
// the operator gave, a few times within a stated bound, and never lets a
// failure to do so change how the job ended.
//
// The address may carry a secret (user:password@, a token in the query,
// or, as Slack's and Teams' incoming webhooks do, in its path): Target
// shows it with all three hidden, and every error of this package names
// the address that way.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/enrich-dev/enrich/internal/human"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/internal/untrusted"
)

// The bounds of one notice, as the help and docs/cron.md state them: at
// most Attempts posts, Backoff apart, each allowed AttemptTimeout, and
// the whole within Bound, so that a run stopped by SIGTERM still ends
// before Kubernetes' SIGKILL (its drain takes 15 s of the 30).
const (
	Attempts       = 3
	AttemptTimeout = 5 * time.Second
	Bound          = 10 * time.Second
)

// Backoff is the wait before the second and the third attempt.
var Backoff = []time.Duration{time.Second, 2 * time.Second}

// Format is how a notice's body is written.
type Format string

// The formats of a notice.
const (
	JSON  Format = "json"  // the summary as it is
	Slack Format = "slack" // {"text": "one paragraph"}, which Slack, Mattermost and Rocket.Chat show
)

// ParseFormat reads a --notify-format value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(s)); f {
	case JSON, Slack:
		return f, nil
	}
	return "", fmt.Errorf("use json or slack")
}

// Target is a webhook's address, checked by ParseTarget.
type Target struct {
	u *url.URL
}

// ParseTarget checks a webhook's address: an absolute http:// or https://
// address with a host. Its errors never quote the address (it may be
// the secret).
func ParseTarget(raw string) (*Target, error) {
	if strings.ContainsAny(raw, " \t\r\n") {
		return nil, errors.New("an address holds no spaces")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("not an address; give http://HOST/PATH or https://HOST/PATH")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, errors.New("give an http:// or https:// address")
	}
	if u.Host == "" || u.Hostname() == "" {
		return nil, errors.New("the address names no host; give http://HOST/PATH or https://HOST/PATH")
	}
	if u.Fragment != "" {
		return nil, errors.New("an address to post to has no #fragment")
	}
	return &Target{u: u}, nil
}

// String is the address as a log line, an error or a report shows it:
// its password, its secret query parameters and its path hidden
// (https://hooks.slack.com/xxxxx), its host shown.
func (t *Target) String() string {
	if t == nil {
		return ""
	}
	return Shown(t.u.String())
}

// Shown is raw as String shows it, for an address that may not parse
// (a --notify value refused).
func Shown(raw string) string {
	shown := redact.URL(raw)
	scheme, rest, ok := strings.Cut(shown, "://")
	if !ok {
		return shown
	}
	i := strings.IndexAny(rest, "/?#")
	if i < 0 {
		return shown
	}
	auth, tail := rest[:i], rest[i:]
	path, query := tail, ""
	if j := strings.IndexAny(tail, "?#"); j >= 0 {
		path, query = tail[:j], tail[j:]
	}
	if path != "" && path != "/" {
		path = "/" + redact.Mask
	}
	return scheme + "://" + auth + path + query
}

// Sender posts notices to one target. Its zero bounds are the package's
// (Attempts, AttemptTimeout, Bound, Backoff); tests shorten them.
type Sender struct {
	Target *Target
	Format Format
	// Client posts; nil is a client that follows no redirect (a redirect
	// would carry the summary somewhere the operator did not name).
	Client *http.Client
	// Secrets never leave in a body: each is replaced by redact.Mask
	// (the API key: no summary should hold it, and none will).
	Secrets        []string
	UserAgent      string
	Attempts       int
	AttemptTimeout time.Duration
	Bound          time.Duration
	Backoff        []time.Duration
}

// Error is a notice that could not be delivered.
type Error struct {
	Target   string // as String shows it
	Attempts int    // posts made
	Last     string // what the last one met
}

func (e *Error) Error() string {
	return fmt.Sprintf("could not notify %s (%d %s): %s", e.Target, e.Attempts, human.Plural(e.Attempts, "attempt", "attempts"), e.Last)
}

// Send posts summary, a JSON object, or for the Slack format text, the
// paragraph that tells it (report.Summary.ChatText), as {"text": text},
// until the target takes it (2xx), refuses it for good (a 4xx but 408
// and 429, a redirect), or the bounds are spent. It returns within the
// Sender's Bound whatever the target does; ctx may end it sooner.
func (s *Sender) Send(ctx context.Context, summary []byte, text string) error {
	body, err := s.body(summary, text)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, or(s.Bound, Bound))
	defer cancel()
	attempts, backoff := s.Attempts, s.Backoff
	if attempts <= 0 {
		attempts = Attempts
	}
	if backoff == nil {
		backoff = Backoff
	}
	e := &Error{Target: s.Target.String()}
	for e.Attempts < attempts {
		if e.Attempts > 0 {
			wait := backoff[min(e.Attempts-1, len(backoff)-1)]
			select {
			case <-ctx.Done():
				e.Last += fmt.Sprintf("; no time left for another attempt within %s", or(s.Bound, Bound))
				return e
			case <-time.After(wait):
			}
		}
		e.Attempts++
		retry, err := s.post(ctx, body)
		if err == nil {
			return nil
		}
		e.Last = err.Error()
		if !retry {
			return e
		}
	}
	return e
}

// body is what a notice carries, secrets masked.
func (s *Sender) body(summary []byte, text string) ([]byte, error) {
	if !json.Valid(summary) {
		return nil, errors.New("notify: the summary is not JSON")
	}
	for _, secret := range s.Secrets {
		if secret != "" {
			summary = bytes.ReplaceAll(summary, []byte(secret), []byte(redact.Mask))
			text = strings.ReplaceAll(text, secret, redact.Mask)
		}
	}
	if !json.Valid(summary) {
		// A secret made of JSON's own characters: better no notice than
		// a broken one.
		return nil, errors.New("notify: the summary cannot be sent without a secret")
	}
	if s.Format != Slack {
		return summary, nil
	}
	return json.Marshal(struct {
		Text string `json:"text"`
	}{text})
}

// post makes one attempt, and says whether another may succeed.
func (s *Sender) post(ctx context.Context, body []byte) (retry bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, or(s.AttemptTimeout, AttemptTimeout))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.Target.u.String(), bytes.NewReader(body))
	if err != nil {
		return false, errors.New("the address cannot be posted to")
	}
	req.Header.Set("Content-Type", "application/json")
	if s.UserAgent != "" {
		req.Header.Set("User-Agent", s.UserAgent)
	}
	resp, err := s.client().Do(req)
	if err != nil {
		return true, cause(err)
	}
	defer resp.Body.Close()
	said, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	switch c := resp.StatusCode; {
	case c >= 200 && c < 300:
		return false, nil
	case c >= 300 && c < 400:
		return false, fmt.Errorf("the address redirects (%s); give the address it moved to", resp.Status)
	case c == http.StatusRequestTimeout || c == http.StatusTooManyRequests || c >= 500:
		return true, answered(resp.Status, said)
	}
	return false, answered(resp.Status, said)
}

func (s *Sender) client() *http.Client {
	if s.Client != nil {
		return s.Client
	}
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// cause is what an attempt met, without the address that *url.Error
// quotes (its query may hold a token).
func cause(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return errors.New("no answer in time")
	case errors.Is(err, context.Canceled):
		return errors.New("cancelled")
	}
	return errors.New(redact.Text(err.Error()))
}

// answered says what the target answered: its status, and the start of
// its body, which is the target's words (one clean line).
func answered(status string, body []byte) error {
	said := untrusted.Message(strings.TrimSpace(string(body)))
	if r := []rune(said); len(r) > 120 {
		said = string(r[:120]) + "…"
	}
	if said == "" {
		return fmt.Errorf("answered %s", status)
	}
	return fmt.Errorf("answered %s: %s", status, said)
}

func or(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
