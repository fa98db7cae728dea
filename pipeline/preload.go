package pipeline

import (
	"context"
	"slices"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/enrich-dev/enrich/state"
)

// foundResults returns the stored results that the rows' outcomes read
// from the model's settled answers, each once, in the order of their ids:
// the order the journal holds them in.
func (m *model) foundResults() []uint64 {
	answers := m.foundAnswers()
	ids := make([]uint64, len(answers))
	for i, a := range answers {
		ids[i] = a.result
	}
	return slices.Compact(ids)
}

// preloadBlock is the number of results a worker reads in one read
// transaction while preloading.
const preloadBlock = 256

// preload decodes the results ids into the exporter's cache, in the given
// order, before the rows are written. Read in the order of the rows, the
// results of a large sheet are scattered over the journal, and the pages
// dropped to bound the memory are read again and again; read in the
// journal's order, each page is read once. It stops when the cache is
// three quarters full: the rows read the rest as they are written.
func (x *exporter) preload(ctx context.Context, j *state.Journal, ids []uint64, workers int) error {
	var next atomic.Int64
	g, ctx := errgroup.WithContext(ctx)
	for range workers {
		g.Go(func() error {
			s := &journalScan{}
			for ctx.Err() == nil && !x.nearlyFull() {
				start := int(next.Add(preloadBlock)) - preloadBlock
				if start >= len(ids) {
					return nil
				}
				err := j.View(func(r *state.Reader) error {
					s.Reader = r
					defer func() { s.Reader = nil }()
					for _, id := range ids[start:min(start+preloadBlock, len(ids))] {
						if x.nearlyFull() {
							break
						}
						x.result(s, id)
					}
					r.ReleasePages(journalResident)
					return nil
				})
				if err != nil {
					return err
				}
			}
			return ctx.Err()
		})
	}
	return g.Wait()
}

// nearlyFull reports whether the cache of decoded profiles is three
// quarters full.
func (x *exporter) nearlyFull() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.size >= x.cacheBytes/4*3
}
