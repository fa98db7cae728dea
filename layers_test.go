// Package enrich holds the tests of the house's rules: the layers, in
// this file, where every arrow of an import points down and the floors
// are written; and the sizes of functions and files (size_test.go).
//
// The layers, lowest first (a package may import any package of a lower
// layer; within a layer, only the arrows listed):
//
//	ground    api/wire, internal/...: leaf helpers that import nothing of
//	          the project but each other and the wire types
//	parts     api (the HTTP client), state (the journal), sources, sinks,
//	          report (the page)
//	sheet     runsheet, byname, callback: the sheet a run moves, finding by
//	          name, the receiver
//	jobs      pipeline, export, plan, search, company; pipeline -> export
//	          is the one arrow between jobs (a run ends by writing its
//	          output through the export)
//	drawers   demo/leads, demo/namedraw: sheets drawn from the emulator's
//	          world, with the truth of every row
//	commands  cmd/..., assistant, demo: wiring; they may import each other
//
// Beside the layers stands the emulator (emulator/...): the service,
// which imports nothing of the client; of the client only the commands
// and the drawers import it. And what links what:
//
//   - the client links no Redis (api does not depend on go-redis);
//   - state, sinks, export and internal/ see the wire types, never the
//     HTTP client (they do not depend on api);
//   - report is the page: the parts and the sheet do not import it (the
//     failure vocabulary, exit codes and stop reasons are internal/fault);
//   - state is the only package that imports bbolt.
//
// Tests may import anything: a test draws its sheets from the world.
package enrich

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/enrich-dev/enrich"

// A layer is a floor of the house: its packages (a pattern ending in
// "/..." holds the tree below it) and what they may import of their own
// floor.
type layer struct {
	name     string
	packages []string
	// within says the layer's packages may import each other.
	within bool
	// arrows are the imports allowed between packages of the layer, as
	// "from -> to", when within is false.
	arrows []string
	// emulator says the layer's packages may import the emulator.
	emulator bool
}

// layers are the floors, lowest first.
var layers = []layer{
	{name: "ground", packages: []string{"api/wire", "internal/..."}, within: true},
	{name: "parts", packages: []string{"api", "state/...", "sources/...", "sinks", "report/..."}},
	{name: "sheet", packages: []string{"runsheet", "byname", "callback"}},
	{name: "jobs", packages: []string{"pipeline", "export", "plan", "search", "company"},
		arrows: []string{"pipeline -> export"}},
	{name: "drawers", packages: []string{"demo/leads", "demo/namedraw"}, within: true, emulator: true},
	{name: "commands", packages: []string{"cmd/...", "assistant", "demo"}, within: true, emulator: true},
}

// island is the emulator: it imports nothing of the client.
const island = "emulator/..."

// links are the rules on what a package depends on, directly or not.
var links = []struct {
	rule     string
	packages []string // the packages the rule binds
	not      string   // the package (or tree, with "/...") they must not depend on
	direct   bool     // only direct imports count
	except   []string // packages the rule does not bind
}{
	{rule: "the client links no Redis", packages: []string{"api"}, not: "github.com/redis/go-redis/..."},
	{rule: "state, sinks, export and internal/ see the wire types, never the HTTP client",
		packages: []string{"state/...", "sinks", "export", "internal/..."}, not: "api"},
	{rule: "report is the page, imported by the jobs and the commands; the failure vocabulary is internal/fault",
		packages: []string{"api/wire", "internal/...", "api", "state/...", "sources/...", "sinks", "runsheet", "byname", "callback"},
		not:      "report", direct: true},
	{rule: "state is the only package that imports bbolt", packages: []string{"..."},
		not: "go.etcd.io/bbolt", direct: true, except: []string{"state"}},
}

// known are the arrows of the tree as it is that break a rule, until the
// code moves; the list only shrinks.
var known = map[string]bool{}

// pkg is a package of the module as go list tells it, its path relative
// to the module ("" for the root).
type pkg struct {
	path    string
	imports []string // full import paths
	deps    []string // full import paths, direct or not
}

func TestLayers(t *testing.T) {
	pkgs := load(t)
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages of the module; the test reads nothing", len(pkgs))
	}
	found := check(pkgs)
	for _, b := range found {
		if !known[b] {
			t.Error(b)
		}
	}
	for k := range known {
		if !slices.Contains(found, k) {
			t.Errorf("no longer broken, remove it from known: %s", k)
		}
	}
}

