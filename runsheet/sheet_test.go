package runsheet

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/sources"
)

// TestLoadRowsLarge reads a sheet longer than presizeAfter, so that the
// model is resized midway, and checks every row against its cells.
func TestLoadRowsLarge(t *testing.T) {
	var b strings.Builder
	b.WriteString("Name,Email,Other Email\n")
	const rows = 5000
	for i := 0; i < rows; i++ {
		// Every third row repeats an earlier person; some rows have two e-mails.
		p := i
		if i%3 == 2 {
			p = i / 2
		}
		fmt.Fprintf(&b, "P%d,person%d@example.com,", i, p)
		if i%5 == 0 {
			fmt.Fprintf(&b, "alt%d@example.com", p)
		}
		b.WriteString("\n")
	}
	path := filepath.Join(t.TempDir(), "big.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	m, _, err := Load(context.Background(), path, sources.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rows) != rows {
		t.Fatalf("%d rows, want %d", len(m.Rows), rows)
	}
	for i, rs := range m.Rows {
		p := i
		if i%3 == 2 {
			p = i / 2
		}
		want := []string{fmt.Sprintf("person%d@example.com", p)}
		if i%5 == 0 {
			want = append(want, fmt.Sprintf("alt%d@example.com", p))
		}
		var got []string
		for _, li := range m.LookupsOf(int32(i)) {
			got = append(got, m.Lookups[li].ID)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") || rs.Pos != rs.First {
			t.Fatalf("row %d: %v, want %v", i, got, want)
		}
	}
	for i, l := range m.Lookups {
		if li, ok := m.Find(l.ID); !ok || li != int32(i) {
			t.Fatalf("lookup %d, %q, found at %d (%v)", i, l.ID, li, ok)
		}
	}
	if m.index.n != len(m.Lookups) {
		t.Errorf("%d index entries for %d lookups", m.index.n, len(m.Lookups))
	}
}

// TestPresizeNeverShrinks: the size estimate from the first rows can be
// below what was read already (more identifiers per row than the integer
// average); growing by a negative count once panicked.
func TestPresizeNeverShrinks(t *testing.T) {
	m := &Sheet{Waiting: map[int32][]int32{}}
	for r := 0; r < 1000; r++ {
		first := int32(len(m.IDs))
		m.IDs = append(m.IDs, m.intern(ident.ID{Kind: ident.Email, Value: fmt.Sprintf("p%d@x.co", r%800)}))
		if r%2 == 0 {
			m.IDs = append(m.IDs, m.intern(ident.ID{Kind: ident.LinkedIn, Value: fmt.Sprintf("https://www.linkedin.com/in/p%d", r)}))
		}
		m.Rows = append(m.Rows, Row{First: first, Pos: first})
	}
	// 1,300 rows of 100 bytes: more rows than lookups so far (1,300), fewer
	// than identifiers (1,500).
	path := filepath.Join(t.TempDir(), "sized.csv")
	if err := os.WriteFile(path, make([]byte, 130_000), 0o600); err != nil {
		t.Fatal(err)
	}
	m.presize(path, 100_000, 1000)
	if len(m.Rows) != 1000 || len(m.IDs) != 1500 || m.index.n != len(m.Lookups) {
		t.Fatalf("presize changed the model: %d rows, %d ids", len(m.Rows), len(m.IDs))
	}
	if cap(m.Rows) < 1300 {
		t.Errorf("rows not grown for the estimate: cap %d", cap(m.Rows))
	}
}
