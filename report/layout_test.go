package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The page's layout as headless Chromium draws it, measured by a script
// run in the page at each width asked: what a reader sees, not what the
// CSS says.

// layout is what the page looks like at one width.
type layout struct {
	Width     int     // the frame's width asked, in CSS pixels
	Viewport  float64 // the width the page was laid out at
	PageWidth float64 // the page's own width: wider than Viewport scrolls sideways
	// Overflows lists the texts drawn outside their card (a section, the
	// header, a key figure), outside their table cell, or cut by a box
	// that hides what overflows it. Text that a box scrolls out of
	// sight is not among them.
	Overflows []overflow
	// Rows is the rows to fix the page lists, Seen those of them whole
	// in sight (not folded away, not scrolled out of their box), and Cue
	// the text in sight in the section of rows to fix, outside its rows.
	Rows, Seen int
	Cue        string
	// TableWidth and WhyWidth are the width of the table of rows to fix
	// and of the first row's reason.
	TableWidth, WhyWidth float64
}

// overflow is a text drawn outside a box that should hold it.
type overflow struct {
	Text string  // its first words
	Box  string  // the box: its element and class
	Over float64 // by how many pixels, on its worst side
}

func (o overflow) String() string {
	return fmt.Sprintf("%q runs %.0f px out of its %s", o.Text, o.Over, o.Box)
}

// measureLayout renders page in headless Chromium, in a frame of each
// width, and returns what it measures there. Headless Chromium makes no
// window narrower than 500 px: a frame is any width, and its document,
// of the page's origin (srcdoc), writes the measures into this one.
func measureLayout(t *testing.T, page []byte, widths ...int) map[int]layout {
	t.Helper()
	browser, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("this test renders the page in Chromium, which is not installed: apt-get install -y chromium (make chromium)")
	}
	widest := 0
	var frames strings.Builder
	for _, w := range widths {
		widest = max(widest, w)
		fmt.Fprintf(&frames, `<iframe style="border:0;display:block" width="%d" height="900" srcdoc="%s"></iframe>`,
			w, html.EscapeString(string(measured(t, page, w))))
	}
	doc := []byte(`<!doctype html><html><body style="margin:0">` + frames.String() + `</body></html>`)
	dom := chromium(t, browser, t.TempDir(), doc, "--dump-dom", fmt.Sprintf("--window-size=%d,900", max(widest, 500)))
	got := map[int]layout{}
	for _, m := range regexp.MustCompile(`<pre class="measure">([^<]*)</pre>`).FindAllStringSubmatch(dom, -1) {
		var l layout
		if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &l); err != nil {
			t.Fatalf("measures %s: %v", m[1], err)
		}
		got[l.Width] = l
	}
	for _, w := range widths {
		l, ok := got[w]
		if !ok {
			t.Fatalf("the page's measures at %d px are missing from what Chromium rendered:\n%.2000s", w, dom)
		}
		if l.Viewport != float64(w) {
			t.Fatalf("Chromium laid the page out %v px wide, not %d: the test measures nothing", l.Viewport, w)
		}
	}
	return got
}

