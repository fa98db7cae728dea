package prof

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/pipeline"
)

func TestRunMem(t *testing.T) {
	c, _ := api.New("http://127.0.0.1:9", "k")
	done := make(chan struct{})
	var peak uint64
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak+8<<20 {
				peak = m.HeapInuse
				f, _ := os.Create("/tmp/prof/runheap.out")
				pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
	}()
	_, err := pipeline.Run(context.Background(), pipeline.Config{Input: "/tmp/enrich-bench-sheets-v1/leads-300k-30k.csv", Output: "/tmp/prof/r.csv",
		Journal: "/tmp/enrich-bench-sheets-v1/journal-300k", Service: c, Sync: true})
	close(done)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("peak heap in use %d MiB", peak>>20)
}
