package callback

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/state"
)

// BenchmarkReceiver posts 8 callbacks of 100 full profiles at once to the
// receiver of a running job and measures how long each takes to be
// committed to the journal and answered. Target: p99 under 50 ms.
func BenchmarkReceiver(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a journal on disk")
	}
	w := world.New(world.Config{People: 5000})
	dir := b.TempDir()
	j, err := state.Open(filepath.Join(dir, "j"), state.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	done := make(chan struct{})
	defer close(done)
	deliveries := make(chan Delivery, 1024)
	go func() {
		for range deliveries {
		}
	}()
	rc, err := Start(Config{Listen: "127.0.0.1:0", Token: "token", Journal: j, Deliveries: deliveries, Done: done, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer rc.Close()
	url := "http://" + rc.Addr() + rc.path

	var lat []time.Duration
	var mu sync.Mutex
	person := 0
	bodySize := 0
	b.ResetTimer()
	for round := 0; round < b.N*20; round++ {
		type delivery struct {
			id   int64
			body []byte
		}
		var ds []delivery
		for d := 0; d < 8; d++ {
			items := make([]string, 100)
			results := make([]json.RawMessage, 100)
			for i := range items {
				p := w.Person(person % w.Len())
				items[i] = fmt.Sprintf("%s?r=%d", p.ProfileURL(), person)
				person++
				results[i], _ = json.Marshal(map[string]any{"item": items[i], "status": "success", "candidate": json.RawMessage(w.Candidate(p, false))})
			}
			bt, _, err := j.Begin(state.WithContacts, items, false, time.Now())
			if err != nil {
				b.Fatal(err)
			}
			id := int64(round*8 + d + 1)
			j.Accepted(bt.Seq, id, time.Now())
			body, _ := json.Marshal(results)
			bodySize = len(body)
			ds = append(ds, delivery{id, body})
		}
		var wg sync.WaitGroup
		for _, d := range ds {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(d.body))
				req.Header.Set("Request-Id", fmt.Sprint(d.id))
				t0 := time.Now()
				resp, err := http.DefaultClient.Do(req)
				took := time.Since(t0)
				if err != nil || resp.StatusCode != 200 {
					b.Errorf("callback: %v %v", err, resp)
					return
				}
				resp.Body.Close()
				mu.Lock()
				lat = append(lat, took)
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	b.StopTimer()
	sort.Slice(lat, func(i, k int) bool { return lat[i] < lat[k] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(bodySize)/1024, "KB/body")
}
