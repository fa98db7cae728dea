package demo

import (
	"fmt"
	"io"

	"github.com/enrich-dev/enrich/demo/leads"
)

// check reads the enriched sheet back and compares every row with what it
// must be.
func check(output string, sheet []leads.Lead, out io.Writer) error {
	wrong, err := leads.Compare(output, sheet)
	if err != nil {
		return err
	}
	if len(wrong) > 0 {
		for _, w := range wrong[:min(5, len(wrong))] {
			fmt.Fprintf(out, "demo: %s\n", w)
		}
		return fmt.Errorf("%d of %d rows are not as the emulator's world says", len(wrong), len(sheet))
	}
	fmt.Fprintf(out, "demo: all %d rows checked against the emulator's world; open %s\n", len(sheet), output)
	return nil
}
