package ident

import (
	"slices"
	"testing"
)

// TestSpecsWhole: every kind has its whole definition, and Classify tries
// every kind: a kind added without a part of it fails here.
func TestSpecsWhole(t *testing.T) {
	for _, k := range Kinds {
		s := specs[k]
		if s.name == "" || s.label == "" || s.normalize == nil || s.plausible == nil || s.meant == nil || len(s.headers) == 0 || s.hinted == nil {
			t.Errorf("kind %d has a part of its definition missing: %+v", int(k), s)
		}
		if !slices.Contains(classifyOrder, k) {
			t.Errorf("Classify does not try %s: give it a place in classifyOrder", k)
		}
		if got, err := ParseKind(k.String()); err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v", k.String(), got, err)
		}
	}
	if len(classifyOrder) != len(Kinds) {
		t.Errorf("classifyOrder has %d kinds, there are %d", len(classifyOrder), len(Kinds))
	}
}
