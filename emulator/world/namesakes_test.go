package world

import "testing"

// colleagueNamesakes counts the people of the start who share their full
// name with someone at their current company.
func colleagueNamesakes(w *World) (same, employed int) {
	type key struct {
		company int32
		name    string
	}
	count := map[key]int{}
	for i := range w.cfg.People {
		if j, ok := w.Person(i).CurrentJob(); ok {
			count[key{j.Company, w.Person(i).FullName}]++
			employed++
		}
	}
	for _, n := range count {
		if n > 1 {
			same += n
		}
	}
	return same, employed
}

// Config.Namesakes adds namesakes at one company on purpose: each renamed
// person carries a colleague's full name, and a profile URL and e-mail
// made from it; every identifier stays unique.
func TestNamesakes(t *testing.T) {
	plain := New(Config{People: 4000})
	w := New(Config{People: 4000, Namesakes: 20})
	base, employed := colleagueNamesakes(plain)
	same, _ := colleagueNamesakes(w)
	t.Logf("people sharing their full name with a colleague: %d of %d by chance, %d with Namesakes 20", base, employed, same)
	if same < base+2*4000*20/1000*9/10 {
		t.Errorf("Namesakes 20 made %d namesakes at one company, %d by chance", same, base)
	}
	renamed := 0
	for i := range w.cfg.People {
		p, was := w.Person(i), plain.Person(i)
		if p.FullName == was.FullName {
			continue
		}
		renamed++
		if p.Slug == was.Slug {
			t.Errorf("person %d renamed %s keeps the slug %s", i, p.FullName, p.Slug)
		}
		if p.UID != was.UID || len(p.Jobs) != len(was.Jobs) || p.City != was.City {
			t.Errorf("person %d: more than the name changed", i)
		}
	}
	if renamed != 4000*20/1000 {
		t.Errorf("%d people renamed, want %d", renamed, 4000*20/1000)
	}
	for i := range w.cfg.People {
		p := w.Person(i)
		if got, ok := w.Find(p.ProfileURL()); !ok || got.Index != p.Index {
			t.Fatalf("person %d is not found by their slug %s", i, p.Slug)
		}
	}
}
