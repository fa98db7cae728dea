package e2e

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README and the pages under docs/ mark each fenced block with what it
// is. A block fenced "sh" is run by TestDocsCommands, in order, in one shell
// per page; two words may follow "sh":
//
//	sh norun       illustrative: a real service, a cron host, `make test`;
//	               shown, never run
//	sh background  a server the page's next blocks talk to ("in one
//	               terminal"): started, awaited on its address, stopped
//	               when the page ends
//
// Every other block names its language (text for output), so that no
// command escapes the test by being fenced without one.
const (
	markNoRun      = "norun"
	markBackground = "background"
)

// notShell are the languages of blocks that are not commands.
var notShell = map[string]bool{"text": true, "cron": true, "yaml": true, "json": true}

// docBlock is one fenced block of a page.
type docBlock struct {
	page string // as the repository names it: README.md, docs/emulator.md
	line int    // of the opening fence
	info []string
	text string
}

func (b docBlock) where() string { return fmt.Sprintf("%s:%d", b.page, b.line) }

// shell says whether the block is run, and whether in the background.
func (b docBlock) shell() (run, background bool) {
	if b.info[0] != "sh" {
		return false, false
	}
	return len(b.info) == 1 || b.info[1] == markBackground, len(b.info) > 1 && b.info[1] == markBackground
}

// docPages are the README and every page under docs/, named from the
// repository's root.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{"../README.md"}, pages...)
	for i, p := range pages {
		pages[i] = strings.TrimPrefix(p, "../")
	}
	return pages
}

// readBlocks returns the fenced blocks of a page, and fails the test for a
// block whose fence does not say what it is.
func readBlocks(t *testing.T, page string) []docBlock {
	t.Helper()
	f, err := os.Open(filepath.Join("..", page))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []docBlock
	var cur *docBlock
	var body strings.Builder
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !strings.HasPrefix(line, "```") {
			if cur != nil {
				body.WriteString(line + "\n")
			}
			continue
		}
		if cur != nil {
			cur.text = body.String()
			blocks = append(blocks, *cur)
			cur = nil
			continue
		}
		info := strings.Fields(strings.TrimPrefix(line, "```"))
		b := docBlock{page: page, line: n, info: info}
		switch {
		case len(info) == 0:
			t.Errorf("%s: a block without a language: fence it ```text (output), ```sh (run by this test) or ```sh %s", b.where(), markNoRun)
		case info[0] == "sh" && len(info) == 2 && (info[1] == markNoRun || info[1] == markBackground):
		case info[0] == "sh" && len(info) == 1:
		case len(info) == 1 && notShell[info[0]]:
		default:
			t.Errorf("%s: fence %q: commands are ```sh, ```sh %s or ```sh %s; other blocks are text, cron, yaml or json", b.where(), line, markNoRun, markBackground)
		}
		if len(info) == 0 {
			b.info = []string{"text"}
		}
		cur = &b
		body.Reset()
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Errorf("%s: a block never closed", cur.where())
	}
	return blocks
}

// TestDocsLinks follows every link of the README and the docs/ pages to
// another file of the repository, and to the heading it names: a page
// moved or a heading renamed breaks no reader's link.
func TestDocsLinks(t *testing.T) {
	t.Parallel()
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, page := range docPages(t) {
		b, err := os.ReadFile(filepath.Join("..", page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(withoutFences(string(b)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			text, err := os.ReadFile(filepath.Join("..", path))
			if err != nil {
				t.Errorf("%s: link %s: %v", page, target, err)
				continue
			}
			if anchor != "" && strings.HasSuffix(path, ".md") && !headingAnchors(string(text))[anchor] {
				t.Errorf("%s: link %s: %s has no heading #%s", page, target, path, anchor)
			}
		}
	}
}

// withoutFences is a page without its fenced blocks, whose brackets are
// code, not links.
func withoutFences(page string) string {
	var out strings.Builder
	in := false
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if !in {
			out.WriteString(line + "\n")
		}
	}
	return out.String()
}

// headingAnchors are the anchors GitHub gives a page's headings: lower
// case, punctuation dropped, spaces as hyphens.
func headingAnchors(page string) map[string]bool {
	anchors := map[string]bool{}
	for _, line := range strings.Split(withoutFences(page), "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var a strings.Builder
		for _, r := range title {
			switch {
			case r == ' ':
				a.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				a.WriteRune(r)
			}
		}
		anchors[a.String()] = true
	}
	return anchors
}
