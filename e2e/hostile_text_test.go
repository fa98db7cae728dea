package e2e

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/demo/namedraw"
	"github.com/enrich-dev/enrich/emulator"
)

// The service's words are untrusted text. A service whose every error
// message and failure reason holds terminal escapes (a window title, a
// clipboard write, a cleared screen, a forged line), NUL and
// bidirectional overrides, eight megabytes of them, leaves none of it on
// the terminal or in the journal, the output, the JSONL export or the
// report, and none of them grows past a bound: an 8 MB reason on an
// 11-row sheet once made a 185 MB journal, a 92 MB CSV and 92 MB reports.
func TestHostileServiceText(t *testing.T) {
	t.Parallel()
	t.Run("422 reasons in a run", func(t *testing.T) {
		t.Parallel()
		cfg := fastService(100000)
		cfg.HostileText = emulator.HostileBoth
		j := newJobWith(t, cfg, 0, searchesRefused)
		hostileSheet(t, j)
		r := j.enrich(t, j.args()...)
		r.expectCode(t, 0)
		header, rows := readCSV(t, j.output)
		why := column(t, header, "enrich_error")
		refused := 0
		for _, row := range rows {
			if strings.HasPrefix(row[why], "the service refused a search for this row's name and company (422: Location is not recognized") {
				refused++
			}
			if len(row[why]) > 4<<10+200 {
				t.Errorf("an enrich_error of %d bytes", len(row[why]))
			}
		}
		if refused < 5 {
			t.Errorf("%d rows say the service refused their search; the test tests less than it says", refused)
		}
		jsonl := filepath.Join(j.dir, "rows.jsonl")
		ex := j.enrich(t, "export", j.input, "-o", jsonl, "--journal", j.journal, "--default-region", "US")
		ex.expectCode(t, 0)
		checkClean(t, r.stderr+ex.stderr, j.journal, j.output, jsonl, j.output+".report.json", j.output+".report.html")
		if st := j.stats(); st.Items["failed"] == 0 {
			t.Errorf("no item failed: no callback carried a hostile reason (%v)", st.Items)
		}
	})
	t.Run("403 of a disabled account", func(t *testing.T) {
		t.Parallel()
		cfg := fastService(100000)
		cfg.HostileText = emulator.HostileBoth
		cfg.Default.Disabled = true
		j := newJob(t, cfg, 0)
		hostileSheet(t, j)
		r := j.enrich(t, j.args()...)
		r.expectCode(t, 2)
		if !strings.Contains(r.stderr, "Account is disabled]0;enrich: all rows found") {
			t.Errorf("stderr does not say what the service said:\n%.2000s", r.stderr)
		}
		// The run ends at once, before an output: what it leaves is
		// checked.
		left := []string{j.journal}
		for _, f := range []string{j.output, j.output + ".report.json", j.output + ".report.html", j.journal + ".status.json"} {
			if _, err := os.Stat(f); err == nil {
				left = append(left, f)
			}
		}
		checkClean(t, r.stderr, left...)
	})
	t.Run("403 of the Company API", func(t *testing.T) {
		t.Parallel()
		cfg := fastService(100000)
		cfg.HostileText = emulator.HostileEscapes
		j := newJob(t, cfg, 0)
		out, r := j.stdout(t, "company", "find", "acme")
		r.expectCode(t, 2)
		if !strings.Contains(r.stderr, "The Company API is not enabled for this account]0;enrich: all rows found") {
			t.Errorf("stderr does not say what the service said:\n%s", r.stderr)
		}
		checkClean(t, out+r.stderr)
	})
}

// hostileSheet writes eleven rows: three found by their profile URL, three
// e-mails nobody has (failed items, whose reasons the service makes
// hostile), and five found only by name and company.
func hostileSheet(t *testing.T, j *job) {
	t.Helper()
	d := namedraw.New(j.emu.World(), rand.New(rand.NewPCG(44, 11)))
	var b strings.Builder
	b.WriteString("Name,Company,LinkedIn,Email\n")
	for i := range 3 {
		fmt.Fprintf(&b, "Someone Else,Acme,%s,\n", j.emu.World().Person(i).ProfileURL())
		fmt.Fprintf(&b, ",,,nobody-%d@example.invalid\n", i)
	}
	for range 5 {
		r := d.Draw(0)
		fmt.Fprintf(&b, "%q,%q,,\n", r.First+" "+r.Last+r.Name, r.Company)
	}
	writeFile(t, j.input, b.String())
}

// searchesRefused makes every people search one the service refuses
// (422, an unknown location), so that the 422 and its message are the
// emulator's own, said as its fault says.
func searchesRefused(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == api.PathSearch {
			io.Copy(io.Discard, r.Body)
			body := `{"location": "Xyzzyland", "fullName": "x"}`
			r.Body, r.ContentLength = io.NopCloser(strings.NewReader(body)), int64(len(body))
		}
		next.ServeHTTP(w, r)
	})
}

// unsafe are what no file or terminal of a run may hold of the service's
// words: raw, and as JSON escapes them.
var unsafe = []string{"\x1b", "\x07", "\x00", "\u009b", "\x7f", "\u202e", "\u2066", "\u200f", "\u061c",
	`\u001b`, `\u0007`, `\u0000`, `\u009b`, `\u007f`, `\u202e`, `\u2066`, `\u200f`, `\u061c`}

// sequences are the hostile sequences whole (see emulator.Escapes), raw
// and as JSON escapes them: what is looked for in a journal, whose pages
// of compressed profiles may hold any byte alone.
var sequences = []string{"\x1b]0;", "\x1b]52;", "\x1b[2J", "\x00\u009b31m", "\u202eexe", "\u2066\u2067",
	`\u001b]0;`, `\u001b]52;`, `\u001b[2J`, `\u0000\u009b31m`, `\u0000\u009b31m`, `\u202eexe`}

// maxFile bounds each file of a run of this sheet: a few messages of at
// most 4 KiB each, a journal of a few pages.
const maxFile = 2 << 20

// checkClean fails the test if the text given first (a run's stderr) or
// any file named after it holds what unsafe lists (a journal: what
// sequences lists), or is larger than maxFile.
func checkClean(t *testing.T, stderr string, files ...string) {
	t.Helper()
	look := func(name string, b []byte, bad []string) {
		if len(b) > maxFile {
			t.Errorf("%s is %d bytes, more than %d", name, len(b), maxFile)
		}
		for _, u := range bad {
			if i := bytes.Index(b, []byte(u)); i >= 0 {
				t.Errorf("%s holds %q: %q", name, u, b[max(0, i-80):min(len(b), i+80)])
			}
		}
	}
	look("stderr", []byte(stderr), unsafe)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		bad := unsafe
		if strings.HasSuffix(f, ".journal") {
			bad = sequences
		}
		look(filepath.Base(f), b, bad)
	}
}
