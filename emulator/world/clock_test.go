package world

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// yearLater is the shared test world a year after its start.
var yearLater = sync.OnceValue(func() *World {
	w, err := testWorld().Advance(365)
	if err != nil {
		panic(err)
	}
	return w
})

func mustAdvance(t *testing.T, w *World, days int) *World {
	t.Helper()
	next, err := w.Advance(days)
	if err != nil {
		t.Fatalf("Advance(%d) from day %d: %v", days, w.Day(), err)
	}
	return next
}

// Over a year about one person in six changes company, and more change
// only their title.
func TestCareerEventRates(t *testing.T) {
	start, w := testWorld(), yearLater()
	moved, retitled := 0, 0
	for i := range w.Len() {
		if i >= start.Len() {
			break // the newcomers of the year
		}
		p, was := w.Person(i), start.Person(i)
		if _, working := was.CurrentJob(); p == was || !working {
			continue // unchanged, or hired since
		}
		if p.Jobs[0].Company != was.Jobs[0].Company {
			moved++
		} else if p.Jobs[0].Title != was.Jobs[0].Title {
			retitled++
		}
	}
	n := float64(w.Len())
	t.Logf("over a year: %.1f%% changed company, %.1f%% only their title", 100*float64(moved)/n, 100*float64(retitled)/n)
	if share := float64(moved) / n; share < 0.14 || share > 0.19 {
		t.Errorf("%.3f of people changed company in a year, want about 1/6", share)
	}
	if retitled <= moved {
		t.Errorf("%d people changed only their title, %d their company: want more title changes", retitled, moved)
	}
	// MoveCount also counts those hired since, and newcomers, who moved.
	if w.MoveCount() < moved || w.MoveCount() > moved+moved/20 {
		t.Errorf("MoveCount = %d, but %d people of the start work elsewhere than at the start", w.MoveCount(), moved)
	}
	if got := start.MoveCount(); got != 0 {
		t.Errorf("the world at its start has %d moves", got)
	}
}

// After events, a profile still reads as one person's: roles in order, one
// main current role, the new work address at the new employer and
// findable, and every identifier of the start still finding the person.
func TestCareerEventsConsistent(t *testing.T) {
	start, w := testWorld(), yearLater()
	changed := 0
	for i := range start.Len() {
		p, was := w.Person(i), start.Person(i)
		if _, working := was.CurrentJob(); p == was || !working {
			continue // unchanged, or hired since (see TestRenewal)
		}
		changed++
		checkRoles(t, w, p, was)
		for _, id := range identifiers(was) {
			if got, ok := w.Find(id); !ok || got != p {
				t.Fatalf("person %d is no longer found by %s, an identifier of the start", i, id)
			}
		}
		moved := p.Jobs[0].Company != was.Jobs[0].Company
		if !moved {
			if !slices.Equal(p.Emails, was.Emails) {
				t.Fatalf("person %d changed only title but their e-mails changed: %v, were %v", i, p.Emails, was.Emails)
			}
			continue
		}
		domain := "@" + w.Company(p.Jobs[0].Company).Domain
		for k, e := range p.Emails {
			if e.Kind == EmailWork && (k != 0 || !strings.HasSuffix(e.Address, domain)) {
				t.Fatalf("person %d works at %s but shows the work address %s (contact %d)", i, domain, e.Address, k)
			}
			if got, ok := w.Find(e.Address); !ok || got != p {
				t.Fatalf("person %d is not found by their address %s", i, e.Address)
			}
		}
		if w.Company(p.Jobs[0].Company).Name == w.Company(was.Jobs[0].Company).Name {
			t.Fatalf("person %d moved between two companies named %q", i, w.Company(p.Jobs[0].Company).Name)
		}
	}
	if changed == 0 {
		t.Fatal("nobody changed in a year")
	}
}