// TestCheck plants arrows in a made-up module and asks the checker for
// the rule each breaks.
func TestCheck(t *testing.T) {
	full := func(paths ...string) []string {
		var out []string
		for _, p := range paths {
			if strings.Contains(p, ".") {
				out = append(out, p)
			} else {
				out = append(out, module+"/"+p)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		p    pkg
		want string // "" when nothing is broken
	}{
		{"down", pkg{path: "pipeline", imports: full("state", "internal/clock", "api/wire")}, ""},
		{"listed arrow between jobs", pkg{path: "pipeline", imports: full("export")}, ""},
		{"own subpackage", pkg{path: "sources", imports: full("sources/csvfile")}, ""},
		{"ground helpers import each other", pkg{path: "internal/sheet", imports: full("internal/ident")}, ""},
		{"up from the ground", pkg{path: "internal/clock", imports: full("pipeline")},
			"internal/clock (ground) imports pipeline (jobs): an arrow points up"},
		{"up from the parts", pkg{path: "state", imports: full("export")},
			"state (parts) imports export (jobs): an arrow points up"},
		{"between jobs", pkg{path: "export", imports: full("pipeline")},
			"export imports pipeline, both jobs: within the layer only pipeline -> export"},
		{"within the parts", pkg{path: "sinks", imports: full("sources")},
			"sinks imports sources, both parts: within the layer only a package's own subpackages"},
		{"the emulator imports the client", pkg{path: "emulator/world", imports: full("internal/match")},
			"emulator/world imports internal/match: the emulator imports nothing of the client"},
		{"a job imports the emulator", pkg{path: "pipeline", imports: full("emulator")},
			"pipeline (jobs) imports emulator: of the client only the commands and the drawers import the emulator"},
		{"a command imports the emulator", pkg{path: "cmd/enrich", imports: full("emulator", "demo")}, ""},
		{"on no layer", pkg{path: "util"}, "util is on no layer: add it to the layers in layers_test.go"},
		{"the client links Redis", pkg{path: "api", deps: full("github.com/redis/go-redis/v9")},
			"api depends on github.com/redis/go-redis/v9: the client links no Redis"},
		{"the export links the client", pkg{path: "export", deps: full("byname", "api")},
			"export depends on github.com/enrich-dev/enrich/api: state, sinks, export and internal/ see the wire types, never the HTTP client"},
		{"bbolt outside state", pkg{path: "sinks", imports: full("go.etcd.io/bbolt")},
			"sinks imports go.etcd.io/bbolt: state is the only package that imports bbolt"},
		{"bbolt in state", pkg{path: "state", imports: full("go.etcd.io/bbolt")}, ""},
		{"the page for an error", pkg{path: "runsheet", imports: full("report")},
			"runsheet imports github.com/enrich-dev/enrich/report: report is the page, imported by the jobs and the commands; the failure vocabulary is internal/fault"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := check([]pkg{tc.p})
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("broken: %q, want nothing", got)
			case tc.want != "" && !slices.Contains(got, tc.want):
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// load lists the module's packages, without their tests.
func load(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}}\t{{join .Imports \" \"}}\t{{join .Deps \" \"}}", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			t.Fatalf("go list: unexpected line %q", sc.Text())
		}
		p := pkg{path: strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/"), imports: strings.Fields(f[1]), deps: strings.Fields(f[2])}
		if p.path == "" || p.path == "e2e" {
			continue // this test, and a package of tests only
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// check returns a sentence for every arrow of pkgs that breaks a rule,
// naming the rule.
func check(pkgs []pkg) []string {
	var broken []string
	for _, p := range pkgs {
		from, ok := layerOf(p.path)
		if !ok && !matches(island, p.path) {
			broken = append(broken, fmt.Sprintf("%s is on no layer: add it to the layers in layers_test.go", p.path))
			continue
		}
		for _, full := range p.imports {
			if !strings.HasPrefix(full, module+"/") {
				continue
			}
			if msg := arrow(p.path, strings.TrimPrefix(full, module+"/"), from, ok); msg != "" {
				broken = append(broken, msg)
			}
		}
		for _, l := range links {
			if !matchesAny(l.packages, p.path) || slices.Contains(l.except, p.path) {
				continue
			}
			on := p.deps
			verb := "depends on"
			if l.direct {
				on, verb = p.imports, "imports"
			}
			for _, d := range on {
				if matches(l.not, d) || matches(l.not, strings.TrimPrefix(d, module+"/")) {
					broken = append(broken, fmt.Sprintf("%s %s %s: %s", p.path, verb, d, l.rule))
					break
				}
			}
		}
	}
	return broken
}

// arrow says what rule the import of to by from breaks, or "".
func arrow(from, to string, fl int, onLayer bool) string {
	inIsland, toIsland := matches(island, from), matches(island, to)
	switch {
	case inIsland && !toIsland:
		return fmt.Sprintf("%s imports %s: the emulator imports nothing of the client", from, to)
	case inIsland:
		return ""
	case toIsland && !layers[fl].emulator:
		return fmt.Sprintf("%s (%s) imports %s: of the client only the commands and the drawers import the emulator", from, layers[fl].name, to)
	case toIsland:
		return ""
	}
	tl, ok := layerOf(to)
	switch {
	case !ok:
		return fmt.Sprintf("%s imports %s, which is on no layer", from, to)
	case tl > fl:
		return fmt.Sprintf("%s (%s) imports %s (%s): an arrow points up", from, layers[fl].name, to, layers[tl].name)
	case tl < fl, layers[fl].within, tree(from) == tree(to), slices.Contains(layers[fl].arrows, from+" -> "+to):
		return ""
	}
	return fmt.Sprintf("%s imports %s, both %s: within the layer only %s", from, to, layers[fl].name, allowed(layers[fl]))
}

// tree is the first element of a path: a package may import its own
// subpackages, and they it.
func tree(path string) string {
	first, _, _ := strings.Cut(path, "/")
	return first
}

func allowed(l layer) string {
	if len(l.arrows) == 0 {
		return "a package's own subpackages"
	}
	return strings.Join(l.arrows, ", ")
}

// layerOf returns the index of the layer of a package's path; a package
// named exactly wins over a tree.
func layerOf(path string) (int, bool) {
	for i, l := range layers {
		if slices.Contains(l.packages, path) {
			return i, true
		}
	}
	for i, l := range layers {
		if matchesAny(l.packages, path) {
			return i, true
		}
	}
	return 0, false
}

func matchesAny(patterns []string, path string) bool {
	return slices.ContainsFunc(patterns, func(p string) bool { return matches(p, path) })
}

// matches reports whether path is pattern, or below it when pattern ends
// in "/..."; "..." alone is every package.
func matches(pattern, path string) bool {
	if pattern == "..." {
		return true
	}
	if root, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == root || strings.HasPrefix(path, root+"/")
	}
	return path == pattern
}
