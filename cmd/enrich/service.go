package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/filecheck"
	"github.com/enrich-dev/enrich/internal/redact"
	"github.com/enrich-dev/enrich/pipeline"
)

// Environment variables that configure the service.
const (
	envAPIKey     = api.EnvKey
	envAPIKeyFile = api.EnvKey + "_FILE"
	envAPIURL     = api.EnvURL
)

// maxKeyFile bounds the size of a key file: a key is a line, and a file
// of megabytes named by mistake is refused rather than read.
const maxKeyFile = 4 << 10

// keySource says where the account's key came from: the variable that
// gave it, and for a key file what a reader should know of its mode.
type keySource struct {
	env  string // envAPIKey or envAPIKeyFile
	file string // the key file, for envAPIKeyFile
	// warning says who else may read the key file, or may replace it
	// ("" when its owner alone may): a mount of a secret shared with a
	// group (0440, the fsGroup of Kubernetes) or with everyone (0444,
	// Docker swarm) is accepted, and said; so is a file, or its folder,
	// of another user.
	warning string
}

// apiKey returns the account's key: $ENRICH_API_KEY, or the contents of
// the file $ENRICH_API_KEY_FILE names (a secret a container mounts, a
// file a cron job keeps), which nobody but its owner may write.
func apiKey() (string, keySource, error) {
	key, file := strings.TrimSpace(os.Getenv(envAPIKey)), os.Getenv(envAPIKeyFile)
	switch {
	case key != "" && file != "":
		return "", keySource{}, usageErrorf("both %s and %s are set: keep one", envAPIKey, envAPIKeyFile)
	case file == "" && key == "":
		return "", keySource{}, usageErrorf("no API key: set %s to the account's key, or %s to a file that holds it (it is never taken as a flag)", envAPIKey, envAPIKeyFile)
	case file == "":
		return key, keySource{env: envAPIKey}, nil
	}
	src := keySource{env: envAPIKeyFile, file: file}
	key, err := readKeyFile(file, &src)
	return key, src, err
}

