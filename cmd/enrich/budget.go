package main

import (
	"os"

	"github.com/spf13/pflag"

	"github.com/enrich-dev/enrich/internal/budget"
)

// envBudgetURL names the Redis server through which the runs of every
// machine on the account share its budget.
const envBudgetURL = "ENRICH_BUDGET_URL"

// registerBudgetURL binds --budget-url.
func registerBudgetURL(f *pflag.FlagSet, url *string) {
	f.StringVar(url, "budget-url", "", "Redis server through which every machine's runs on the account share its budget: redis://[user:password@]host:port/db, or rediss:// (default $"+envBudgetURL+"; none: this machine's runs share it through a file)")
}

// budgetURL is --budget-url, else $ENRICH_BUDGET_URL, checked; "" when
// neither is set.
func budgetURL(flag string) (string, error) {
	url := flag
	if url == "" {
		url = os.Getenv(envBudgetURL)
	}
	if url == "" {
		return "", nil
	}
	if _, err := budget.CheckRedisURL(url); err != nil {
		return "", usageErrorf("%w", err)
	}
	return url, nil
}
