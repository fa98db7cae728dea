package dbtable

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// BenchmarkUpsert writes 100,000 rows of 30 text columns into a new
// table of each database, in one transaction (sqlite-s, postgres-s), and
// then the same rows again into the table that now holds them, as a
// nightly run does (sqlite-again-s, postgres-again-s).
func BenchmarkUpsert(b *testing.B) {
	cols := make([]string, 30)
	for i := range cols {
		cols[i] = fmt.Sprintf("column_%d", i)
	}
	row := make([]string, len(cols))
	for n := 0; n < b.N; n++ {
		for _, name := range []string{"sqlite", "postgres"} {
			ref := "sqlite:" + filepath.Join(b.TempDir(), "b.db") + "?table=t"
			if name == "postgres" {
				url := pgServer.URL("postgres")
				ref = url[:len(url)-len("?sslmode=disable")] + "?sslmode=disable&table=t" + strconv.Itoa(n)
			}
			r, err := Parse(ref)
			if err != nil {
				b.Fatal(err)
			}
			d, err := Open(context.Background(), r, time.Second, true)
			if err != nil {
				b.Fatal(err)
			}
			for _, round := range []string{"", "-again"} {
				start := time.Now()
				w, err := d.Upsert(context.Background(), r.Table, "column_0", cols)
				if err != nil {
					b.Fatal(err)
				}
				for i := range 100000 {
					for c := range row {
						row[c] = "value " + strconv.Itoa(c)
						if c%3 == 0 {
							row[c] = ""
						}
					}
					row[0] = strconv.Itoa(i)
					if err := w.Put(row); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Commit(); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(time.Since(start).Seconds(), name+round+"-s")
			}
			d.Close()
		}
	}
}
