package main

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

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
			out := cmd.OutOrStdout()
			failed := 0
			var checks []doctorCheck
			var name string // of the check that comes next
			warned := false // the next check passes with a warning
			check := func(ok bool, format string, a ...any) {
				detail := fmt.Sprintf(format, a...)
				checks = append(checks, doctorCheck{Check: name, OK: ok, Warning: warned, Detail: detail})
				mark := "ok  "
				switch {
				case !ok:
					mark = "FAIL"
					failed++
				case warned:
					mark = "warn"
				}
				warned = false
				if !asJSON {
					fmt.Fprintf(out, "%s %s\n", mark, detail)
				}
			}
			c, _, err := svc.connect(g)
			if err != nil {
				return err
			}
			if svc.key.env == envAPIKeyFile {
				name = "key_file"
				if warned = svc.key.warning != ""; warned {
					check(true, "%s", svc.key.warning)
				} else {
					check(true, "key file %s: its owner alone can read it", svc.key.file)
				}
			}
			service := redact.URL(c.BaseURL())
			n, _, err := c.Credits(cmd.Context(), false)
			name = "service"
			if err != nil {
				check(false, "service at %s: %v", service, serviceError(err))
			} else {
				check(true, "service at %s accepts the key", service)
				name = "standard_credits"
				check(n > 0, "standard credits (lookups with contacts): %d%s", n, hint(n, "top up the account, or use --without-contacts"))
				name = "without_contacts_credits"
				if m, _, err := c.Credits(cmd.Context(), true); err != nil {
					check(false, "without-contacts credits: %v", serviceError(err))
				} else {
					check(true, "without-contacts credits: %d", m)
				}
			}
			if !skipReachCheck {
				name = "callbacks"
				url, err := callback.Check(cmd.Context(), listen, public)
				if err != nil {
					check(false, "callbacks: %s does not reach a listener on %s: %s", redact.URL(url), listen, redact.Text(err.Error()))
					if !asJSON {
						writeReachHelp(out)
					}
				} else {
					check(true, "callbacks: %s reaches the listener on %s", redact.URL(url), listen)
				}
			}
			if url, err := budgetURL(budgetFlag); err != nil {
				return err
			} else if url != "" {
				name = "shared_budget"
				shown, _ := budget.CheckRedisURL(url)
				if skew, err := budget.Ping(cmd.Context(), url); fault.NeedsFix(err) {
					check(false, "%s", redact.Text(err.Error()))
				} else if err != nil {
					check(false, "shared budget: Redis at %s does not answer: %s; runs wait for it, and stop after --service-wait", shown, redact.Text(err.Error()))
				} else {
					check(true, "shared budget: Redis at %s answers (its clock is %s from this machine's; the window is kept on its clock)", shown, skew.Round(time.Millisecond))
				}
			}
			if asJSON {
				if err := json.NewEncoder(out).Encode(struct {
					OK     bool          `json:"ok"`
					Checks []doctorCheck `json:"checks"`
				}{failed == 0, checks}); err != nil {
					return err
				}
			}
			if failed > 0 {
				return fmt.Errorf("%d check(s) failed", failed)
			}
			return nil
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
