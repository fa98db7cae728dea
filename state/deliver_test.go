package state

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
)

// A callback must carry only its own request's items: results for other
// identifiers under a known Request-Id are refused, and the genuine
// callback is still taken afterwards.
func TestForeignItemsRefused(t *testing.T) {
	j, _ := openTemp(t)
	a, _, _ := j.Begin(WithContacts, []string{"a1@x.co", "a2@x.co"}, false, t0)
	j.Accepted(a.Seq, 1, t0)
	b, _, _ := j.Begin(WithContacts, []string{"b1@x.co", "b2@x.co"}, false, t0)
	j.Accepted(b.Seq, 2, t0)
	injected := `{"uid":"0123456789abcdef0123456789abcdef","fullName":"INJECTED"}`
	d, err := j.Deliver(Ref{RequestID: 1}, []wire.Result{
		result("b1@x.co", wire.StatusSuccess, injected),
		result("b2@x.co", wire.StatusSuccess, injected),
	}, t0, policy)
	if err != nil || d.Foreign != 2 || len(d.Changes) != 0 {
		t.Fatalf("request 1 carrying request 2's items: %+v, %v", d, err)
	}
	if l := lookup(t, j, WithContacts, "b1@x.co"); l.Phase != InFlight {
		t.Fatalf("b1 took a foreign result: %+v", l)
	}
	d, err = j.Deliver(Ref{RequestID: 2}, []wire.Result{
		result("b1@x.co", wire.StatusSuccess, `{"uid":"11111111111111111111111111111111"}`),
		result("b2@x.co", wire.StatusFailed, ""),
	}, t0, policy)
	if err != nil || len(d.Changes) != 2 || !slices.Equal(d.Settled, []uint64{b.Seq}) {
		t.Fatalf("genuine callback: %+v, %v", d, err)
	}
}

// A late callback of an expired request whose 201 was never journaled
// arrives with an unknown Request-Id while its items are in flight in a
// newer request: its final answers are taken (they were paid), the newer
// request is closed, and its transient answers are not.
func TestLateUnknownCallbackClosesNewerBatch(t *testing.T) {
	j, _ := openTemp(t)
	old, _, _ := j.Begin(WithContacts, []string{"p@x.co", "q@x.co", "r@x.co"}, false, t0)
	j.Uncertain(old.Seq, t0, "answer lost")
	j.Expire(old.Seq, t0.Add(time.Minute), "no callback", policy)
	newer, _, _ := j.Begin(WithContacts, []string{"p@x.co", "q@x.co", "r@x.co"}, false, t0.Add(time.Minute))
	j.Accepted(newer.Seq, 20, t0.Add(time.Minute))
	d, err := j.Deliver(Ref{RequestID: 10}, []wire.Result{
		result("p@x.co", wire.StatusSuccess, `{"uid":"22222222222222222222222222222222"}`),
		result("q@x.co", wire.StatusFailed, ""),
		result("r@x.co", wire.StatusCreditsOver, ""),
	}, t0.Add(2*time.Minute), policy)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Changes) != 2 || d.Stale != 1 {
		t.Fatalf("delivery %+v: want p and q taken, r's credits_are_over ignored", d)
	}
	if l := lookup(t, j, WithContacts, "r@x.co"); l.Phase != InFlight || l.Batch != newer.Seq {
		t.Errorf("r: %+v, want still in flight in the newer request", l)
	}
	// The newer request's own callback closes it.
	d, err = j.Deliver(Ref{RequestID: 20}, []wire.Result{
		result("p@x.co", wire.StatusSuccess, `{"uid":"22222222222222222222222222222222"}`),
		result("q@x.co", wire.StatusFailed, ""),
		result("r@x.co", wire.StatusFailed, ""),
	}, t0.Add(3*time.Minute), policy)
	if err != nil || len(d.Changes) != 1 || d.Stale != 2 || !slices.Equal(d.Settled, []uint64{newer.Seq}) {
		t.Fatalf("newer callback: %+v, %v", d, err)
	}
}

