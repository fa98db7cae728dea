package report

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
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

var narrowShot = flag.String("chromium.shot", "", "also write a screenshot of the page at 390 px to this PNG (make report-narrow)")

// phoneWidth is the width of the phone the page is measured on, in CSS
// pixels (an iPhone 12 to 15).
const phoneWidth = 390

// TestNarrowPage renders the sample run's page, its rows to fix with
// names as a sheet of person columns gives them, in headless Chromium at
// 390 px, and measures what a reader on a phone sees: nothing wider than
// the screen, the reason a row needs fixing as wide as the table, and several
// rows whole in the box that scrolls them. (The chart's axis, no longer
// than the run, is TestTimelineSpansTheRun's.)
func TestNarrowPage(t *testing.T) {
	browser, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("this test renders the page in Chromium, which is not installed: apt-get install -y chromium (make chromium)")
	}
	r := sampleRun(t)
	names := []string{"Encarnación García-Villalobos", "Bartholomew Okonkwo-Smith", "Li Wei", "Anne-Sophie Lefèvre-Dubois"}
	for i := range r.Fix.Rows {
		r.Fix.Rows[i].Name = names[i%len(names)]
	}
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if *narrowShot != "" {
		shot, err := filepath.Abs(*narrowShot)
		if err != nil {
			t.Fatal(err)
		}
		chromium(t, browser, dir, phone(page.Bytes(), 2400), "--screenshot="+shot, "--window-size=500,2400")
	}
	dom := chromium(t, browser, dir, phone(measured(t, page.Bytes()), 900), "--dump-dom", "--window-size=500,900")
	m := regexp.MustCompile(`<pre id="measure">([^<]*)</pre>`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the page's measures are missing from what Chromium rendered:\n%.2000s", dom)
	}
	var got struct {
		Viewport, PageWidth, TableWidth, WhyWidth float64
		WholeRows                                 int
	}
	if err := json.Unmarshal([]byte(m[1]), &got); err != nil {
		t.Fatalf("measures %s: %v", m[1], err)
	}
	t.Logf("measured at %d px: %+v", phoneWidth, got)
	if got.Viewport != phoneWidth {
		t.Fatalf("Chromium laid the page out %v px wide, not %d: the test measures nothing", got.Viewport, phoneWidth)
	}
	if got.PageWidth > got.Viewport {
		t.Errorf("the page is %v px wide on a %v px screen", got.PageWidth, got.Viewport)
	}
	if got.WhyWidth < 0.8*got.TableWidth {
		t.Errorf("the rows to fix say why in a column %v px wide of the table's %v", got.WhyWidth, got.TableWidth)
	}
	if got.WholeRows < 3 {
		t.Errorf("the box of rows to fix shows %d rows whole before it scrolls", got.WholeRows)
	}
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

// phone is a page that shows page in a frame of a phone's width: headless
// Chromium makes no window narrower than 500 px. The frame's document is
// of the page's origin (srcdoc), so a script in it reaches this one.
func phone(page []byte, height int) []byte {
	return []byte(fmt.Sprintf(`<!doctype html><html><body style="margin:0"><iframe style="border:0;display:block" width="%d" height="%d" srcdoc="%s"></iframe></body></html>`,
		phoneWidth, height, html.EscapeString(string(page))))
}

// measured is the page with a script that writes what the test checks
// into the frame's parent, for --dump-dom to show: the page itself runs no script,
// and its Content-Security-Policy lets this one run only here.
func measured(t *testing.T, page []byte) []byte {
	t.Helper()
	const script = `<script>
const q = s => document.querySelector(s);
const wrap = q(".fix-wrap"), box = wrap.getBoundingClientRect();
const rows = [...wrap.querySelectorAll("tbody tr")];
const m = {
  Viewport: window.innerWidth,
  PageWidth: document.documentElement.scrollWidth,
  TableWidth: q("table.fix").getBoundingClientRect().width,
  WhyWidth: rows[0].lastElementChild.getBoundingClientRect().width,
  WholeRows: rows.filter(r => r.getBoundingClientRect().bottom <= box.top + wrap.clientHeight + 0.5).length,
};
const pre = document.createElement("pre");
pre.id = "measure";
pre.textContent = JSON.stringify(m);
parent.document.body.append(pre);
</script>`
	s := strings.Replace(string(page), "default-src 'none';", "default-src 'none'; script-src 'unsafe-inline';", 1)
	if !strings.Contains(s, "</body>") || s == string(page) {
		t.Fatal("the page has no </body> or no Content-Security-Policy to let the measuring script in")
	}
	return []byte(strings.Replace(s, "</body>", script+"</body>", 1))
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
