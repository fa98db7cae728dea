package budget

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Usage is how the account's window is held at an instant: what a run
// without room tells its user it waits for.
type Usage struct {
	// Limit is the budget: the most items the window may hold.
	Limit int
	// Share is the most this process may hold: the budget divided among
	// the processes that want to send, itself included.
	Share int
	// Own is this process's items in the window, answered or not.
	Own int
	// Others is the items of every other process in the window, those of
	// processes that stopped sending included.
	Others int
	// Peers are the other processes that are alive, most items first; a
	// budget that is not shared has none.
	Peers []Peer
}

// Peer is another process on the account that is alive.
type Peer struct {
	// Label names it, such as "pid 4242: enrich run leads.csv".
	Label string
	// Items is how many of the window's items are its own.
	Items int
	// Waiting says that it has items waiting, and so takes a share.
	Waiting bool
}

// maxListed is how many runs String names; the rest are counted.
const maxListed = 3

// String says in one line, as a person would, what holds the account's
// budget while this run waits for room; it follows "waiting for the
// account's budget: ". Four states: this run holds its share while
// others wait for theirs; other runs hold what this run would take; other
// runs hold more than this run's whole budget (a run started with a
// smaller one than theirs); this run holds what it may.
func (u Usage) String() string {
	var waiting, holding []Peer
	for _, p := range u.Peers {
		if p.Waiting {
			waiting = append(waiting, p)
		}
		if p.Items > 0 {
			holding = append(holding, p)
		}
	}
	ended := u.Others
	for _, p := range holding {
		ended -= p.Items
	}
	switch {
	case u.Own >= u.Share && u.Share < u.Limit && len(waiting) > 0:
		return fmt.Sprintf("this run holds its share, %d of the %d items the budget allows, while %s for room: %s",
			u.Own, u.Limit, plural(len(waiting), "other run waits", "other runs wait"), list(waiting, 0))
	case u.Others > u.Limit:
		return fmt.Sprintf("other runs hold %d items, more than this run's whole budget of %d; it sends once theirs leave the window: %s",
			u.Others, u.Limit, list(holding, ended))
	case u.Others > 0:
		return fmt.Sprintf("other runs hold %d of the %d items the budget allows, and this run %d: %s",
			u.Others, u.Limit, u.Own, list(holding, ended))
	}
	return fmt.Sprintf("this run holds %d of the %d items the budget allows", u.Own, u.Limit)
}

// list names runs with their items, and the items of runs that no longer
// send when there are any.
func list(runs []Peer, ended int) string {
	var parts []string
	for i, p := range runs {
		if i == maxListed {
			rest := 0
			for _, q := range runs[i:] {
				rest += q.Items
			}
			parts = append(parts, fmt.Sprintf("%s, holding %d", plural(len(runs)-i, "other run", "other runs"), rest))
			break
		}
		parts = append(parts, fmt.Sprintf("%s, holding %d", p.Label, p.Items))
	}
	if ended > 0 {
		parts = append(parts, fmt.Sprintf("runs that stopped sending, %d", ended))
	}
	return strings.Join(parts, "; ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// usage returns how the window at now is held, seen from owner.
func (l *ledger) usage(now time.Time, owner string, limit int, span time.Duration) Usage {
	u := Usage{Limit: limit, Share: l.share(now, owner, limit)}
	held := make(map[string]int)
	for _, e := range l.Entries {
		switch {
		case !l.counts(e, now, span):
		case e.Owner == owner:
			u.Own += e.N
		default:
			u.Others += e.N
			held[e.Owner] += e.N
		}
	}
	for _, c := range l.Claims {
		if c.Owner != owner && now.Sub(c.Beat) < claimFresh {
			u.Peers = append(u.Peers, Peer{Label: c.name(), Items: held[c.Owner], Waiting: c.Wants})
		}
	}
	slices.SortFunc(u.Peers, func(a, b Peer) int {
		return cmp.Or(cmp.Compare(b.Items, a.Items), cmp.Compare(a.Label, b.Label))
	})
	return u
}

// maxLabel is the longest label, in characters, that a progress line shows.
const maxLabel = 80

// processLabel names process pid, which runs label, to the other runs.
func processLabel(pid int, label string) string {
	if label = oneLine(label); label == "" {
		return "pid " + strconv.Itoa(pid)
	}
	return "pid " + strconv.Itoa(pid) + ": " + label
}

// name returns how c is shown: its label, or for a claim written before
// labels, the process id its owner begins with.
func (c claim) name() string {
	if c.Label != "" {
		return oneLine(c.Label)
	}
	if pid, _, ok := strings.Cut(c.Owner, "-"); ok {
		if _, err := strconv.Atoi(pid); err == nil {
			return "pid " + pid
		}
	}
	return oneLine(c.Owner)
}

// oneLine returns s on one line, its runs of spaces and control
// characters made one space, cut to maxLabel characters: a label is shown
// within a progress line, and the ledger file is not ours alone.
func oneLine(s string) string {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}), " ")
	if r := []rune(s); len(r) > maxLabel {
		s = string(r[:maxLabel-1]) + "…"
	}
	return s
}
