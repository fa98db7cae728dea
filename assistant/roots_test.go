package assistant

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfine(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(base, "root")
	other := filepath.Join(base, "other")
	sibling := filepath.Join(base, "root-sibling") // shares the root's name as a prefix
	for _, d := range []string{root, other, sibling, filepath.Join(root, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(root, "leads.csv"), []byte("a\n"), 0o644))
	must(os.WriteFile(filepath.Join(other, "secret.csv"), []byte("a\n"), 0o644))
	must(os.Symlink(other, filepath.Join(root, "escape")))                             // a link out of the root
	must(os.Symlink(filepath.Join(root, "sub"), filepath.Join(other, "back-in")))      // a link into it
	must(os.Symlink(filepath.Join(other, "new.csv"), filepath.Join(root, "dangling"))) // to a file not yet made
	// A root given through a link is resolved too.
	must(os.Symlink(root, filepath.Join(base, "root-link")))

	s := &Server{}
	if s.roots, err = resolveRoots([]string{filepath.Join(base, "root-link")}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want string // the confined path; "" when refused
	}{
		{filepath.Join(root, "leads.csv"), filepath.Join(root, "leads.csv")},
		{"leads.csv", filepath.Join(root, "leads.csv")},
		{"sub/new/out.xlsx", filepath.Join(root, "sub", "new", "out.xlsx")},
		{filepath.Join(base, "root-link", "leads.csv"), filepath.Join(root, "leads.csv")},
		{filepath.Join(other, "back-in", "x.csv"), filepath.Join(root, "sub", "x.csv")},
		{"sub/../leads.csv", filepath.Join(root, "leads.csv")},
		{filepath.Join(other, "secret.csv"), ""},
		{"../other/secret.csv", ""},
		{"escape/secret.csv", ""},
		{"escape/new.csv", ""},
		{"dangling", ""},
		{filepath.Join(sibling, "x.csv"), ""},
		{"/etc/passwd", ""},
		{"", ""},
	} {
		got, err := s.confine(tc.path)
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("%q: allowed as %s, want refused", tc.path, got)
		case tc.want != "" && err != nil:
			t.Errorf("%q: %v", tc.path, err)
		case tc.want != "" && got != tc.want:
			t.Errorf("%q: %s, want %s", tc.path, got, tc.want)
		case tc.want == "" && tc.path != "" && tc.path != "dangling" && !strings.Contains(err.Error(), "is outside the allowed roots ("+root+")"):
			t.Errorf("%q: error %q does not say it is outside the roots", tc.path, err)
		}
	}
}

func TestResolveRoots(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		roots []string
	}{
		{"none", nil},
		{"missing", []string{filepath.Join(dir, "missing")}},
		{"a file", []string{file}},
	} {
		if _, err := resolveRoots(tc.roots); err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
	}
}
