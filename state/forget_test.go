package state_test

import (
	"bytes"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// person is a raw result of a person with an e-mail and a phone.
func person(item, uid, name, email, phone string) []byte {
	return fmt.Appendf(nil, `{"item": %q, "status": "success", "candidate": {"uid": %q, "fullName": %q,
		"contacts": [{"type": "email", "value": %q}, {"type": "phone", "value": %q}]}}`, item, uid, name, email, phone)
}

// TestForget: forgetting a person by one identifier erases every lookup
// and result of theirs, found by any of their identifiers, leaves the
// others', puts each of their identifiers on the suppression list, and
// once compacted leaves no byte of them in the file; Show lists them
// before and nothing after.
func TestForget(t *testing.T) {
	ana := person("ana@example.com", "u-ana-1234", "Anastasia Quintero", "ana@example.com", "+14155550111")
	path := statetest.JournalWith(t, map[string][]byte{
		"ana@example.com": ana,
		"+14155550111":    person("+14155550111", "u-ana-1234", "Anastasia Quintero", "ana@example.com", "+14155550111"),
		"bob@example.org": person("bob@example.org", "u-bob-5678", "Roberto Okafor", "bob@example.org", "+14155550122"),
	})
	j, err := state.Open(path, state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	email := ident.ID{Kind: ident.Email, Value: "ana@example.com"}
	held, err := j.Show([]ident.ID{email})
	if err != nil || len(held.Lookups) != 2 {
		t.Fatalf("before: %d lookups shown (%v); want 2", len(held.Lookups), err)
	}
	secrets := []string{"ana@example.com", "Anastasia", "u-ana-1234", "4155550111"}
	before, _ := os.ReadFile(path)
	if !bytes.Contains(before, []byte("ana@example.com")) {
		t.Fatal("the journal holds no plain identifier: the test would test nothing")
	}
	got, err := j.Forget([]ident.ID{email}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.People != 1 || got.Lookups != 2 || got.Results != 2 || got.Suppressed < 3 {
		t.Errorf("erased %+v; want 1 person, 2 lookups, 2 results, 3 identifiers suppressed", got)
	}
	if err := j.Compact(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(path)
	for _, s := range secrets {
		if bytes.Contains(after, []byte(s)) {
			t.Errorf("%q is still in the journal file", s)
		}
	}
	if !bytes.Contains(after, []byte("bob@example.org")) {
		t.Error("the other person was erased too")
	}
	err = j.View(func(r *state.Reader) error {
		s := r.Suppression()
		for _, id := range []ident.ID{email, {Kind: ident.Phone, Value: "+14155550111"}, {Kind: ident.UID, Value: "u-ana-1234"}} {
			if !s.Suppressed(id.Kind, id.Value) {
				t.Errorf("%v is not suppressed", id)
			}
		}
		if s.Suppressed(ident.Email, "bob@example.org") {
			t.Error("the other person is suppressed")
		}
		if _, ok, _ := r.Lookup(state.WithContacts, "bob@example.org"); !ok {
			t.Error("the other person's lookup is gone")
		}
		if r.LookupCount(state.WithContacts) != 1 {
			t.Errorf("%d lookups counted; want 1", r.LookupCount(state.WithContacts))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if held, _ := j.Show([]ident.ID{email}); len(held.Lookups) != 0 || len(held.Suppressed) != 1 {
		t.Errorf("after: %+v; want no lookup, the identifier suppressed", held)
	}
}

// TestForgottenFoundAgain: a forgotten person's profile, found later by an
// identifier none of their profiles listed, is not stored: the lookup is
// answered suppressed, its record and its item in the request are gone,
// and the identifier joins the suppression list.
func TestForgottenFoundAgain(t *testing.T) {
	path := statetest.JournalWith(t, map[string][]byte{
		"ana@example.com": person("ana@example.com", "u-ana-1234", "Anastasia Quintero", "ana@example.com", "+14155550111"),
	})
	j, err := state.Open(path, state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if _, err := j.Forget([]ident.ID{{Kind: ident.Email, Value: "ana@example.com"}}, nil); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	b, _, err := j.Begin(state.WithContacts, []string{"anastasia.q@example.net"}, true, now)
	if err != nil {
		t.Fatal(err)
	}
	var res wire.Result
	if err := res.UnmarshalJSON(person("anastasia.q@example.net", "u-ana-1234", "Anastasia Quintero", "ana@example.com", "+14155550111")); err != nil {
		t.Fatal(err)
	}
	d, err := j.Deliver(state.Ref{Seq: b.Seq}, []wire.Result{res}, now, state.Policy{MaxAttempts: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Changes) != 1 || d.Changes[0].Lookup.Phase != state.Suppressed {
		t.Fatalf("changes %+v; want the lookup suppressed", d.Changes)
	}
	err = j.View(func(r *state.Reader) error {
		if _, ok, _ := r.Lookup(state.WithContacts, "anastasia.q@example.net"); ok {
			t.Error("the lookup of the new identifier is kept")
		}
		if !r.Suppression().Suppressed(ident.Email, "anastasia.q@example.net") {
			t.Error("the new identifier is not suppressed")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if held, _ := j.Show([]ident.ID{{Kind: ident.Email, Value: "anastasia.q@example.net"}}); len(held.Lookups) != 0 || len(held.Requests) != 0 {
		t.Errorf("the journal still holds %+v", held)
	}
}