// readKeyFile reads the key file named by $ENRICH_API_KEY_FILE, and notes
// in src who else may read it.
func readKeyFile(file string, src *keySource) (string, error) {
	// Looked at before it is opened: opening a named pipe waits for a
	// writer, for ever, and a device may never end.
	if fi, err := os.Stat(file); err != nil {
		return "", usageErrorf("%s: %v", envAPIKeyFile, err)
	} else if !fi.Mode().IsRegular() {
		return "", usageErrorf("%s: %s is not a regular file (%s): give a file that holds the key alone", envAPIKeyFile, file, filecheck.Kind(fi.Mode()))
	}
	f, err := os.Open(file)
	if err != nil {
		return "", usageErrorf("%s: %v", envAPIKeyFile, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return "", usageErrorf("%s: %v", envAPIKeyFile, err)
	case !fi.Mode().IsRegular(): // replaced since it was looked at
		return "", usageErrorf("%s: %s is not a regular file (%s): give a file that holds the key alone", envAPIKeyFile, file, filecheck.Kind(fi.Mode()))
	case fi.Mode().Perm()&0o022 != 0:
		// Whoever writes the key chooses the account: a group that may
		// is as many writers as anyone.
		who := "anyone"
		if fi.Mode().Perm()&0o002 == 0 {
			who = "its group"
		}
		return "", usageErrorf("%s: %s can be changed by %s (mode %04o): whoever writes it chooses the account this runs on; chmod 600 it (its owner alone writes it)", envAPIKeyFile, file, who, fi.Mode().Perm())
	case fi.Size() > maxKeyFile:
		return "", usageErrorf("%s: %s holds %d bytes; a key file holds the key alone", envAPIKeyFile, file, fi.Size())
	}
	src.warning = keyFileWarning(file, fi)
	b := make([]byte, maxKeyFile+1)
	n, err := f.Read(b)
	if err != nil && n == 0 {
		return "", usageErrorf("%s: %s is empty", envAPIKeyFile, file)
	}
	key := strings.TrimSpace(string(b[:n]))
	if key == "" || strings.ContainsAny(key, "\r\n") {
		return "", usageErrorf("%s: %s must hold the key alone, on one line", envAPIKeyFile, file)
	}
	return key, nil
}

// keyFileWarning says who besides this user may read the key file, or
// replace it (its owner, or the owner of its folder, when either is
// another user than this one and root), or "" when nobody may.
func keyFileWarning(file string, fi os.FileInfo) string {
	var said []string
	if s := keyFileReaders(file, fi.Mode().Perm()); s != "" {
		said = append(said, s)
	}
	if uid, ok := filecheck.OtherOwner(fi); ok {
		said = append(said, fmt.Sprintf("the key file %s belongs to another user (uid %d), who can change the key and so the account this runs on: keep the key in a file of your own", file, uid))
	}
	dir := filepath.Dir(file)
	if di, err := os.Stat(dir); err == nil {
		if uid, ok := filecheck.OtherOwner(di); ok {
			said = append(said, fmt.Sprintf("the folder %s of the key file belongs to another user (uid %d), who can replace the key and so choose the account this runs on: keep the key in a folder of your own", dir, uid))
		}
	}
	return strings.Join(said, "; ")
}

// keyFileReaders says who besides its owner may read a key file of mode
// perm, or "" when nobody may.
func keyFileReaders(file string, perm os.FileMode) string {
	var who string
	switch {
	case perm&0o004 != 0:
		who = "anyone on this machine"
	case perm&0o040 != 0:
		who = "its group"
	default:
		return ""
	}
	return fmt.Sprintf("the key file %s (mode %04o) can be read by %s, not only its owner: the key is a secret; chmod 600 it where you can (a mounted secret with defaultMode 0400)", file, perm, who)
}

// serviceFlags binds --api-url; the key comes only from the environment, so
// that it never shows in a process list or a shell history.
type serviceFlags struct {
	apiURL string
	// wait bounds every call to the service, its retries and the reading
	// of its answer included: --service-wait, the run's own where the
	// command runs the engine, else the command's (registerWait).
	wait    *time.Duration
	ownWait time.Duration
	// budgetURL is --budget-url where the command has it: the Redis
	// through which the account's searches at once are shared too.
	budgetURL *string
	// account names the account once client has read the key, for the
	// budget shared by the runs of this machine (api.Client.Account).
	account string
	// key says where the key came from, once client has read it.
	key keySource
}

func (s *serviceFlags) register(f *pflag.FlagSet) {
	f.StringVar(&s.apiURL, "api-url", "", "base address of the service, e.g. http://127.0.0.1:8700 (default $"+envAPIURL+")")
}

// registerWait binds --service-wait for a command that has no run engine
// (whose flag it would be).
func (s *serviceFlags) registerWait(f *pflag.FlagSet) {
	f.DurationVar(&s.ownWait, "service-wait", pipeline.DefaultServiceWait, "how long to wait for a service that does not answer (the whole of a call, its answer included) before giving up")
	s.wait = &s.ownWait
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
	key, src, err := apiKey()
	if err != nil {
		return nil, err
	}
	s.key = src
	if src.warning != "" {
		log.Warn(src.warning)
	}
	base := s.apiURL
	if base == "" {
		base = os.Getenv(envAPIURL)
	}
	if base == "" {
		return nil, usageErrorf("no service address: set %s (such as http://127.0.0.1:8700 for a local emulator) or --api-url", envAPIURL)
	}
	opts := []api.Option{api.WithLogger(log), api.WithKeyFrom(src.env)}
	if s.wait != nil {
		if *s.wait <= 0 {
			return nil, usageErrorf("--service-wait %v: must be longer than 0", *s.wait)
		}
		opts = append(opts, api.WithCallTimeout(*s.wait))
	}
	c, err := api.New(base, key, opts...)
	if err != nil {
		// The sentence quotes the address as given: show it redacted.
		return nil, usageErrorf("%s", strings.ReplaceAll(err.Error(), base, redact.URL(base)))
	}
	s.account = c.Account()
	slots, err := s.searchSlots(log)
	if err != nil {
		return nil, err
	}
	return c.With(api.WithSearchSlots(slots.Take)), nil
}

// searchSlots returns the account's three searches at once, shared with
// every process on the account as the lookup budget is: through Redis
// when the budget is, else through the machine's state folder. A wait
// for one is bounded by --service-wait. A state folder another user can
// change is refused (exit 2), as ssh refuses such a ~/.ssh; a folder that
// cannot be kept at all leaves the process counting its own.
func (s *serviceFlags) searchSlots(log *slog.Logger) (*budget.Slots, error) {
	flag := ""
	if s.budgetURL != nil {
		flag = *s.budgetURL
	}
	wait := pipeline.DefaultServiceWait
	if s.wait != nil {
		wait = *s.wait
	}
	url, err := budgetURL(flag)
	if err == nil {
		var dir string
		if url == "" {
			dir, err = budget.Dir()
		}
		if err == nil {
			var slots *budget.Slots
			opts := budget.SlotOptions{Wait: wait, Label: commandLine(), Clock: clock.Real{}}
			if slots, err = budget.OpenSlots(dir, url, s.account, budget.MaxSearches, opts); err == nil {
				return slots, nil
			}
		}
	}
	if fault.NeedsFix(err) {
		return nil, usageErrorf("%s", err.Error())
	}
	log.Warn("the account's searches at once cannot be shared with other runs; this process counts its own", "error", err)
	return budget.NewLocalSlots(budget.MaxSearches), nil
}

// serviceError turns a failed call into one sentence a user can act on
// (api.Explain), with its exit code: what no wait mends (a refused key
// or account, a redirect elsewhere, an endpoint that is not there) is
// configuration (2); a service that does not answer within
// --service-wait is an outage (3).
func serviceError(err error) error {
	var held *budget.HeldError
	if errors.As(err, &held) {
		// The wait for the account's searches at once was made: no
		// search was, and a later run makes it.
		return withCode(ExitIncomplete, held)
	}
	switch fault.Of(err) {
	case fault.Fix:
		return usageErrorf("%s", api.Explain(err))
	case fault.Wait:
		return withCode(ExitIncomplete, fmt.Errorf("%s; it did not answer within --service-wait", api.Explain(err)))
	}
	return api.Explained(err)
}
