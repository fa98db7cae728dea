package match

import (
	"fmt"
	"strings"
)

// Settle says what would settle a row that names several people (people
// candidates agree, of total the search found), for its error column.
func Settle(people int, total int64, row Row) string {
	n := people
	var who string
	switch {
	case n > 1:
		who = fmt.Sprintf("%d people of this name at this company", n)
	case total > 0:
		who = fmt.Sprintf("more people of this name at this company than one search shows (%d found)", total)
	default:
		who = "several people of this name at this company"
	}
	var add []string
	add = append(add, "an e-mail", "a profile URL")
	if row.Location == "" {
		add = append(add, "a city")
	}
	if row.Title == "" {
		add = append(add, "a title")
	}
	return who + "; " + strings.Join(add[:len(add)-1], ", ") + " or " + add[len(add)-1] + " would settle it"
}
