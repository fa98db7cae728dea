package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"
)

func newCreditsCommand(g *globals) *cobra.Command {
	var svc serviceFlags
	var withoutContacts, asJSON bool
	cmd := &cobra.Command{
		Use:   "credits",
		Short: "Show the account's credit balance",
		Long: `Show the balance of the account's standard credit pool (lookups with
contacts), or with --without-contacts of the without-contacts pool.
The key comes from ENRICH_API_KEY, the service's address from ENRICH_API_URL.
With --json it prints {"pool": "standard", "credits": N} for scripts.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, _, err := svc.connect(g)
			if err != nil {
				return err
			}
			n, _, err := c.Credits(cmd.Context(), withoutContacts)
			if err != nil {
				return serviceError(err)
			}
			if asJSON {
				pool := "standard"
				if withoutContacts {
					pool = "without_contacts"
				}
				return json.NewEncoder(cmd.OutOrStdout()).Encode(struct {
					Pool    string `json:"pool"`
					Credits int64  `json:"credits"`
				}{pool, n})
			}
			pool := "standard (with contacts)"
			if withoutContacts {
				pool = "without contacts"
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d credits, %s\n", n, pool)
			return nil
		},
	}
	svc.register(cmd.Flags())
	svc.registerWait(cmd.Flags())
	cmd.Flags().BoolVar(&withoutContacts, "without-contacts", false, "show the without-contacts pool")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the balance as JSON: {\"pool\", \"credits\"}")
	return cmd
}
