package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestForget: after enrich forget of 10 people from the journal of a
// 1,000-row sheet, no byte of their e-mails, phones, names or uids is in
// the journal's folder; enrich journal show finds nothing of them but
// their suppression; the other rows export unchanged and theirs say
// suppressed; and the next run over the same sheet sends none of the 10
// and pays nothing again for the others.
func TestForget(t *testing.T) {
	t.Parallel()
	j := newJob(t, fastService(20000), 1000)
	j.journal = filepath.Join(j.dir, "state", "enrich.journal")
	if err := os.MkdirAll(filepath.Dir(j.journal), 0o700); err != nil {
		t.Fatal(err)
	}
	j.enrich(t, j.args()...).expectCode(t, 0)
	export := func(name string) ([]string, [][]string) {
		t.Helper()
		out := filepath.Join(j.dir, name)
		j.enrich(t, "export", j.input, "-o", out, "--journal", j.journal, "--default-region", "US").expectCode(t, 0)
		return readCSV(t, out)
	}
	header, before := export("before.csv")
	status, identifier, uid := column(t, header, "enrich_status"), column(t, header, "enrich_identifier"), column(t, header, "enrich_uid")
	name, emails, phones := column(t, header, "enrich_full_name"), column(t, header, "enrich_emails"), column(t, header, "enrich_phones")

	// Ten people found, each by one of their identifiers.
	forgotten := map[string]bool{} // uids
	var args, secrets []string
	for _, r := range before {
		if len(forgotten) == 10 {
			break
		}
		if r[status] != "success" || forgotten[r[uid]] || r[emails] == "" {
			continue
		}
		forgotten[r[uid]] = true
		args = append(args, r[identifier])
		secrets = append(secrets, r[uid], r[name])
		secrets = append(secrets, strings.Split(r[emails], "; ")...)
		for _, p := range strings.Split(r[phones], "; ") {
			if p != "" {
				secrets = append(secrets, strings.TrimPrefix(p, "+"))
			}
		}
	}
	if len(forgotten) < 10 {
		t.Fatalf("%d people found with an e-mail; want 10", len(forgotten))
	}
	inFolder := func() []string {
		var found []string
		files, _ := os.ReadDir(filepath.Dir(j.journal))
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(filepath.Dir(j.journal), f.Name()))
			if err != nil {
				t.Fatal(err)
			}
			b = bytes.ToLower(b) // a search's key is folded
			for _, s := range secrets {
				if s != "" && bytes.Contains(b, []byte(strings.ToLower(s))) {
					found = append(found, s+" in "+f.Name())
				}
			}
		}
		return found
	}
	if len(inFolder()) == 0 {
		t.Fatal("none of their values is in the journal before: the test would test nothing")
	}

	j.enrich(t, append([]string{"forget", "--journal", j.journal}, args...)...).expectCode(t, 0)
	if left := inFolder(); len(left) > 0 {
		t.Errorf("after forget, the journal's folder still holds %q", left)
	}
	show := j.enrich(t, "journal", "show", "--journal", j.journal, args[0])
	show.expectCode(t, 0)

	_, after := export("after.csv")
	for i, r := range before {
		switch {
		case forgotten[r[uid]]:
			if after[i][status] != "suppressed" || after[i][uid] != "" {
				t.Errorf("row %d of a forgotten person: %s %q; want suppressed, nothing of them", i+2, after[i][status], after[i][uid])
			}
		case !slices.Equal(after[i], r):
			t.Errorf("row %d changed:\n%q\n%q", i+2, r, after[i])
		}
	}

	sent, credits := j.stats().ItemsAccepted, j.stats().CreditsUsed["standard"]
	j.enrich(t, j.args()...).expectCode(t, 0)
	if n := j.stats().ItemsAccepted - sent; n != 0 {
		t.Errorf("the run after forget sent %d items; want none", n)
	}
	if n := j.stats().CreditsUsed["standard"] - credits; n != 0 {
		t.Errorf("the run after forget spent %d credits; want none", n)
	}
}