// checkRoles checks the roles of p, changed from was by career events:
// current roles first (the main one started last), then past roles newest
// first; the side roles of the start still held; the main role of the
// start ended.
func checkRoles(t *testing.T, w *World, p, was *Person) {
	t.Helper()
	jobs := p.Jobs
	main := jobs[0]
	if !main.Current || main.Start.IsZero() || main.Start < w.Now() || main.Start > w.month {
		t.Fatalf("%s: main role %+v is not current and started between the start and the clock", p.FullName, main)
	}
	currents := 1
	for k := 1; k < len(jobs) && jobs[k].Current; k++ {
		currents++
		if jobs[k].Start > main.Start {
			t.Fatalf("%s: side role %d started after the main role", p.FullName, k)
		}
	}
	sides := 0
	for _, j := range was.Jobs[1:] {
		if j.Current {
			sides++
		}
	}
	if currents != 1+sides {
		t.Fatalf("%s holds %d current roles, want the main one and %d side roles", p.FullName, currents, sides)
	}
	for k := currents; k < len(jobs); k++ {
		j := jobs[k]
		if j.Current || j.End.IsZero() {
			t.Fatalf("%s: past role %d is current or has no end", p.FullName, k)
		}
		if k > currents && !j.End.IsZero() && !jobs[k-1].End.IsZero() && j.End > jobs[k-1].End {
			t.Fatalf("%s: past roles not newest first at %d", p.FullName, k)
		}
	}
	// The start's main role is among the ended ones, as it was.
	startMain := was.Jobs[0]
	found := false
	for _, j := range jobs[currents:] {
		if j.Company == startMain.Company && j.Title == startMain.Title && j.Start == startMain.Start && j.Seed == startMain.Seed {
			found = j.End >= w.Now() && j.End <= w.month
		}
	}
	if !found {
		t.Fatalf("%s: the main role of the start did not end between the start and the clock", p.FullName)
	}
	if p.Industry != w.Company(main.Company).Industry || p.Level != w.Title(main.Title).Level {
		t.Fatalf("%s: industry and level do not follow the main role", p.FullName)
	}
}

// identifiers lists every identifier of a person.
func identifiers(p *Person) []string {
	ids := []string{p.ProfileURL(), p.UID.String()}
	for _, e := range p.Emails {
		ids = append(ids, e.Address)
	}
	for _, ph := range p.Phones {
		ids = append(ids, ph.E164())
	}
	return ids
}

// The world at a date does not depend on the steps its clock took to get
// there, nor on how many cores computed it.
func TestAdvanceDeterministic(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(uint64(seed), 0))
	start := New(Config{Seed: 5, People: 3000})
	const total = 400
	once := mustAdvance(t, start, total)
	procs := runtime.GOMAXPROCS(1)
	serial := mustAdvance(t, New(Config{Seed: 5, People: 3000}), total)
	runtime.GOMAXPROCS(procs)
	sameWorld(t, "on one core", once, serial)
	for range 3 {
		w := start
		var steps []int
		for w.Day() < total {
			d := min(1+r.IntN(120), total-w.Day())
			if r.IntN(5) == 0 {
				d = 0
			}
			steps = append(steps, d)
			w = mustAdvance(t, w, d)
		}
		sameWorld(t, fmt.Sprint("in steps of ", steps), once, w)
	}
	// 90 days twice is 180 days once; the worlds in between are untouched.
	half := mustAdvance(t, start, 90)
	halfAgain := mustAdvance(t, half, 90)
	sameWorld(t, "90+90", mustAdvance(t, start, 180), halfAgain)
	sameWorld(t, "the world of day 90, advanced from", mustAdvance(t, start, 90), half)
	if start.MoveCount() != 0 || start.Day() != 0 {
		t.Error("advancing changed the world it started from")
	}
}

// sameWorld fails unless a and b are the same world: people, profiles,
// employee lists, moves.
func sameWorld(t *testing.T, how string, a, b *World) {
	t.Helper()
	if a.Day() != b.Day() || !a.Clock().Equal(b.Clock()) {
		t.Fatalf("%s: day %d, want %d", how, b.Day(), a.Day())
	}
	for i := range a.Len() {
		if !reflect.DeepEqual(*a.Person(i), *b.Person(i)) {
			t.Fatalf("%s: person %d differs:\n%+v\n%+v", how, i, *a.Person(i), *b.Person(i))
		}
		if i%7 == 0 && !bytes.Equal(a.Candidate(a.Person(i), false), b.Candidate(b.Person(i), false)) {
			t.Fatalf("%s: profile %d differs", how, i)
		}
	}
	for k, c := range a.Companies() {
		d := b.Companies()[k]
		for _, s := range []string{StatusCurrent, StatusPast} {
			if !slices.Equal(a.EmployeeIndexes(c, s), b.EmployeeIndexes(d, s)) {
				t.Fatalf("%s: %s employees of %s differ", how, s, c.Name)
			}
		}
		if c.StaffCount != d.StaffCount {
			t.Fatalf("%s: staff count of %s differs", how, c.Name)
		}
	}
	if !reflect.DeepEqual(a.Moves(a.MoveCount()), b.Moves(b.MoveCount())) {
		t.Fatalf("%s: moves differ", how)
	}
}

