package world

import (
	"slices"
	"strings"
	"testing"
)

func TestSample(t *testing.T) {
	w := testWorld()
	s := w.Sample(25)
	people := map[int32]string{}
	for _, tc := range []struct {
		kind  string
		items []string
		ok    func(string) bool
	}{
		{"linkedin", s.LinkedIn, func(v string) bool { return strings.HasPrefix(v, "https://www.linkedin.com/in/") }},
		{"email", s.Email, func(v string) bool { return emailRE.MatchString(v) }},
		{"phone", s.Phone, func(v string) bool { return e164RE.MatchString(v) }},
		{"uid", s.UID, func(v string) bool { return len(v) == 32 && strings.ToLower(v) == v }},
	} {
		if len(tc.items) != 25 {
			t.Errorf("%d %s identifiers, want 25", len(tc.items), tc.kind)
		}
		for _, item := range tc.items {
			if !tc.ok(item) {
				t.Errorf("%s %q is not in canonical spelling", tc.kind, item)
			}
			p, ok := w.Find(item)
			if !ok {
				t.Fatalf("sampled %s %q is not found", tc.kind, item)
			}
			if prev, dup := people[p.Index]; dup {
				t.Fatalf("%q and %q are the same person", prev, item)
			}
			people[p.Index] = item
		}
	}
	small := w.Sample(3)
	if !slices.Equal(small.UID, w.Sample(3).UID) {
		t.Error("Sample is not stable")
	}
	if got := New(Config{People: 10}).Sample(100); len(got.LinkedIn)+len(got.Email)+len(got.Phone)+len(got.UID) > 10 {
		t.Errorf("a world of 10 sampled %+v", got)
	}
	if got := w.Sample(0); got.LinkedIn != nil || got.UID != nil {
		t.Errorf("Sample(0) = %+v", got)
	}
}
