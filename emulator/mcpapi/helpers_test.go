package mcpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/emulator"
)

var bg = context.Background()

// Accounts of the test emulator.
const (
	keyPaid   = "paid-key"
	keyBroke  = "broke-key"
	keyOff    = "off-key"
	loginPaid = "paid@example.com"
	passPaid  = "paid-password"
	loginNone = "nokey@example.com"
	passNone  = "nokey-password"
	tokenTTL  = 10 * time.Minute
)

// clock is a settable time source, so that tokens expire without waiting.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// fixture is an emulator on loopback with the test accounts.
type fixture struct {
	emu   *emulator.Emulator
	base  string // the emulator's address; /mcp is under it
	clock *clock
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	clk := &clock{t: time.Now()}
	emu, err := emulator.New(emulator.Config{
		People: 2000,
		Accounts: []emulator.AccountConfig{
			{Name: "paid", Key: keyPaid, Login: loginPaid, Password: passPaid, Credits: 5, WithoutContactsCredits: 100, CompanyCredits: 1, CompanyAPI: true},
			{Name: "broke", Key: keyBroke},
			{Name: "off", Key: keyOff, Disabled: true, Credits: 10},
			{Name: "nokey", Login: loginNone, Password: passNone, Credits: 10},
		},
		MCPTokenTTL: tokenTTL,
		Now:         clk.Now,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(emu)
	t.Cleanup(func() { srv.Close(); emu.Close() })
	return &fixture{emu: emu, base: srv.URL, clock: clk}
}

// bearer adds a fixed Authorization header to every request.
type bearer string

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(r)
}

// withBearer is an HTTP client that sends token as a bearer token.
func withBearer(token string) *http.Client { return &http.Client{Transport: bearer(token)} }

// connect opens an MCP session to endpoint with the SDK's client over
// streamable HTTP. The session closes with the test.
func connect(t *testing.T, endpoint string, hc *http.Client, oauth auth.OAuthHandler) (*mcp.ClientSession, error) {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpapi-test", Version: "1"}, nil)
	cs, err := c.Connect(bg, &mcp.StreamableClientTransport{
		Endpoint:             endpoint,
		HTTPClient:           hc,
		OAuthHandler:         oauth,
		MaxRetries:           -1,
		DisableStandaloneSSE: true,
	}, nil)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { cs.Close() })
	return cs, nil
}

// mustConnect is connect that fails the test on error.
func mustConnect(t *testing.T, endpoint string, hc *http.Client, oauth auth.OAuthHandler) *mcp.ClientSession {
	t.Helper()
	cs, err := connect(t, endpoint, hc, oauth)
	if err != nil {
		t.Fatalf("connect to %s: %v", endpoint, err)
	}
	return cs
}

// call calls a tool and returns its result; a protocol error fails the
// test, a tool error does not.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(bg, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	return res
}

// text is the text content of a result.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// decode calls a tool that must succeed and decodes its JSON result.
func decode[T any](t *testing.T, cs *mcp.ClientSession, name string, args any) T {
	t.Helper()
	res := call(t, cs, name, args)
	var v T
	if res.IsError {
		t.Fatalf("%s %v: tool error %s", name, args, text(res))
	}
	if err := json.Unmarshal([]byte(text(res)), &v); err != nil {
		t.Fatalf("%s: result %q does not decode: %v", name, text(res), err)
	}
	return v
}

// sample reads known identifiers, companies and titles of the world.
func (f *fixture) sample(t *testing.T) emulator.Sample {
	t.Helper()
	resp, err := http.Get(f.base + "/_emulator/sample?count=5")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s emulator.Sample
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// postMCP sends an initialize request to /mcp by hand, with the given
// Authorization header (none if empty), to see the status and headers a
// client gets.
func postMCP(t *testing.T, endpoint, authorization string) *http.Response {
	t.Helper()
	h := map[string]string{}
	if authorization != "" {
		h["Authorization"] = authorization
	}
	return postMCPWith(t, endpoint, h)
}

// postMCPWith is postMCP with any headers.
func postMCPWith(t *testing.T, endpoint string, header map[string]string) *http.Response {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
	req, err := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}