// Moves lists every person who changed company, once, newest first, by
// day of the latest move and then uid, from their role at the start (or
// the one left at the first move) to the role begun at the latest move,
// with their role now.
func TestMoves(t *testing.T) {
	// Two years: no one moves twice within one.
	start := testWorld()
	w := mustAdvance(t, start, 730)
	moves := w.Moves(w.MoveCount() + 10)
	if len(moves) != w.MoveCount() || len(w.Moves(5)) != 5 || w.Moves(0) != nil {
		t.Fatalf("Moves returned %d of %d", len(moves), w.MoveCount())
	}
	seen := map[int]bool{}
	twice := 0
	for k, m := range moves {
		p := w.Person(m.Person)
		if seen[m.Person] {
			t.Fatalf("person %d listed twice", m.Person)
		}
		seen[m.Person] = true
		if j, ok := start.Person(m.Person).CurrentJob(); ok && m.From != j || !ok && m.From.End != monthOfTime(m.First) {
			t.Fatalf("move %d: from %+v, want the main role of the start, or the one left at the first move", k, m.From)
		}
		if !slices.Contains(p.Jobs, m.To) || m.To.Start != monthOfTime(m.At) || m.To.Company == m.From.Company && m.Count == 1 {
			t.Fatalf("move %d: to %+v, want a role of the person's begun at the latest move", k, m.To)
		}
		if now, ok := p.CurrentJob(); ok != (m.Now.Company >= 0) || ok && (m.Now != now || m.Still != (now.Company == m.To.Company)) {
			t.Fatalf("move %d: now %+v, still %v; the person's role now is %+v", k, m.Now, m.Still, now)
		}
		// The roles begun since the start (all made by events) at the
		// companies moved to: the first of them began on the move's day.
		var since []Job
		for _, j := range p.Jobs {
			if j.Start >= w.Now() && j.Company != m.From.Company {
				since = append(since, j)
			}
		}
		if len(since) == 0 {
			t.Fatalf("move %d: no role begun since the start", k)
		}
		// The main role and the ended ones at the same company before it
		// make the stint the latest move began.
		joined := p.Jobs[0]
		for _, j := range p.Jobs[1:] {
			if j.Current {
				continue // a side role
			}
			if j.Company != m.To.Company {
				break
			}
			joined = j
		}
		// The person left the company of the start in the month of the
		// first move (a new title there before it ended the role itself
		// earlier).
		left := false
		for _, j := range p.Jobs {
			if j.Company == m.From.Company && !j.Current && j.End == monthOfTime(m.First) {
				left = true
			}
		}
		if !left || m.First.After(m.At) || m.Count < 1 || (m.Count == 1) != m.First.Equal(m.At) {
			t.Fatalf("move %d: first %s, latest %s, %d moves; no role at the company of the start ends in the first move's month", k, m.First, m.At, m.Count)
		}
		if m.At.Before(w.Start()) || m.At.After(w.Clock()) || monthOfTime(m.At) != joined.Start {
			t.Fatalf("move %d on %s: outside the two years, or not when the role at %s began", k, m.At, w.Company(m.To.Company).Name)
		}
		if k > 0 {
			prev := moves[k-1]
			if m.At.After(prev.At) || m.At.Equal(prev.At) && p.UID.String() > w.Person(prev.Person).UID.String() {
				t.Fatalf("moves %d and %d are out of order", k-1, k)
			}
		}
		companies := map[int32]bool{}
		for _, j := range since {
			companies[j.Company] = true
		}
		if len(companies) > 1 {
			twice++
		}
	}
	if twice == 0 {
		t.Error("nobody moved twice in two years; the test does not cover it")
	}
}

