package sources

import (
	"fmt"
	"strings"
)

// distinctNames gives every header cell a name that no other column has,
// so that JSON output and --column can address each column: an empty
// header becomes "column_N" (N its 1-based position), and a repeated one
// gets "_2", "_3"… in order of appearance; the first keeps its name. A
// made-up name never takes one that another header spells out.
func distinctNames(header []string) []string {
	written := make(map[string]bool, len(header))
	for _, h := range header {
		written[strings.TrimSpace(h)] = true
	}
	names := make([]string, len(header))
	claimed := make(map[string]bool, len(header))
	for i, h := range header {
		base := strings.TrimSpace(h)
		own := base != ""
		if !own {
			base = fmt.Sprintf("column_%d", i+1)
		}
		name := base
		for k := 2; claimed[name] || !(own && name == base) && written[name]; k++ {
			name = fmt.Sprintf("%s_%d", base, k)
		}
		claimed[name] = true
		names[i] = name
	}
	return names
}
