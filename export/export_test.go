package export

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/sources"
	"github.com/enrich-dev/enrich/state"
	"github.com/enrich-dev/enrich/state/statetest"
)

// TestExportDamagedResults: a stored result that does not decode, or that
// names another identifier than the row's, makes that row an error row
// with the reason; every other row is written, and nobody else's profile
// is shown.
func TestExportDamagedResults(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte("Email\ngood@example.com\nbroken@example.com\nswapped@example.com\ngood@example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	journal := statetest.JournalWith(t, map[string][]byte{
		"good@example.com":    []byte(`{"item":"good@example.com","status":"success","candidate":{"fullName":"Good Person"}}`),
		"broken@example.com":  []byte(`{"item":"broken@exa`),
		"swapped@example.com": []byte(`{"item":"someone.else@example.com","status":"success","candidate":{"fullName":"Marcelo Carvalho"}}`),
	})
	j, err := state.Open(journal, state.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	out := filepath.Join(dir, "out.csv")
	res, err := Export(context.Background(), j, Config{Input: input, Output: out})
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	if res.Damaged != 2 || res.Rows["success"] != 2 || res.Rows["error"] != 2 {
		t.Errorf("result %+v; want 2 success, 2 error, 2 damaged", res)
	}
	f, _ := os.Open(out)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	errCol := len(rows[0]) - 1
	for _, tc := range []struct {
		row            int
		status, reason string
	}{
		{1, "success", ""},
		{2, "error", "damaged"},
		{3, "error", "belongs to another identifier"},
		{4, "success", ""},
	} {
		r := rows[tc.row]
		if r[1] != tc.status || !strings.Contains(r[errCol], tc.reason) || (tc.reason == "") != (r[errCol] == "") {
			t.Errorf("row %d: status %q, error %q; want %s, %q", tc.row+1, r[1], r[errCol], tc.status, tc.reason)
		}
		if strings.Contains(strings.Join(r, ","), "Marcelo") {
			t.Errorf("row %d shows another person's profile: %q", tc.row+1, r)
		}
	}
	if rows[0][errCol] != "enrich_error" || len(rows[0]) != 1+16 {
		t.Errorf("header %q; want 16 enrich columns ending with enrich_error", rows[0])
	}
}

// TestExportInvalidIdentifierReason: an invalid_identifier row says in
// enrich_error what is wrong with its value, as plan words it.
func TestExportInvalidIdentifierReason(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte("Email\nnot-an-email\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	j, err := state.Open(statetest.JournalWith(t, map[string][]byte{"a@example.com": nil}), state.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	out := filepath.Join(dir, "out.jsonl")
	if _, err := Export(context.Background(), j, Config{Input: input, Output: out}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	var obj map[string]any
	if err := json.Unmarshal(b, &obj); err != nil {
		t.Fatal(err)
	}
	if obj["enrich_status"] != "invalid_identifier" || !strings.Contains(obj["enrich_error"].(string), `email "not-an-email"`) {
		t.Errorf("line %s; want invalid_identifier with the reason", b)
	}
}

// TestExportProgress: an export tells its progress as it goes: the rows
// written, from 0 to every row of the input, the total not known before
// the end.
func TestExportProgress(t *testing.T) {
	const rows = 5000 // more than one read report and many chunks
	var b strings.Builder
	b.WriteString("Email,Note\n")
	for i := range rows {
		if i%10 == 0 {
			b.WriteString(",no identifier\n")
			continue
		}
		b.WriteString("p" + strconv.Itoa(i%40) + "@x.co,row\n")
	}
	dir := t.TempDir()
	input := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(input, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	answers := map[string][]byte{}
	for i := range 20 {
		answers["p"+strconv.Itoa(i)+"@x.co"] = []byte("{}") // found
	}
	j, err := state.Open(statetest.JournalWith(t, answers), state.Options{Command: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	type told struct {
		pass  string
		rows  int
		total int64
	}
	var got []told
	_, err = Export(context.Background(), j, Config{Input: input, Output: filepath.Join(dir, "out.csv"),
		Progress: func(pass string, rows int, total int64) { got = append(got, told{pass, rows, total}) }})
	if err != nil {
		t.Fatal(err)
	}
	var reads, writes []told
	for i, r := range got {
		switch {
		case r.pass == sources.PassRead && len(writes) == 0:
			reads = append(reads, r)
		case r.pass == sources.PassWrite:
			writes = append(writes, r)
		default:
			t.Fatalf("report %d %+v out of order in %+v", i, r, got)
		}
	}
	// The journal answers no more identifiers than the input could
	// name: the input is read once, as it is written, and the total is
	// known at the end.
	if len(reads) != 0 {
		t.Errorf("reading reports %+v: the input is read once, as it is written", reads)
	}
	if len(writes) < 3 || writes[0] != (told{sources.PassWrite, 0, -1}) || writes[len(writes)-1] != (told{sources.PassWrite, rows, rows}) {
		t.Errorf("writing reports %+v: want 0 of an unknown total first and %d of %d last", writes, rows, rows)
	}
	for _, r := range writes[:len(writes)-1] {
		if r.total != -1 {
			t.Errorf("writing report %+v: the total is not known before the end", r)
		}
	}
	for _, list := range [][]told{reads, writes} {
		for i := 1; i < len(list); i++ {
			if list[i].rows < list[i-1].rows {
				t.Errorf("reports go back: %+v then %+v", list[i-1], list[i])
			}
		}
	}
}