// The Company API's employee lists follow the moves: the company left
// lists the person among its past employees, the one joined among its
// current ones.
func TestEmployeesFollowMoves(t *testing.T) {
	w := yearLater()
	for _, m := range w.Moves(w.MoveCount()) {
		to, from := w.Company(m.To.Company), w.Company(m.From.Company)
		if _, ok := slices.BinarySearch(w.EmployeeIndexes(to, StatusCurrent), int32(m.Person)); !ok {
			t.Fatalf("person %d joined %s but is not among its current employees", m.Person, to.Name)
		}
		stays := false
		for _, j := range w.Person(m.Person).Jobs {
			stays = stays || j.Current && j.Company == m.From.Company
		}
		status := StatusPast
		if stays {
			status = StatusCurrent
		}
		if _, ok := slices.BinarySearch(w.EmployeeIndexes(from, status), int32(m.Person)); !ok {
			t.Fatalf("person %d left %s but is not among its %s employees", m.Person, from.Name, status)
		}
	}
	for _, c := range w.Companies() {
		if n := w.EmployeeCount(c, StatusCurrent); int(c.StaffCount) < n {
			t.Fatalf("%s declares %d staff but employs %d", c.Name, c.StaffCount, n)
		}
	}
}

// Years in a role and over all roles count up to the clock, for people
// whom no event changed too.
func TestYearsFollowTheClock(t *testing.T) {
	start, w := testWorld(), yearLater()
	checked := 0
	for i := range start.Len() { // newcomers are of the month they join
		p := start.Person(i)
		years, ok := start.YearsInRole(p)
		if total := start.TotalYears(p); total != int(p.TotalYears) || ok && years != int(p.YearsInRole) {
			t.Fatalf("person %d at the start: %d and %d years, fields say %d and %d", i, years, total, p.YearsInRole, p.TotalYears)
		}
		if w.Person(i) != p || !ok {
			continue
		}
		checked++
		later, _ := w.YearsInRole(p)
		if later != years+1 || w.TotalYears(p) != int(p.TotalYears)+1 {
			t.Fatalf("person %d: a year on, %d years in role and %d in all, were %d and %d", i, later, w.TotalYears(p), years, p.TotalYears)
		}
	}
	if checked == 0 {
		t.Fatal("no unchanged employed person to check")
	}
}

// A new work address is made of the name the person was generated with.
func TestNameReplay(t *testing.T) {
	w := testWorld()
	for i := 0; i < w.Len(); i += 7 {
		p := w.Person(i)
		if n := w.nameOf(p); n.full != p.FullName {
			t.Fatalf("person %d: replayed name %q, generated %q", i, n.full, p.FullName)
		}
	}
}

func TestAdvanceLimits(t *testing.T) {
	w := New(Config{People: 200})
	for _, tc := range []struct {
		from, days int
		ok         bool
	}{
		{0, -1, false}, {0, 0, true}, {0, MaxDays, true}, {0, MaxDays + 1, false}, {100, MaxDays - 100, true}, {100, MaxDays - 99, false},
	} {
		from := mustAdvance(t, w, tc.from)
		got, err := from.Advance(tc.days)
		if (err == nil) != tc.ok {
			t.Errorf("Advance(%d) at day %d: error %v, want ok=%v", tc.days, tc.from, err, tc.ok)
		}
		if err == nil && got.Day() != tc.from+tc.days {
			t.Errorf("Advance(%d) at day %d: day %d", tc.days, tc.from, got.Day())
		}
	}
}

