package world

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
)

// A slot names one identifier of a person: its uid, its slug, e-mail k or
// phone k.
const (
	slotUID   = 0
	slotSlug  = 1
	slotEmail = 2  // + k, k < 3
	slotPhone = 8  // + k, k < 2
	slotEnd   = 10 // one past the last slot
)

// conflict is an identifier that was already taken when first indexed.
type conflict struct {
	person int32
	slot   uint8
}

// makeUnique indexes every identifier of every person and respells the
// few that collide (common names at the same mail provider, short slugs),
// so that uids, slugs, e-mails and phones are unique across the world.
//
// First every identifier is claimed in person order, in parallel by
// shard: a key always falls in the same shard, so each shard sees its keys
// in person order whatever the scheduling, and the earliest person keeps
// an identifier. Then the losers are respelled one by one, in person
// order, so the outcome is the same on every run.
func (w *World) makeUnique() {
	w.index = newKeyIndex(len(w.people) * 5)
	workers := runtime.GOMAXPROCS(0)
	lost := make([][]conflict, workers)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			mine := func(key uint64) bool { return shardOf(key)%workers == k }
			for i := range w.people {
				p := &w.people[i]
				for slot := range slotEnd {
					key, ok := w.slotKey(p, slot)
					if ok && mine(key) && !w.index.claim(key, p.Index) {
						lost[k] = append(lost[k], conflict{p.Index, uint8(slot)})
					}
				}
			}
		})
	}
	wg.Wait()
	all := slices.Concat(lost...)
	slices.SortFunc(all, func(a, b conflict) int {
		if a.person != b.person {
			return int(a.person) - int(b.person)
		}
		return int(a.slot) - int(b.slot)
	})

	src := rand.NewPCG(0, 0)
	r := rand.New(src)
	for k, c := range all {
		p := &w.people[c.person]
		if k == 0 || all[k-1].person != c.person {
			reseed(src, p.Seed, streamUnique)
		}
		w.respell(r, p, int(c.slot))
		if k == len(all)-1 || all[k+1].person != c.person {
			dropLost(p)
		}
	}
}

// slotKey returns the index key of a slot, if the person has that slot.
func (w *World) slotKey(p *Person, slot int) (uint64, bool) {
	switch {
	case slot == slotUID:
		return uidHash(p.UID), true
	case slot == slotSlug:
		return keyHash(keySlug, p.Slug), true
	case slot >= slotPhone:
		if k := slot - slotPhone; k < len(p.Phones) {
			return phoneHash(p.Phones[k].Number), true
		}
	case slot >= slotEmail:
		if k := slot - slotEmail; k < len(p.Emails) {
			return keyHash(keyEmail, p.Emails[k].Address), true
		}
	}
	return 0, false
}

// respell gives a lost identifier new spellings until one is free. Uids
// and slugs always find one; an e-mail or phone that finds none in a few
// attempts is marked for dropping (empty address, zero number).
func (w *World) respell(r *rand.Rand, p *Person, slot int) {
	const attempts = 8
	switch {
	case slot == slotUID:
		for {
			p.UID = drawUID(r)
			if w.index.claim(uidHash(p.UID), p.Index) {
				return
			}
		}
	case slot == slotSlug:
		base := p.Slug
		for {
			p.Slug = respellSlug(r, base)
			if w.index.claim(keyHash(keySlug, p.Slug), p.Index) {
				return
			}
		}
	case slot >= slotPhone:
		ph := &p.Phones[slot-slotPhone]
		country := w.geo.placeCountry[p.City]
		for range attempts {
			num, ok := w.phonePlans.draw(r, p.City, country, ph.Kind)
			if ok && w.index.claim(phoneHash(num), p.Index) {
				ph.Number = num
				return
			}
		}
		ph.Number = 0
	default:
		e := &p.Emails[slot-slotEmail]
		for range attempts {
			addr := respellEmail(r, e.Address)
			if w.index.claim(keyHash(keyEmail, addr), p.Index) {
				e.Address = addr
				return
			}
		}
		e.Address = ""
	}
}

// dropLost removes the e-mails and phones respell gave up on. The slices
// shrink in place: their slab neighbours are untouched.
func dropLost(p *Person) {
	p.Emails = slices.DeleteFunc(p.Emails, func(e Email) bool { return e.Address == "" })
	p.Phones = slices.DeleteFunc(p.Phones, func(ph Phone) bool { return ph.Number == 0 })
}
