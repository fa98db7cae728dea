package e2e

import (
	"strings"
	"testing"
)

// Everyone found by a profile URL carries that URL among their social
// links: the enriched sheet's enrich_linkedin is the profile looked up.
func TestProfileURLAmongSocial(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(10000), 0)
	var b strings.Builder
	b.WriteString("LinkedIn\n")
	w := j.emu.World()
	want := map[string]bool{}
	for i := 0; i < 300; i++ {
		u := w.Person(i).ProfileURL()
		want[u] = true
		b.WriteString(u + "\n")
	}
	writeFile(t, j.input, b.String())
	j.enrich(t, j.args()...).expectCode(t, 0)
	header, rows := readCSV(t, j.output)
	id, link := column(t, header, "LinkedIn"), column(t, header, "enrich_linkedin")
	for _, r := range rows {
		if r[link] != r[id] {
			t.Errorf("%s was found, but its profile shows the link %q", r[id], r[link])
		}
	}
	if len(rows) != 300 {
		t.Fatalf("%d rows", len(rows))
	}
}