// A world starts where Config.Now says, and its histories lead up to it.
func TestWorldStart(t *testing.T) {
	at := time.Date(2031, time.June, 15, 13, 30, 0, 0, time.FixedZone("X", 3600))
	w := New(Config{People: 300, Now: at})
	if want := time.Date(2031, time.June, 15, 0, 0, 0, 0, time.UTC); !w.Start().Equal(want) || !w.Clock().Equal(want) {
		t.Fatalf("start %s, clock %s, want %s", w.Start(), w.Clock(), want)
	}
	later := mustAdvance(t, w, 200)
	if want := time.Date(2032, time.January, 1, 0, 0, 0, 0, time.UTC); !later.Clock().Equal(want) {
		t.Errorf("200 days on, the clock says %s, want %s", later.Clock(), want)
	}
	for i := range w.Len() {
		if j, ok := w.Person(i).CurrentJob(); ok && j.Start > MonthOf(2031, time.June) {
			t.Fatalf("person %d's current role starts after the world's start", i)
		}
	}
	for _, tc := range []struct {
		at time.Time
		ok bool
	}{
		{time.Date(1999, 12, 31, 0, 0, 0, 0, time.UTC), false}, {time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{time.Date(2100, 12, 31, 0, 0, 0, 0, time.UTC), true}, {time.Date(2101, 1, 1, 0, 0, 0, 0, time.UTC), false},
	} {
		if err := CheckStart(tc.at); (err == nil) != tc.ok {
			t.Errorf("CheckStart(%s) = %v", tc.at.Format(time.DateOnly), err)
		}
	}
}

// The main role is the current role started last, at the start and after
// events: a reader who takes the latest current role for the person's job
// must not see a board seat on the side as a change of company.
func TestMainRoleStartedLast(t *testing.T) {
	for name, w := range map[string]*World{"start": testWorld(), "a year later": yearLater()} {
		sides := 0
		for i := range w.Len() {
			p := w.Person(i)
			for k := 1; k < len(p.Jobs) && p.Jobs[k].Current; k++ {
				sides++
				if p.Jobs[k].Start > p.Jobs[0].Start {
					t.Fatalf("%s: person %d's side role %d started after the main role", name, i, k)
				}
			}
		}
		if sides == 0 {
			t.Fatalf("%s: nobody holds a side role", name)
		}
	}
}

// People retire on their day: every role they held then ends in its
// month, their work addresses no longer show but still find them, and
// nothing changes for them after; nobody retires before 65.
func TestRetirement(t *testing.T) {
	start := testWorld()
	w := mustAdvance(t, start, MaxDays)
	retired := 0
	for i := range w.Len() {
		was, p := start.Person(i), w.Person(i)
		day := w.retireDay(was)
		if _, working := was.CurrentJob(); !working || day > w.Day() {
			continue
		}
		retired++
		at := start.Start().AddDate(0, 0, day)
		if age := at.Year() - int(was.BirthYear); age < 65 || age > 68 {
			t.Fatalf("person %d retired at %d", i, age)
		}
		for _, j := range p.Jobs {
			if j.Current || j.End > monthOfTime(at) {
				t.Fatalf("person %d retired on %s, yet holds %+v", i, at.Format(time.DateOnly), j)
			}
		}
		for _, e := range was.Emails {
			if e.Kind != EmailWork {
				continue
			}
			if slices.Contains(p.Emails, e) {
				t.Fatalf("person %d retired, yet shows the work address %s", i, e.Address)
			}
			if q, ok := w.Find(e.Address); !ok || q.Index != p.Index {
				t.Fatalf("person %d is not found by their old work address %s", i, e.Address)
			}
		}
	}
	if retired == 0 {
		t.Fatal("nobody retired in ten years: the test checks nothing")
	}
	t.Logf("%d of %d people retired in ten years", retired, w.Len())
}

// Ten years on, the moves page newest first: pages after a cursor join up
// to the whole list, since cuts it at a day, a cursor stays good after the
// clock moves on, newcomers who moved are listed, and some of those listed
// have left the company of their latest move (they retired).
func TestMovesPaging(t *testing.T) {
	start := New(Config{People: 3000})
	w := mustAdvance(t, start, MaxDays)
	all := w.Moves(w.MoveCount())
	if len(all) != w.MoveCount() {
		t.Fatalf("%d moves of %d", len(all), w.MoveCount())
	}
	var paged []Move
	var cur MoveCursor
	for {
		page, next := w.MovesBefore(cur, time.Time{}, 700)
		paged = append(paged, page...)
		if next.At.IsZero() {
			break
		}
		if len(page) != 700 {
			t.Fatalf("a page of %d before the end", len(page))
		}
		cur = next
	}
	if !reflect.DeepEqual(paged, all) {
		t.Fatalf("pages of 700 list %d moves, one page %d, or they differ", len(paged), len(all))
	}
	since := w.Clock().AddDate(-1, 0, 0)
	recent, next := w.MovesBefore(MoveCursor{}, since, len(all))
	if !next.At.IsZero() || len(recent) == 0 || len(recent) == len(all) {
		t.Fatalf("%d of %d moves in the last year", len(recent), len(all))
	}
	for k, m := range all {
		if (k < len(recent)) != !m.At.Before(since) {
			t.Fatalf("move %d on %s: since %s listed %d", k, m.At, since, len(recent))
		}
	}
	newcomers, left := 0, 0
	for _, m := range all {
		if m.Person >= start.Len() {
			newcomers++
		}
		if !m.Still {
			left++
		}
	}
	if newcomers == 0 || left == 0 || left > len(all)/5 {
		t.Errorf("of %d moves, %d of newcomers and %d who have left the company of their latest move", len(all), newcomers, left)
	}

	// A cursor of a year back still starts after the same move ten years
	// on: the list only grows at its head.
	mid := mustAdvance(t, start, MaxDays-365)
	first, cursor := mid.MovesBefore(MoveCursor{}, time.Time{}, 100)
	rest, _ := w.MovesBefore(cursor, time.Time{}, 100)
	k := slices.IndexFunc(all, func(m Move) bool {
		uid := w.Person(m.Person).UID
		return m.At.Before(cursor.At) || m.At.Equal(cursor.At) && bytes.Compare(uid[:], cursor.UID[:]) < 0
	})
	if len(first) != 100 || k < 0 || len(rest) == 0 || rest[0].Person != all[k].Person {
		t.Errorf("the cursor of a year back does not lead to the move after it ten years on (%d)", k)
	}
}

// As the clock moves on, skills follow roles and some people move city
// with a new job: ten years on, a share of those who changed company
// live elsewhere (in the US and Canada, in the same state or province,
// whose area codes their phones carry), and most of those whose career
// moved list a skill they did not.
func TestCitiesAndSkillsFollowCareers(t *testing.T) {
	start := New(Config{People: 4000})
	w := mustAdvance(t, start, MaxDays)
	movers, moved, changed, newSkills := 0, 0, 0, 0
	for i := range start.Len() {
		p, was := w.Person(i), start.Person(i)
		if p == was {
			continue
		}
		changed++
		if len(p.Skills) > len(was.Skills) {
			newSkills++
		}
		if w.t.people[i].moves == 0 {
			if p.City != was.City {
				t.Fatalf("person %d moved city without changing company", i)
			}
			continue
		}
		movers++
		if p.City == was.City {
			continue
		}
		moved++
		g := w.geo
		if g.placeCountry[p.City] != g.placeCountry[was.City] {
			t.Fatalf("person %d moved abroad", i)
		}
		if cc := g.countries[g.placeCountry[p.City]].Code; (cc == "US" || cc == "CA") && g.places[p.City].Admin1 != g.places[was.City].Admin1 {
			t.Fatalf("person %d moved from %s to %s", i, g.places[was.City].Name, g.places[p.City].Name)
		}
	}
	t.Logf("ten years on: %d of %d who changed company moved city; %d of %d whose career moved list more skills", moved, movers, newSkills, changed)
	if share := float64(moved) / float64(movers); share < 0.08 || share > 0.40 {
		t.Errorf("%.2f of those who changed company moved city", share)
	}
	if share := float64(newSkills) / float64(changed); share < 0.3 {
		t.Errorf("%.2f of those whose career moved list more skills", share)
	}
}

// A work phone is the desk's at the employer: someone who left the
// company they worked for at the world's start (or retired) shows it no
// more, and is still found by it.
func TestWorkPhoneStaysWithTheDesk(t *testing.T) {
	start := testWorld()
	later, err := start.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	left, kept := 0, 0
	for i := range start.Len() {
		was, is := start.Person(i), later.Person(i)
		jw, working := was.CurrentJob()
		if !working {
			continue
		}
		ji, stays := is.CurrentJob()
		stays = stays && ji.Company == jw.Company
		for _, ph := range was.Phones {
			if ph.Kind != PhoneWork {
				continue
			}
			shown := slices.ContainsFunc(is.Phones, func(q Phone) bool { return q.Number == ph.Number })
			if shown != stays {
				t.Fatalf("person %d, at %s then %v: the work phone %s shown ten years on: %v", i,
					start.Company(jw.Company).Name, stays, ph.E164(), shown)
			}
			if q, ok := later.Find(ph.E164()); !ok || q != is {
				t.Fatalf("person %d is not found by their old work phone %s", i, ph.E164())
			}
			if stays {
				kept++
			} else {
				left++
			}
		}
	}
	if left == 0 || kept == 0 {
		t.Fatalf("%d work phones left behind, %d kept: want some of each", left, kept)
	}
}