// measureScript measures the page it ends (see layout) and writes the
// measures into the frame's parent, for --dump-dom to show.
const measureScript = `<script>
(() => {
const cards = "section, header.top, .figure";
const fix = document.getElementById("fix");
const style = e => getComputedStyle(e);
const scrolls = e => ["auto", "scroll"].includes(style(e).overflowX) || ["auto", "scroll"].includes(style(e).overflowY);
const cuts = e => e instanceof SVGSVGElement || ["hidden", "clip"].includes(style(e).overflowX) || ["hidden", "clip"].includes(style(e).overflowY);
// Folded away (a closed <details>), hidden, or visually hidden for
// screen readers: not drawn.
const drawn = e => { if (!e.checkVisibility({visibilityProperty: true})) return false; for (; e; e = e.parentElement) { if (style(e).clipPath !== "none") return false; } return true; };
const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\s+/).join(".") : "");
const over = (r, b) => Math.max(b.left - r.left, r.right - b.right, b.top - r.top, r.bottom - b.bottom);
const clipTo = (r, b) => { const c = {left: Math.max(r.left, b.left), right: Math.min(r.right, b.right), top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom)}; return c.left < c.right && c.top < c.bottom ? c : null; };
// inSight is the part of rect r of element e that no box scrolls out of sight, or null.
const inSight = (r, e, stop) => { for (let a = e.parentElement; r && a && a !== stop; a = a.parentElement) { if (scrolls(a)) r = clipTo(r, a.getBoundingClientRect()); } return r; };

const overflows = [];
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n; (n = walk.nextNode()); ) {
  const el = n.parentElement, text = n.data.replace(/\s+/g, " ").trim();
  if (!text || el.closest("title, style, script") || !drawn(el)) continue;
  const card = el.closest(cards);
  if (!card) continue;
  let rects;
  if (el instanceof SVGElement) rects = [el.getBoundingClientRect()];
  else { const range = document.createRange(); range.selectNodeContents(n); rects = [...range.getClientRects()]; }
  const boxes = [card];
  const cell = el.closest("td, th");
  if (cell && card.contains(cell)) boxes.push(cell);
  for (let a = el; a && a !== card; a = a.parentElement) { if (cuts(a)) boxes.push(a); }
  for (let r of rects) {
    if (r.width < 0.5 || r.height < 0.5 || !(r = inSight(r, el, card))) continue;
    for (const b of boxes) {
      const by = over(r, b.getBoundingClientRect());
      if (by > 1) { overflows.push({Text: text.slice(0, 60), Box: name(b), Over: by}); break; }
    }
  }
}

const m = {Width: WIDTH, Viewport: window.innerWidth, PageWidth: document.documentElement.scrollWidth, Overflows: overflows, Rows: 0, Seen: 0, Cue: ""};
if (fix) {
  const rows = [...fix.querySelectorAll("tr[data-row]")];
  const whole = tr => { const r = tr.getBoundingClientRect(); if (r.height < 0.5 || !drawn(tr)) return false; const s = inSight(r, tr, fix); return !!s && over(r, s) <= 0.5; };
  m.Rows = rows.length;
  m.Seen = rows.filter(whole).length;
  const cue = [];
  const words = document.createTreeWalker(fix, NodeFilter.SHOW_TEXT);
  for (let n; (n = words.nextNode()); ) {
    const el = n.parentElement;
    if (el.closest("tr[data-row], thead") || !drawn(el)) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    if ([...range.getClientRects()].some(r => r.width > 0 && inSight(r, el, fix))) cue.push(n.data);
  }
  m.Cue = cue.join(" ").replace(/\s+/g, " ").trim();
  if (rows.length) {
    m.TableWidth = fix.querySelector("table.fix").getBoundingClientRect().width;
    m.WhyWidth = rows[0].lastElementChild.getBoundingClientRect().width;
  }
}
const pre = parent.document.createElement("pre");
pre.className = "measure";
pre.textContent = JSON.stringify(m);
parent.document.body.append(pre);
})();
</script>`

// measured is the page with the script that measures it at width: the
// page itself runs no script, and its Content-Security-Policy lets this
// one run only here.
func measured(t *testing.T, page []byte, width int) []byte {
	t.Helper()
	s := strings.Replace(string(page), "default-src 'none';", "default-src 'none'; script-src 'unsafe-inline';", 1)
	if !strings.Contains(s, "</body>") || s == string(page) {
		t.Fatal("the page has no </body> or no Content-Security-Policy to let the measuring script in")
	}
	script := strings.Replace(measureScript, "WIDTH", fmt.Sprint(width), 1)
	return []byte(strings.Replace(s, "</body>", script+"</body>", 1))
}

