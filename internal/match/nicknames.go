package match

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed data/nicknames.csv
var nicknamesCSV string

var (
	nicknameOnce sync.Once
	nicknameRel  map[string][]string // a name -> its nicknames and the names it is a nickname of
)

// nicknames returns the given names that the nickname table relates to
// name, one step either way ("bob" -> "robert"; "robert" -> "bob",
// "rob", …), where the nickname is shorter than the name. Names that
// merely share a full form ("bob", "rob") are not related: the table's
// genealogical entries make that step too loose.
func nicknames(name string) []string {
	nicknameOnce.Do(func() {
		nicknameRel = map[string][]string{}
		for i, line := range strings.Split(nicknamesCSV, "\n") {
			f := strings.Split(strings.TrimSpace(line), ",")
			if i == 0 || len(f) != 3 || f[1] != "has_nickname" {
				continue
			}
			a, b := Fold(f[0]), Fold(f[2])
			// A nickname is a short form: the table's genealogical
			// entries that are not ("susan" has "hannah") are left out.
			if a == "" || b == "" || len(b) >= len(a) || strings.Contains(a, " ") || strings.Contains(b, " ") || distinctNames[a+"/"+b] {
				continue
			}
			nicknameRel[a] = append(nicknameRel[a], b)
			nicknameRel[b] = append(nicknameRel[b], a)
		}
	})
	return nicknameRel[name]
}

// distinctNames are pairs the table lists from old records that are
// separate names today: a Peter is not a Patrick, nor an Erin an Aaron.
var distinctNames = set("patrick/peter", "susan/hannah", "susannah/hannah", "johannah/hannah", "joanna/hannah",
	"aaron/erin", "aron/erin", "robert/bill", "robert/billy", "margaret/rita", "katherine/lena", "alexandra/sandra",
	"alexander/sandy", "mary/polly", "eleanor/nora", "helen/nell", "christopher/kit", "katherine/kit")

// isNickname reports whether the table relates two different given names.
func isNickname(a, b string) bool {
	for _, n := range nicknames(a) {
		if n == b {
			return true
		}
	}
	return false
}

// HasNicknames reports whether the table relates a given name to others:
// a search by its family name alone may find the person under another
// form of it.
func HasNicknames(given string) bool { return len(nicknames(given)) > 0 }

// Nicknames returns the given names the table relates to a given name
// (folded), for tests that write a row as people write it.
func Nicknames(given string) []string { return nicknames(Fold(given)) }
