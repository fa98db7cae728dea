package world

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// chunk is how many consecutive people one worker generates at a time.
const chunk = 4096

// generatePeople fills w.people in parallel. Each person depends only on
// the world seed and their index, so the result does not depend on how
// the work is split.
func (w *World) generatePeople(h *hiring, owners map[int32]int32) {
	workers := runtime.GOMAXPROCS(0)
	chunks := (len(w.people) + chunk - 1) / chunk
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			gen := w.newGenerator(h, owners)
			for c := k; c < chunks; c += workers {
				for i := c * chunk; i < min((c+1)*chunk, len(w.people)); i++ {
					gen.now = w.now
					if i >= w.cfg.People {
						// A newcomer's history leads up to the month they join.
						gen.now = monthOfTime(w.Start().AddDate(0, 0, joinDay(i-w.cfg.People, len(w.people)-w.cfg.People)))
					}
					gen.person(&w.people[i], i, w.cfg.Seed)
				}
			}
		})
	}
	wg.Wait()
}

// generator is one worker's state: shared read-only vocabularies, its own
// random source, scratch buffers and slabs.
type generator struct {
	*World
	hiring *hiring
	owners map[int32]int32 // the self-employed company of each owner
	// now is the month the person being generated is as of: the world's
	// start, or the month a newcomer joins.
	now       Month
	localMail [][]string // local mail providers by countryID
	src       *rand.PCG
	r         *rand.Rand

	jobs   []Job
	edu    []Education
	emails []Email
	phones []Phone
	skill  []SkillID

	buf   []byte          // scratch for building strings
	arena strings.Builder // backing store of interned strings

	jobSlab   slab[Job]
	eduSlab   slab[Education]
	emailSlab slab[Email]
	phoneSlab slab[Phone]
	skillSlab slab[SkillID]
}

func (w *World) newGenerator(h *hiring, owners map[int32]int32) *generator {
	src := rand.NewPCG(0, 0)
	return &generator{World: w, hiring: h, owners: owners, localMail: loadLocalMail(), src: src, r: rand.New(src)}
}

// person generates person i.
func (gen *generator) person(p *Person, i int, seed int64) {
	p.Index = int32(i)
	p.Seed = seedFor(seed, streamPerson, i)
	reseed(gen.src, p.Seed, streamPerson)
	r := gen.r

	p.UID = drawUID(r)
	p.City = int32(gen.geo.residents.draw(r))
	country := gen.geo.placeCountry[p.City]

	n := gen.names.draw(r, country)
	p.FirstName, p.LastName, p.FullName, p.Script = n.first, n.last, n.full, n.script
	p.Gender, p.culture = n.gender, uint8(n.culture)
	if chance(r, 10) {
		p.Gender = GenderUnknown
	}

	fam := gen.career(r, p, country)
	gen.drawSkills(r, p, fam)

	var has Has
	set := func(flag Has, percent int) {
		if chance(r, percent) {
			has |= flag
		}
	}
	set(HasHeadline, 92)
	set(HasSummary, 55)
	set(HasPhoto, 72)
	set(HasAddresses, 4)
	set(HasBirthday, 6)
	// Alternative names: now and then the native spelling of a name from
	// a non-Latin culture, or a name without its diacritics. Kept only for
	// the profiles that show one, to save the memory for everyone else.
	if n.other != "" {
		set(HasAltNames, 6)
		if has&HasAltNames != 0 {
			p.AltName = n.other
		}
	} else if n.folded != n.full {
		set(HasAltNames, 10)
		if has&HasAltNames != 0 {
			p.AltName = n.folded
		}
	}
	p.Has = has
	p.Social = drawSocial(r, gen.geo.countries[country].Code, familyDept[fam], p.Level)

	parts := partsOf(n)
	gen.buf = appendSlug(gen.buf[:0], r, parts)
	p.Slug = gen.intern(gen.buf)
	gen.drawEmails(r, p, parts, country)
	gen.drawPhones(r, p, country)
}

// intern returns b as a string that shares a large block with other
// strings of this worker, instead of being an allocation of its own. A
// strings.Builder never rewrites bytes it has handed out, so earlier
// strings stay valid when the block fills up and a new one starts.
func (gen *generator) intern(b []byte) string {
	if gen.arena.Cap()-gen.arena.Len() < len(b) {
		gen.arena = strings.Builder{}
		gen.arena.Grow(max(64<<10, len(b)))
	}
	start := gen.arena.Len()
	gen.arena.Write(b)
	return gen.arena.String()[start:]
}

// drawUID draws 16 random bytes.
func drawUID(r *rand.Rand) UID {
	var u UID
	a, b := r.Uint64(), r.Uint64()
	for i := range 8 {
		u[i] = byte(a >> (8 * i))
		u[8+i] = byte(b >> (8 * i))
	}
	return u
}

// drawSkills gives a person up to twenty skills: mostly those of the work
// their roles are in (the latest role's most), those of running a team or
// a business for people who have led one, and generic ones; a few people
// list none. Someone who has not worked yet lists the skills of the work
// they studied for (fam).
func (gen *generator) drawSkills(r *rand.Rand, p *Person, fam family) {
	if chance(r, 8) {
		return
	}
	v := gen.skills
	var fams [4]family
	work := fams[:0]
	leader := false
	for _, j := range p.Jobs {
		f := j.fam
		if f == famGeneral || leads(gen.titles.titles[j.Title].Level) {
			leader = true
		}
		if f != famGeneral && len(work) < len(fams) && !slices.Contains(work, f) {
			work = append(work, f)
		}
	}
	if len(p.Jobs) == 0 {
		work = append(work, fam)
	}
	n := between(r, 3, 20)
	out := gen.skill[:0]
	var seen [maxSkills / 64]uint64 // bit set over the vocabulary
	for tries := 0; len(out) < n && tries < 3*n; tries++ {
		var s SkillID
		switch x := intN(r, 100); {
		case x < 65 && len(work) > 0:
			f := work[0]
			if chance(r, 25) {
				f = pick(r, work)
			}
			s = pick(r, gen.lineSkillPool(r, p, f, out))
		case x < 82 && leader:
			s = pick(r, gen.leadingSkills(p))
		default:
			s = pick(r, v.generic)
		}
		if seen[s/64]&(1<<(s%64)) == 0 {
			seen[s/64] |= 1 << (s % 64)
			out = append(out, s)
		}
	}
	gen.skill = out
	p.Skills = gen.skillSlab.take(out)
}

// fitSkills drops the skills a person's roles no longer account for,
// after a role was retitled: those of running a business once no role
// leads people (an owner's seat taken by an earlier owner).
func (w *World) fitSkills(p *Person) {
	w.dropUnearnedSkills(p)
	leader := false
	for _, j := range p.Jobs {
		leader = leader || j.fam == famGeneral || leads(w.titles.titles[j.Title].Level)
	}
	if leader {
		return
	}
	general := w.skills.byFamily[famGeneral]
	kept := p.Skills[:0]
	for _, s := range p.Skills {
		if !slices.Contains(general, s) || slices.Contains(w.skills.generic, s) || w.ownSkill(p, s) {
			kept = append(kept, s)
		}
	}
	p.Skills = kept
}

// ownSkill reports whether skill s is of the line of work of one of p's
// roles.
func (w *World) ownSkill(p *Person, s SkillID) bool {
	for _, j := range p.Jobs {
		if slices.Contains(w.skills.byFamily[j.fam], s) {
			return true
		}
	}
	return false
}

// leads reports whether a level leads people: a team lead and above.
func leads(l Level) bool {
	return l == Lead || senior(l) || l == Founder || l == Board
}
