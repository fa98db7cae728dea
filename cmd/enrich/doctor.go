package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/callback"
	"github.com/enrich-dev/enrich/internal/budget"
	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redact"
)

func newDoctorCommand(g *globals) *cobra.Command {
	var (
		svc            serviceFlags
		listen, public string
		skipReachCheck bool
		asJSON         bool
		budgetFlag     string
	)
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check the key, the credit pools and that callbacks can reach this machine",
		Long: `Check what a run needs, and say what to fix:
  - that ENRICH_API_KEY is accepted by the service at ENRICH_API_URL;
  - the balance of each credit pool a lookup uses;
  - that a request sent to the public callback URL (--public-url, default
    http://LISTEN) reaches a listener on --listen. A callback that never
    arrives is most often an address that leads elsewhere: a server with no
    public address, a closed firewall, a tunnel that is down;
  - with ENRICH_BUDGET_URL (or --budget-url), that the Redis server through
    which every machine's runs share the account's budget answers.
With --json it prints {"ok": bool, "checks": [{"check", "ok", "warning", "detail"}]}
for scripts; the exit code is the same (1 when a check failed).`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, _, err := svc.connect(g)
			if err != nil {
				return err
			}
			url, err := budgetURL(budgetFlag)
			if err != nil {
				return err
			}
			d := &doctor{out: cmd.OutOrStdout(), asJSON: asJSON}
			ctx := cmd.Context()
			d.keyFile(svc.key)
			d.service(ctx, c)
			if !skipReachCheck {
				d.callbacks(ctx, listen, public)
			}
			if url != "" {
				d.sharedBudget(ctx, url)
			}
			return d.end()
		},
	}
	f := cmd.Flags()
	svc.register(f)
	svc.registerWait(f)
	f.StringVar(&listen, "listen", callback.DefaultListen, "address the run's callback receiver listens on")
	f.StringVar(&public, "public-url", "", "address at which the service reaches the receiver (default http://LISTEN)")
	f.BoolVar(&skipReachCheck, "skip-callback-check", false, "do not check callback reachability (for --sync runs)")
	f.BoolVar(&asJSON, "json", false, "print the checks as JSON: {\"ok\", \"checks\": [{\"check\", \"ok\", \"warning\", \"detail\"}]}")
	registerBudgetURL(f, &budgetFlag)
	return cmd
}

// doctorCheck is one check of `enrich doctor`, for --json.
type doctorCheck struct {
	Check string `json:"check"` // key_file, service, standard_credits, without_contacts_credits, callbacks or shared_budget
	OK    bool   `json:"ok"`
	// Warning says the check passed with something to mend (a key file
	// others can read).
	Warning bool   `json:"warning"`
	Detail  string `json:"detail"` // the sentence the text output prints
}

func hint(n int64, what string) string {
	if n > 0 {
		return ""
	}
	return "; " + what
}

func writeReachHelp(w io.Writer) {
	fmt.Fprint(w, `     The service posts results to --public-url. Give an address the service can
     reach that forwards to --listen: a server's public address and port, or a
     tunnel (e.g. a reverse proxy or an SSH/HTTP tunnel). Without one, use
     --sync, which needs no callbacks.
`)
}

// doctor runs the checks of `enrich doctor` and says how each went.
type doctor struct {
	out    io.Writer
	asJSON bool
	checks []doctorCheck
	failed int
	name   string // of the check that comes next
	warned bool   // the next check passes with a warning
}

// check notes the outcome of the check named d.name.
func (d *doctor) check(ok bool, format string, a ...any) {
	detail := fmt.Sprintf(format, a...)
	d.checks = append(d.checks, doctorCheck{Check: d.name, OK: ok, Warning: d.warned, Detail: detail})
	mark := "ok  "
	switch {
	case !ok:
		mark = "FAIL"
		d.failed++
	case d.warned:
		mark = "warn"
	}
	d.warned = false
	if !d.asJSON {
		fmt.Fprintf(d.out, "%s %s\n", mark, detail)
	}
}

// keyFile checks the mode of a key read from ENRICH_API_KEY_FILE.
func (d *doctor) keyFile(key keySource) {
	if key.env != envAPIKeyFile {
		return
	}
	d.name = "key_file"
	if d.warned = key.warning != ""; d.warned {
		d.check(true, "%s", key.warning)
	} else {
		d.check(true, "key file %s: its owner alone can read it", key.file)
	}
}

// service checks the key and the balance of each credit pool.
func (d *doctor) service(ctx context.Context, c *api.Client) {
	service := redact.URL(c.BaseURL())
	n, _, err := c.Credits(ctx, false)
	d.name = "service"
	if err != nil {
		d.check(false, "service at %s: %v", service, serviceError(err))
		return
	}
	d.check(true, "service at %s accepts the key", service)
	d.name = "standard_credits"
	d.check(n > 0, "standard credits (lookups with contacts): %d%s", n, hint(n, "top up the account, or use --without-contacts"))
	d.name = "without_contacts_credits"
	if m, _, err := c.Credits(ctx, true); err != nil {
		d.check(false, "without-contacts credits: %v", serviceError(err))
	} else {
		d.check(true, "without-contacts credits: %d", m)
	}
}

// callbacks checks that the public address reaches a listener on listen.
func (d *doctor) callbacks(ctx context.Context, listen, public string) {
	d.name = "callbacks"
	url, err := callback.Check(ctx, listen, public)
	if err != nil {
		d.check(false, "callbacks: %s does not reach a listener on %s: %s", redact.URL(url), listen, redact.Text(err.Error()))
		if !d.asJSON {
			writeReachHelp(d.out)
		}
		return
	}
	d.check(true, "callbacks: %s reaches the listener on %s", redact.URL(url), listen)
}

// sharedBudget checks that the Redis of the shared budget answers.
func (d *doctor) sharedBudget(ctx context.Context, url string) {
	d.name = "shared_budget"
	shown, _ := budget.CheckRedisURL(url)
	switch skew, err := budget.Ping(ctx, url); {
	case fault.NeedsFix(err):
		d.check(false, "%s", redact.Text(err.Error()))
	case err != nil:
		d.check(false, "shared budget: Redis at %s does not answer: %s; runs wait for it, and stop after --service-wait", shown, redact.Text(err.Error()))
	default:
		d.check(true, "shared budget: Redis at %s answers (its clock is %s from this machine's; the window is kept on its clock)", shown, skew.Round(time.Millisecond))
	}
}

// end prints the checks as JSON when asked, and fails when one failed.
func (d *doctor) end() error {
	if d.asJSON {
		if err := json.NewEncoder(d.out).Encode(struct {
			OK     bool          `json:"ok"`
			Checks []doctorCheck `json:"checks"`
		}{d.failed == 0, d.checks}); err != nil {
			return err
		}
	}
	if d.failed > 0 {
		return fmt.Errorf("%d check(s) failed", d.failed)
	}
	return nil
}
