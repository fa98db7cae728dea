package assistant_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/assistant"
)

// chooseSheet is a candidates sheet of two ambiguous rows, as a run
// writes it beside out.csv.
const chooseSheet = `choose,row,name,company,location,title,why,candidate_uid,candidate_name,candidate_title,candidate_company,candidate_location,candidate_left_company,candidate_why
,2,Jane Doe,Acme,,,2 people,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,Jane Doe,Engineer,Acme,,false,
,2,Jane Doe,Acme,,,2 people,bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb,Jane Doe,Sales,Acme,,false,
,3,John Roe,Globex,,,2 people,cccccccccccccccccccccccccccccccc,John Roe,CTO,Globex,,false,
,3,John Roe,Globex,,,2 people,dddddddddddddddddddddddddddddddd,John Roe,CFO,Globex,,false,
`

// TestChooseTool: the choose tool marks the candidate of a row in the
// candidates sheet beside an output, as enrich choose does, and says what
// comes next; a row or uid the sheet does not hold is refused, and so is
// a sheet outside the roots, or one that is a link out of them.
func TestChooseTool(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	other, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sheet := filepath.Join(root, "out.csv.candidates.csv")
	for _, p := range []string{sheet, filepath.Join(other, "theirs.csv.candidates.csv")} {
		if err := os.WriteFile(p, []byte(chooseSheet), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(other, "theirs.csv.candidates.csv"), filepath.Join(root, "link.csv.candidates.csv")); err != nil {
		t.Fatal(err)
	}
	srv, err := assistant.New(assistant.Config{Roots: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithCancel(bg)
	defer cancel()
	ct, st := mcp.NewInMemoryTransports()
	go srv.Run(ctx, st)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	got := decode[struct {
		Sheet, UID, Name, Title, Next string
		Row                           int
	}](t, cs, "choose", map[string]any{"output": "out.csv", "row": 3, "uid": "dddddddddddddddddddddddddddddddd"}, nil)
	if got.Sheet != sheet || got.Row != 3 || got.Title != "CFO" || !strings.Contains(got.Next, "run") {
		t.Errorf("choose: %+v", got)
	}
	b, _ := os.ReadFile(sheet)
	if !strings.Contains(string(b), "\nx,3,John Roe,Globex,,,2 people,dddddddddddddddddddddddddddddddd,") || strings.Count(string(b), "\nx,") != 1 {
		t.Errorf("the sheet after choose:\n%s", b)
	}
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"output": "out.csv", "row": 9, "uid": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}, "row 9 is not among the rows of " + sheet},
		{map[string]any{"output": sheet, "row": 2, "uid": "cccccccccccccccccccccccccccccccc"}, "is not among the candidates of row 2"},
		{map[string]any{"output": filepath.Join(other, "theirs.csv"), "row": 2, "uid": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}, "outside the allowed roots"},
		{map[string]any{"output": "link.csv", "row": 2, "uid": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}, "outside the allowed roots"},
		{map[string]any{"output": "out.csv", "uid": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}, "row"},
	} {
		if msg := toolError(t, cs, "choose", tc.args); !strings.Contains(msg, tc.want) || strings.Contains(msg, "/proc/self/fd") {
			t.Errorf("choose %v: %q; want %q", tc.args, msg, tc.want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(other, "theirs.csv.candidates.csv")); string(b) != chooseSheet {
		t.Error("the sheet outside the roots was written")
	}
}
