package assistant

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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

// TestOpenConfined: a file is opened through its root after confine
// checked its path, so that a directory swapped for a link out of the
// root in between is refused; once opened, the name the pipeline gets
// leads to what was opened, whatever is swapped afterwards.
func TestOpenConfined(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root, outside := filepath.Join(base, "root"), filepath.Join(base, "outside")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{filepath.Join(root, "sub"), outside} {
		must(os.MkdirAll(d, 0o755))
	}
	must(os.WriteFile(filepath.Join(root, "sub", "leads.csv"), []byte("inside\n"), 0o644))
	must(os.WriteFile(filepath.Join(outside, "leads.csv"), []byte("outside\n"), 0o644))
	s, err := New(Config{Roots: []string{root}})
	must(err)
	defer s.Close()
	if !s.pin {
		if runtime.GOOS == "linux" {
			t.Fatalf("%s names no open file", procFD)
		}
		t.Skipf("%s names no open file on %s: the window between two opens stays", procFD, runtime.GOOS)
	}
	swaps := 0
	swap := func() {
		t.Helper()
		swaps++
		must(os.Rename(filepath.Join(root, "sub"), filepath.Join(root, fmt.Sprintf("sub-%d", swaps))))
		must(os.Symlink(outside, filepath.Join(root, "sub")))
	}
	unswap := func() {
		t.Helper()
		must(os.Remove(filepath.Join(root, "sub")))
		must(os.Mkdir(filepath.Join(root, "sub"), 0o755))
		must(os.WriteFile(filepath.Join(root, "sub", "leads.csv"), []byte("inside\n"), 0o644))
	}

	// Swapped between the check and the open: refused.
	input, err := s.confine("sub/leads.csv")
	must(err)
	output, err := s.confine("sub/new/out.csv")
	must(err)
	swap()
	files := s.openFiles()
	if name, err := s.openInput(files, input); err == nil {
		t.Errorf("input opened through the link out as %s", name)
	}
	if name, err := s.openPlace(files, output, true); err == nil {
		t.Errorf("output placed through the link out as %s", name)
	}
	if _, err := os.Stat(filepath.Join(outside, "new")); err == nil {
		t.Error("a directory was made outside the root")
	}
	files.Close()
	unswap()

	// Swapped after the open: the names lead to what was opened.
	files = s.openFiles()
	defer files.Close()
	in, err := s.openInput(files, input)
	must(err)
	out, err := s.openPlace(files, output, true)
	must(err)
	swap()
	if b, err := os.ReadFile(in); err != nil || string(b) != "inside\n" {
		t.Errorf("the input read as %q (%v)", b, err)
	}
	must(os.WriteFile(out, []byte("written\n"), 0o644))
	if _, err := os.Stat(filepath.Join(outside, "new", "out.csv")); err == nil {
		t.Error("the output went outside the root")
	}
	if got := files.show("write " + out + ": disk full"); got != "write "+output+": disk full" {
		t.Errorf("shown as %q", got)
	}

	// A link put where confine found none is refused for a file written.
	must(os.Symlink(filepath.Join(outside, "j"), filepath.Join(root, "late.journal")))
	if _, err := s.openPlace(files, filepath.Join(root, "late.journal"), true); err == nil || !strings.Contains(err.Error(), "late.journal is a symbolic link") {
		t.Errorf("a link placed: %v", err)
	}

	// Without names for open files, the pipeline gets the confined paths.
	s.pin = false
	plain := s.openFiles()
	defer plain.Close()
	if name, err := s.openPlace(plain, filepath.Join(root, "plain.csv"), true); err != nil || name != filepath.Join(root, "plain.csv") {
		t.Errorf("without pinning: %s, %v", name, err)
	}
}
