package world

// Sample holds identifiers of known people, in canonical spelling: profile
// URLs https://www.linkedin.com/in/<slug>, lower-case e-mails, E.164
// phones and 32-hex uids.
type Sample struct {
	LinkedIn []string // https://www.linkedin.com/in/<slug>
	Email    []string // lower case
	Phone    []string // E.164
	UID      []string // 32 lower-case hex digits
}

// Sample returns up to n identifiers of each kind, every one from a
// different person (no two identifiers in the sample resolve to the same
// profile). The same world always returns the same sample.
func (w *World) Sample(n int) Sample {
	var s Sample
	total := w.Len()
	if n <= 0 || total == 0 {
		return s
	}
	// Visit people in a pseudo-random order without storing a permutation:
	// i, i+step, i+2·step... modulo the population, with step coprime to
	// it, reaches everyone exactly once.
	r := newRand(uint64(w.cfg.Seed), streamSample)
	i := intN(r, total)
	step := 1
	if total > 2 {
		step = 1 + intN(r, total-1)
		for gcd(step, total) != 1 {
			step++
		}
	}
	full := func() bool {
		return len(s.LinkedIn) >= n && len(s.Email) >= n && len(s.Phone) >= n && len(s.UID) >= n
	}
	for visited := 0; visited < total && !full(); visited++ {
		p := &w.people[i]
		i = (i + step) % total
		// Give the person to the kind that most needs them and that they
		// can supply; e-mails and phones are scarcer than URLs and uids.
		switch {
		case len(s.Phone) < n && len(p.Phones) > 0:
			s.Phone = append(s.Phone, p.Phones[0].E164())
		case len(s.Email) < n && len(p.Emails) > 0:
			s.Email = append(s.Email, p.Emails[0].Address)
		case len(s.LinkedIn) < n && len(s.LinkedIn) <= len(s.UID):
			s.LinkedIn = append(s.LinkedIn, p.ProfileURL())
		case len(s.UID) < n:
			s.UID = append(s.UID, p.UID.String())
		case len(s.LinkedIn) < n:
			s.LinkedIn = append(s.LinkedIn, p.ProfileURL())
		}
	}
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
