package main

import (
	"log/slog"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/redact"
)

// Environment variables that configure the service.
const (
	envAPIKey = api.EnvKey
	envAPIURL = api.EnvURL
)

// serviceFlags binds --api-url; the key comes only from the environment, so
// that it never shows in a process list or a shell history.
type serviceFlags struct {
	apiURL string
	// account names the account once client has read the key, for the
	// budget shared by the runs of this machine (budget.Account).
	account string
}

func (s *serviceFlags) register(f *pflag.FlagSet) {
	f.StringVar(&s.apiURL, "api-url", "", "base address of the service, e.g. http://127.0.0.1:8700 (default $"+envAPIURL+")")
}

// connect returns the command's logger and a client of the service, or a
// usage error saying what to set.
func (s *serviceFlags) connect(g *globals) (*api.Client, *slog.Logger, error) {
	log, err := g.logger(os.Stderr)
	if err != nil {
		return nil, nil, err
	}
	c, err := s.client(log)
	return c, log, err
}

// client returns a client of the service, or a usage error saying what to
// set.
func (s *serviceFlags) client(log *slog.Logger) (*api.Client, error) {
	key := strings.TrimSpace(os.Getenv(envAPIKey))
	if key == "" {
		return nil, usageErrorf("no API key: set %s to the account's key (it is never taken as a flag)", envAPIKey)
	}
	base := s.apiURL
	if base == "" {
		base = os.Getenv(envAPIURL)
	}
	if base == "" {
		return nil, usageErrorf("no service address: set %s (such as http://127.0.0.1:8700 for a local emulator) or --api-url", envAPIURL)
	}
	c, err := api.New(base, key, api.WithLogger(log))
	if err != nil {
		// The sentence quotes the address as given: show it redacted.
		return nil, usageErrorf("%s", strings.ReplaceAll(err.Error(), base, redact.URL(base)))
	}
	s.account = budget.Account(c.BaseURL(), key)
	return c, nil
}

// serviceError turns a failed call into one sentence a user can act on
// (api.Explain), with its exit code: a refused key or account is
// configuration (2).
func serviceError(err error) error {
	if api.IsAccount(err) {
		return usageErrorf("%s", api.Explain(err))
	}
	return api.Explained(err)
}