// A callback carrying an earlier request's Request-Id closes the batches
// its answers settle, not only its own.
func TestEarlierRequestIDClosesTheAnsweredBatch(t *testing.T) {
	j, _ := openTemp(t)
	first, _, _ := j.Begin(WithContacts, []string{"m@x.co"}, false, t0)
	j.Accepted(first.Seq, 5, t0)
	j.Expire(first.Seq, t0.Add(time.Minute), "no callback", policy)
	second, _, _ := j.Begin(WithContacts, []string{"m@x.co"}, false, t0.Add(time.Minute))
	j.Accepted(second.Seq, 6, t0.Add(time.Minute))
	d, err := j.Deliver(Ref{RequestID: 5}, []wire.Result{result("m@x.co", wire.StatusSuccess, `{"uid":"33333333333333333333333333333333"}`)}, t0.Add(2*time.Minute), policy)
	if err != nil || len(d.Changes) != 1 || !slices.Contains(d.Settled, second.Seq) {
		t.Fatalf("late callback of request 5: %+v, %v; want batch %d closed", d, err, second.Seq)
	}
	if open, _ := j.OpenBatches(); len(open) != 0 {
		t.Errorf("batches still open: %+v", open)
	}
}

// duplicate_query and timeout_exceeded do not use attempts; a bound of
// their own ends a service that answers nothing else.
func TestWaitsAreNotAttempts(t *testing.T) {
	j, _ := openTemp(t)
	p := Policy{MaxAttempts: 2, RetryWait: time.Second, MaxWaits: 4}
	now := t0
	for i := 1; i <= 4; i++ {
		b, _, _ := j.Begin(WithContacts, []string{"w@x.co"}, false, now)
		j.Accepted(b.Seq, int64(i), now)
		status := wire.StatusDuplicateQuery
		if i%2 == 0 {
			status = wire.StatusTimeoutExceeded
		}
		if _, err := j.Deliver(Ref{RequestID: int64(i)}, []wire.Result{result("w@x.co", status, "")}, now, p); err != nil {
			t.Fatal(err)
		}
		l := lookup(t, j, WithContacts, "w@x.co")
		if l.Attempts != 0 || l.Waits != i {
			t.Fatalf("after answer %d: %+v, want no attempt used and %d waits", i, l, i)
		}
		if want := i < 4; (l.Phase == Queued) != want {
			t.Fatalf("after answer %d: phase %s", i, l.Phase)
		}
		now = now.Add(time.Minute)
	}
	l := lookup(t, j, WithContacts, "w@x.co")
	if l.Phase != Failed || !strings.Contains(l.Reason, "4 times") {
		t.Errorf("after 4 waits: %+v", l)
	}
}

