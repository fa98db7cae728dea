package sources

import (
	"fmt"
	"strings"
)

// distinctNames gives every header cell a name that no other column has,
// so that JSON output and --column can address each column: an empty
// header becomes "column_N" (N its 1-based position), and a repeated one
// gets "_2", "_3"… in order of appearance; the first keeps its name. A
// made-up name never takes one that another header spells out. Each base
// name remembers the last suffix it gave, so that a header of thousands
// of copies of one name takes linear time.
func distinctNames(header []string) []string {
	written := make(map[string]bool, len(header))
	for _, h := range header {
		written[strings.TrimSpace(h)] = true
	}
	names := make([]string, len(header))
	claimed := make(map[string]bool, len(header))
	next := make(map[string]int)
	for i, h := range header {
		base := strings.TrimSpace(h)
		own := base != ""
		if !own {
			base = fmt.Sprintf("column_%d", i+1)
		}
		name := base
		if claimed[name] || !own && written[name] {
			k := max(next[base], 2)
			for {
				name = fmt.Sprintf("%s_%d", base, k)
				if !claimed[name] && !written[name] {
					break
				}
				k++
			}
			next[base] = k + 1
		}
		claimed[name] = true
		names[i] = name
	}
	return names
}
