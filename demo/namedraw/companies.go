package namedraw

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"

	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/match"
)

// shortHead reports whether a company with a domain begins its name with
// a word of three letters or fewer, or with initials: "VE Cargo"
// (vecargo.com), "Wu Energy", "KTT Company". Such a domain reads as
// anything: ve, vec, veca…
func shortHead(c *world.Company) bool {
	head := strings.Fields(c.Name)[0]
	letters, upper := 0, 0
	for _, r := range head {
		if unicode.IsLetter(r) {
			letters++
		}
		if unicode.IsUpper(r) {
			upper++
		}
	}
	return c.Domain != "" && letters > 0 && (letters <= 3 || upper == letters)
}

// shortTypo swaps two neighbouring letters inside a word of four to six
// letters that names the company (not its legal form): "Rapiur Works"
// for "Raipur Works". The first and last letters stay, as typing slips
// leave them.
func shortTypo(rng *rand.Rand, name string) (string, bool) {
	w := strings.Fields(name)
	key := strings.Fields(match.CompanyKey(name))
	var short []int
	for i, x := range w {
		if n := len(x); n >= 4 && n <= 6 && isASCIIWord([]byte(x)) && slices.Contains(key, strings.ToLower(x)) {
			short = append(short, i)
		}
	}
	if len(short) == 0 {
		return "", false
	}
	i := short[rng.IntN(len(short))]
	b := []byte(w[i])
	j := 1 + rng.IntN(len(b)-3)
	if strings.EqualFold(string(b[j]), string(b[j+1])) {
		return "", false
	}
	b[j], b[j+1] = b[j+1], b[j]
	w[i] = string(b)
	return strings.Join(w, " "), true
}