// A lookup an earlier run gave up is queued again with fresh attempts, and
// a late result for it is taken meanwhile.
func TestFailedIsRetried(t *testing.T) {
	j, _ := openTemp(t)
	p := Policy{MaxAttempts: 1, RetryWait: time.Second}
	b, _, _ := j.Begin(WithContacts, []string{"f@x.co", "g@x.co"}, false, t0)
	j.Accepted(b.Seq, 40, t0)
	j.Expire(b.Seq, t0.Add(time.Minute), "no callback", p)
	if l := lookup(t, j, WithContacts, "f@x.co"); l.Phase != Failed {
		t.Fatalf("f: %+v", l)
	}
	if err := j.Requeue(WithContacts, []string{"f@x.co"}, Failed, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if l := lookup(t, j, WithContacts, "f@x.co"); l.Phase != Queued || l.Attempts != 0 || l.Reason != "" {
		t.Errorf("requeued: %+v", l)
	}
	// g stays Failed; its late success is taken.
	d, err := j.Deliver(Ref{RequestID: 40}, []wire.Result{result("g@x.co", wire.StatusSuccess, `{"uid":"44444444444444444444444444444444"}`)}, t0.Add(2*time.Hour), p)
	if err != nil || len(d.Changes) != 1 || lookup(t, j, WithContacts, "g@x.co").Phase != Found {
		t.Errorf("late success for a given-up lookup: %+v, %v", d, err)
	}
}

// A success without a profile is not a result: nothing is stored, the
// lookup is tried again and then given up with the reason.
func TestMalformedSuccess(t *testing.T) {
	j, _ := openTemp(t)
	p := Policy{MaxAttempts: 2, RetryWait: time.Second}
	for i, cand := range []string{"", "5"} {
		b, _, _ := j.Begin(WithContacts, []string{"h@x.co"}, false, t0)
		j.Accepted(b.Seq, int64(50+i), t0)
		d, err := j.Deliver(Ref{RequestID: int64(50 + i)}, []wire.Result{result("h@x.co", wire.StatusSuccess, cand)}, t0, p)
		if err != nil || d.Malformed != 1 {
			t.Fatalf("candidate %q: %+v, %v", cand, d, err)
		}
	}
	l := lookup(t, j, WithContacts, "h@x.co")
	if l.Phase != Failed || !strings.Contains(l.Reason, "without a profile") {
		t.Errorf("%+v", l)
	}
	counters, _ := j.Counters()
	if counters[CounterFound] != 0 {
		t.Errorf("a malformed success was counted as found: %v", counters)
	}
}

// A clock that stepped back makes older batches appear newer: the scan of
// the rate window goes on past them.
func TestBatchesSinceClockStep(t *testing.T) {
	j, _ := openTemp(t)
	times := []time.Duration{0, 30 * time.Second, -time.Hour, 40 * time.Second}
	for i, at := range times {
		j.Begin(WithContacts, []string{fmt.Sprintf("c%d@x.co", i)}, false, t0.Add(at))
	}
	got, err := j.BatchesSince(t0.Add(-time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	var items []string
	for _, b := range got {
		items = append(items, b.Items[0])
	}
	if !slices.Equal(items, []string{"c0@x.co", "c1@x.co", "c3@x.co"}) {
		t.Errorf("batches in the window: %v", items)
	}
}

// A callback whose Request-Id names no request of the journal is refused
// unless it answers exactly the items of one request that has no
// requestId of its own (its 201 was lost): a forgery for identifiers in
// flight, with a made-up Request-Id or none, stores nothing.
func TestCallbackNamingNoRequestRefused(t *testing.T) {
	j, _ := openTemp(t)
	b, _, err := j.Begin(WithContacts, []string{"a@x.co", "b@x.co", "c@x.co"}, false, t0)
	if err != nil {
		t.Fatal(err)
	}
	j.Accepted(b.Seq, 5, t0)
	forged := []wire.Result{result("a@x.co", wire.StatusSuccess, `{"uid":"forged"}`)}
	for _, ref := range []Ref{{RequestID: 99}, {}} {
		d, err := j.Deliver(ref, forged, t0, policy)
		if err != nil || d.Refused != 1 || len(d.Changes) != 0 {
			t.Errorf("forged callback %+v: %+v, %v", ref, d, err)
		}
	}
	// Exactly the items of a request whose 201 was lost: taken, and its
	// requestId learnt.
	lost, _, _ := j.Begin(WithContacts, []string{"d@x.co", "e@x.co"}, false, t0)
	whole := []wire.Result{result("e@x.co", wire.StatusFailed, ""), result("d@x.co", wire.StatusFailed, "")}
	if d, err := j.Deliver(Ref{RequestID: 6}, whole[:1], t0, policy); err != nil || d.Refused != 1 {
		t.Errorf("half of a request: %+v, %v", d, err)
	}
	if d, err := j.Deliver(Ref{RequestID: 6}, whole, t0, policy); err != nil || d.Batch != lost.Seq || len(d.Changes) != 2 {
		t.Errorf("a request's whole answer: %+v, %v", d, err)
	}
	if l := lookupOf(t, j, "a@x.co"); l.Phase != InFlight {
		t.Errorf("a@x.co is %s after forgeries", l.Phase)
	}
	counters, _ := j.Counters()
	if counters[CounterRefused] != 3 {
		t.Errorf("counted %d refused results", counters[CounterRefused])
	}
}

// The service gives two requests one requestId: both are kept, Accepted
// says so, and each callback is taken by the request that sent its items.
func TestRequestIDGivenTwice(t *testing.T) {
	j, _ := openTemp(t)
	first, _, _ := j.Begin(WithContacts, []string{"a@x.co", "b@x.co"}, false, t0)
	second, _, _ := j.Begin(WithContacts, []string{"c@x.co", "d@x.co"}, false, t0)
	if reused, err := j.Accepted(first.Seq, 8, t0); err != nil || reused {
		t.Fatalf("first: %v %v", reused, err)
	}
	if reused, err := j.Accepted(second.Seq, 8, t0); err != nil || !reused {
		t.Fatalf("second: reused %v, %v", reused, err)
	}
	if reused, _ := j.Accepted(second.Seq, 8, t0); !reused {
		t.Error("the same answer journaled again")
	}
	for _, b := range []Batch{first, second} {
		var results []wire.Result
		for _, it := range b.Items {
			results = append(results, result(it, wire.StatusSuccess, `{"uid":"u-`+it+`"}`))
		}
		d, err := j.Deliver(Ref{RequestID: 8}, results, t0, policy)
		if err != nil || d.Batch != b.Seq || d.Foreign != 0 || len(d.Changes) != 2 || d.Charged != 2 {
			t.Errorf("callback of batch %d: %+v, %v", b.Seq, d, err)
		}
	}
	if open, _ := j.OpenBatches(); len(open) != 0 {
		t.Errorf("open after both callbacks: %+v", open)
	}
}

// lookupOf returns the record of id, with contacts.
func lookupOf(t *testing.T, j *Journal, id string) Lookup {
	t.Helper()
	var l Lookup
	if err := j.View(func(r *Reader) error {
		var err error
		l, _, err = r.Lookup(WithContacts, id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return l
}

// The service gives a requestId it gave before to a request whose answer
// was lost: the callback, named by that id, is taken by the request that
// sent its items and waits for its id, not refused because the id names
// another; the id is learnt for it, and nothing is sent again.
func TestRequestIDReusedAfterLostAnswer(t *testing.T) {
	j, _ := openTemp(t)
	first, _, _ := j.Begin(WithContacts, []string{"a@x.co", "b@x.co"}, false, t0)
	second, _, _ := j.Begin(WithContacts, []string{"c@x.co", "d@x.co"}, false, t0)
	if _, err := j.Accepted(first.Seq, 9, t0); err != nil {
		t.Fatal(err)
	}
	if err := j.Uncertain(second.Seq, t0, "the answer was lost"); err != nil {
		t.Fatal(err)
	}
	results := []wire.Result{result("d@x.co", wire.StatusSuccess, `{"uid":"u-d"}`), result("c@x.co", wire.StatusFailed, "")}
	d, err := j.Deliver(Ref{RequestID: 9}, results, t0, policy)
	if err != nil || d.Batch != second.Seq || d.Refused != 0 || len(d.Changes) != 2 || d.Charged != 1 || !d.SharedID {
		t.Fatalf("callback of the request whose answer was lost, under a reused id: %+v, %v", d, err)
	}
	if l := lookupOf(t, j, "d@x.co"); l.Phase != Found {
		t.Errorf("d@x.co is %s", l.Phase)
	}
	// The first request's own callback is still its own.
	first0 := []wire.Result{result("a@x.co", wire.StatusFailed, ""), result("b@x.co", wire.StatusFailed, "")}
	if d, err := j.Deliver(Ref{RequestID: 9}, first0, t0, policy); err != nil || d.Batch != first.Seq || len(d.Changes) != 2 {
		t.Errorf("the first request's callback: %+v, %v", d, err)
	}
	if open, _ := j.OpenBatches(); len(open) != 0 {
		t.Errorf("open after both callbacks: %+v", open)
	}
}

// A lookup given up for want of a callback, whose last request's callback
// then comes late answering duplicate_query, says so: not "no callback".
func TestLateWaitAnswerOfGivenUpRequest(t *testing.T) {
	j, _ := openTemp(t)
	p := Policy{MaxAttempts: 1, RetryWait: time.Second}
	b, _, _ := j.Begin(WithContacts, []string{"d@x.co", "e@x.co"}, false, t0)
	j.Accepted(b.Seq, 60, t0)
	j.Expire(b.Seq, t0.Add(time.Minute), "no callback within 15m0s", p)
	if l := lookup(t, j, WithContacts, "d@x.co"); l.Phase != Failed || !strings.Contains(l.Reason, "no callback") {
		t.Fatalf("given up: %+v", l)
	}
	d, err := j.Deliver(Ref{RequestID: 60}, []wire.Result{
		result("d@x.co", wire.StatusDuplicateQuery, ""),
		result("e@x.co", wire.StatusFailed, ""),
	}, t0.Add(2*time.Minute), p)
	if err != nil || len(d.Changes) != 2 {
		t.Fatalf("late callback: %+v, %v", d, err)
	}
	l := lookup(t, j, WithContacts, "d@x.co")
	if l.Phase != Failed || strings.Contains(l.Reason, "no callback") || !strings.Contains(l.Reason, "duplicate_query") {
		t.Errorf("after its late duplicate_query: %+v", l)
	}
	if l := lookup(t, j, WithContacts, "e@x.co"); l.Phase != NotFound {
		t.Errorf("a late final answer is taken: %+v", l)
	}
	if open, _ := j.OpenBatches(); len(open) != 0 {
		t.Errorf("batches still open: %+v", open)
	}
}

// A batch sent again at once after a 5xx (Probed) learns the second
// request's id; a callback of the first, under an id never learnt, is
// still taken by its items, and the second's duplicate_query answers are
// counted apart, as what the first may have been charged.
func TestProbedBatchTakesTheFirstCallback(t *testing.T) {
	j, _ := openTemp(t)
	items := []string{"p1@x.co", "p2@x.co"}
	b, _, _ := j.Begin(WithContacts, items, false, t0)
	if err := j.Uncertain(b.Seq, t0, "500"); err != nil {
		t.Fatal(err)
	}
	if ok, err := j.Probed(b.Seq); !ok || err != nil {
		t.Fatalf("Probed = %v, %v", ok, err)
	}
	if ok, _ := j.Probed(b.Seq); ok {
		t.Error("a batch was probed twice")
	}
	j.Accepted(b.Seq, 2, t0)
	d, err := j.Deliver(Ref{RequestID: 2}, []wire.Result{result("p1@x.co", wire.StatusDuplicateQuery, ""), result("p2@x.co", wire.StatusDuplicateQuery, "")}, t0, policy)
	if err != nil || !d.Probed || d.Duplicates != 2 || d.Charged != 0 {
		t.Fatalf("the probe's callback: %+v, %v", d, err)
	}
	d, err = j.Deliver(Ref{RequestID: 1}, []wire.Result{result("p1@x.co", wire.StatusSuccess, `{"uid":"55555555555555555555555555555555"}`), result("p2@x.co", wire.StatusFailed, "")}, t0.Add(time.Second), policy)
	if err != nil || d.Batch != b.Seq || d.Refused != 0 || len(d.Changes) != 2 {
		t.Fatalf("the first request's callback, under an id never learnt: %+v, %v", d, err)
	}
	if l := lookup(t, j, WithContacts, "p1@x.co"); l.Phase != Found {
		t.Errorf("p1: %+v", l)
	}
}