// checkLayout fails the test for what a reader at l.Width cannot read: a
// page wider than the screen, a text over its card or its cell, rows to
// fix folded or scrolled away without the page saying how many, and
// where they all are.
func checkLayout(t *testing.T, l layout) {
	t.Helper()
	if l.PageWidth > l.Viewport {
		t.Errorf("at %d px the page is %v px wide", l.Width, l.PageWidth)
	}
	for _, o := range l.Overflows {
		t.Errorf("at %d px %s", l.Width, o)
	}
	if hidden := l.Rows - l.Seen; hidden > 0 {
		if more := fmt.Sprintf("%s more", thousands(int64(hidden))); !strings.Contains(l.Cue, more) {
			t.Errorf("at %d px %d of the %d rows to fix listed are out of sight, and nothing in sight says %q: %q", l.Width, hidden, l.Rows, more, l.Cue)
		}
		if !strings.Contains(l.Cue, "enrich_status") {
			t.Errorf("at %d px rows to fix are out of sight, and nothing in sight says where they all are (the output's enrich_status column): %q", l.Width, l.Cue)
		}
	}
}

// richRun is the sample run with what makes its page's texts longest: the
// rows to fix name their persons as a sheet of person columns gives
// them, rows were found by name, the budget was shared through Redis,
// and results were kept beside an output deep in folders.
func richRun(t *testing.T) *Run {
	t.Helper()
	r := sampleRun(t)
	names := []string{"Encarnación García-Villalobos", "Bartholomew Okonkwo-Smith", "Li Wei", "Anne-Sophie Lefèvre-Dubois"}
	for i := range r.Fix.Rows {
		r.Fix.Rows[i].Name = names[i%len(names)]
	}
	r.ByName = &ByName{Rows: 8, High: 7, Medium: 1, Moved: 1, NotFound: 2, Searches: 10, Profiles: 14}
	r.MatchRate[KindName] = KindMatch{Tried: 8, Found: 8, Rate: 1}
	r.Budget = &BudgetUse{Where: "redis://cache.internal:6379/0", Items: 540, Limit: 600, Runs: 2, MostRuns: 3}
	r.Kept, r.KeptFile = 12, "/srv/leads/exports/2026-11-23/leads-enriched.xlsx.results.jsonl"
	return r
}

// sampleRun is the sample run report of testdata.
func sampleRun(t *testing.T) *Run {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sample-run.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r Run
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// pageOf is the run's page.
func pageOf(t *testing.T, r *Run) []byte {
	t.Helper()
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	return page.Bytes()
}

// screenshot writes a PNG of page as Chromium draws it width px wide,
// for a person to look at.
func screenshot(t *testing.T, page []byte, width, height int, png string) {
	t.Helper()
	browser, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("no chromium: apt-get install -y chromium (make chromium)")
	}
	shot, err := filepath.Abs(png)
	if err != nil {
		t.Fatal(err)
	}
	if width < 500 { // no window is narrower: a frame of the width
		page = []byte(fmt.Sprintf(`<!doctype html><html><body style="margin:0"><iframe style="border:0;display:block" width="%d" height="%d" srcdoc="%s"></iframe></body></html>`,
			width, height, html.EscapeString(string(page))))
	}
	chromium(t, browser, t.TempDir(), page, "--screenshot="+shot, fmt.Sprintf("--window-size=%d,%d", max(width, 500), height))
}

// chromium opens page in headless Chromium with every network feature off,
// as make report-shot does, and returns what it prints.
func chromium(t *testing.T, browser, dir string, page []byte, args ...string) string {
	t.Helper()
	file := filepath.Join(dir, "page.html")
	if err := os.WriteFile(file, page, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, append([]string{"--headless", "--no-sandbox", "--disable-gpu",
		"--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--hide-scrollbars", "--user-data-dir=" + filepath.Join(dir, "profile")}, append(args, "file://"+file)...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, tail(errOut.String(), 20))
	}
	return out.String()
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
