package pipeline

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/byname"
)

// errSearchCap says --max-searches allows no more searches in this run.
var errSearchCap = errors.New("--max-searches reached")

// cappedSearcher counts the searches a run makes (each query against the
// daily search quota, which the service's web application shares) and
// makes none past --max-searches: as --max-credits caps credits, it is
// never exceeded, whatever the searches under way at once.
type cappedSearcher struct {
	s   byname.Searcher
	max int // 0: no cap

	mu   sync.Mutex
	made int
}

var _ byname.Searcher = (*cappedSearcher)(nil)

// Search makes the query when the cap allows it.
func (c *cappedSearcher) Search(ctx context.Context, q wire.SearchQuery) (wire.SearchPage, api.Meta, error) {
	c.mu.Lock()
	if c.max > 0 && c.made >= c.max {
		c.mu.Unlock()
		return wire.SearchPage{}, api.Meta{}, fmt.Errorf("%w (%d)", errSearchCap, c.max)
	}
	c.made++
	c.mu.Unlock()
	page, meta, err := c.s.Search(ctx, q)
	if err != nil && notMade(err) {
		// Refused before the service counted it: it is no search made.
		c.mu.Lock()
		c.made--
		c.mu.Unlock()
	}
	return page, meta, err
}

// notMade reports whether a failed query never counted at the service:
// a 429, or a connection that never opened.
func notMade(err error) bool {
	var te *api.TransportError
	return errors.Is(err, api.ErrRateLimited) || (errors.As(err, &te) && !te.Sent)
}
