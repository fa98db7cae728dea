package sources_test

import (
	"errors"
	"io"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/enrich-dev/enrich/demo/leads"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/sources"
)

// TestDrawnSheetsSameWithoutFastPaths reads sheets drawn from the
// emulator's world (its people's phones of every region it draws, spelt
// as people type them, profile URLs and e-mails in every spelling the
// drawing knows) with the fast paths of package ident and without them:
// every row's identifiers and invalid values must be the same.
func TestDrawnSheetsSameWithoutFastPaths(t *testing.T) {
	w := world.New(world.Config{People: 3000})
	for seed := uint64(1); seed <= 3; seed++ {
		path := filepath.Join(t.TempDir(), "leads.csv")
		if err := leads.WriteCSV(path, leads.Generate(w, 4000, seed)); err != nil {
			t.Fatal(err)
		}
		read := func(fast bool) []sources.Row {
			defer ident.UseFastPaths(ident.UseFastPaths(fast))
			tbl, err := sources.Open(path, sources.Options{DefaultRegion: leads.DefaultRegion})
			if err != nil {
				t.Fatal(err)
			}
			defer tbl.Close()
			var rows []sources.Row
			for {
				row, err := tbl.Next()
				if errors.Is(err, io.EOF) {
					return rows
				}
				if err != nil {
					t.Fatal(err)
				}
				rows = append(rows, sources.Row{Num: row.Num, IDs: row.IDs, Invalid: row.Invalid})
			}
		}
		fast, slow := read(true), read(false)
		ids := 0
		for i := range fast {
			ids += len(fast[i].IDs)
			if i >= len(slow) || !reflect.DeepEqual(fast[i], slow[i]) {
				t.Fatalf("seed %d: row %d read %+v with the fast paths, %+v without", seed, fast[i].Num, fast[i], slow[min(i, len(slow)-1)])
			}
		}
		if len(fast) != len(slow) || ids < len(fast) {
			t.Fatalf("seed %d: %d rows with the fast paths, %d without, %d identifiers", seed, len(fast), len(slow), ids)
		}
	}
}
