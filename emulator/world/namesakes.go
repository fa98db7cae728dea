package world

// Namesakes at one company are as rare in the world as chance makes them
// with names at real-world frequencies: a few in a thousand people share
// their full name with a colleague. A test of telling namesakes apart
// asks for more with Config.Namesakes: that many people in a thousand of
// the start are given the name of a colleague at their current company
// (their given and family name, the gender that goes with it), with a
// profile URL and e-mail addresses made from it. Nothing else of either
// person changes.

// addNamesakes renames people of the start as colleagues, as many as
// Config.Namesakes asks for, in an order fixed by the seed.
func (w *World) addNamesakes() {
	want := w.cfg.People * w.cfg.Namesakes / 1000
	if want == 0 {
		return
	}
	staff := map[int32][]int32{} // current employees of the start by company, by index
	for i := range w.cfg.People {
		if j, ok := w.people[i].CurrentJob(); ok {
			staff[j.Company] = append(staff[j.Company], int32(i))
		}
	}
	gen := w.newGenerator(w.hiring, nil)
	r := newRand(seedFor(w.cfg.Seed, streamNamesakes, 0), streamNamesakes)
	renamed := make(map[int32]bool, 2*want)
	for tries := 0; want > 0 && tries < 50*w.cfg.People; tries++ {
		i := int32(intN(r, w.cfg.People))
		j, ok := w.people[i].CurrentJob()
		if !ok || renamed[i] {
			continue
		}
		colleagues := staff[j.Company]
		k := pick(r, colleagues)
		if k == i || renamed[k] || w.people[k].FullName == w.people[i].FullName {
			continue
		}
		gen.renameAs(int(i), int(k))
		renamed[i], renamed[k] = true, true
		want--
	}
}

// renameAs gives person i the name of person k, and a profile URL and
// e-mail addresses made from it.
func (gen *generator) renameAs(i, k int) {
	src, p := &gen.people[k], &gen.people[i]
	// The name of k is the third draw of k's generation (person).
	reseed(gen.src, src.Seed, streamPerson)
	drawUID(gen.r)
	gen.geo.residents.draw(gen.r)
	n := gen.names.draw(gen.r, gen.geo.placeCountry[src.City])

	p.FirstName, p.LastName, p.FullName, p.Script, p.culture = src.FirstName, src.LastName, src.FullName, src.Script, src.culture
	if p.Gender != GenderUnknown {
		p.Gender = n.gender
	}
	p.Has = p.Has&^HasAltNames | src.Has&HasAltNames
	p.AltName = src.AltName

	reseed(gen.src, p.Seed, streamNamesakes)
	parts := partsOf(n)
	gen.buf = appendSlug(gen.buf[:0], gen.r, parts)
	p.Slug = gen.intern(gen.buf)
	gen.drawEmails(gen.r, p, parts, gen.geo.placeCountry[p.City])
}
