package export

import (
	"context"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/enrich-dev/enrich/state"
)

// preloadBlock is the number of results a worker reads in one read
// transaction while preloading.
const preloadBlock = 256

// preload decodes the results ids into the exporter's cache, in the given
// order, before the rows are written. Read in the order of the rows, the
// results of a large sheet are scattered over the journal, and the pages
// dropped to bound the memory are read again and again; read in the
// journal's order, each page is read once. It stops when the cache is
// three quarters full: the rows read the rest as they are written.
func (x *Exporter) preload(ctx context.Context, j *state.Journal, ids []uint64, workers int) error {
	return inBlocks(ctx, j, len(ids), workers, func(s *journalScan, lo, hi int) bool {
		for _, id := range ids[lo:hi] {
			if x.nearlyFull() {
				return false
			}
			x.result(s, id)
		}
		return true
	})
}

// inBlocks calls fn on workers goroutines for blocks [lo, hi) of
// preloadBlock of the n results to read, in order, each block in a read
// transaction of its own whose pages are released past journalResident,
// until every block is done or fn reports that no more are wanted.
func inBlocks(ctx context.Context, j *state.Journal, n, workers int, fn func(s *journalScan, lo, hi int) bool) error {
	var next atomic.Int64
	var enough atomic.Bool
	g, ctx := errgroup.WithContext(ctx)
	for range workers {
		g.Go(func() error {
			s := &journalScan{}
			for ctx.Err() == nil && !enough.Load() {
				lo := int(next.Add(preloadBlock)) - preloadBlock
				if lo >= n {
					return nil
				}
				err := j.View(func(r *state.Reader) error {
					s.Reader = r
					defer func() { s.Reader = nil }()
					if !fn(s, lo, min(lo+preloadBlock, n)) {
						enough.Store(true)
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
func (x *Exporter) nearlyFull() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.size >= x.cacheBytes/4*3
}
