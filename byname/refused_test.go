package byname

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/sheet"
	"github.com/enrich-dev/enrich/state"
)

// refusing is a searcher that answers 422 to queries refuse picks, and
// nobody to the others.
type refusing struct {
	refuse  func(q wire.SearchQuery) bool
	queries []wire.SearchQuery
}

func (r *refusing) Search(_ context.Context, q wire.SearchQuery) (wire.SearchPage, api.Meta, error) {
	r.queries = append(r.queries, q)
	if r.refuse(q) {
		return wire.SearchPage{}, api.Meta{}, &api.Error{Status: 422, Message: "unrecognised"}
	}
	return wire.SearchPage{}, api.Meta{}, nil
}

// TestFindQueryRefused: a 422 for one row's query is the row's problem,
// not the run's: it is searched again without the company the service
// refused, or ends with nobody found; never an error that stops every
// search of the run.
func TestFindQueryRefused(t *testing.T) {
	person := sheet.Person{Name: "Ana Lima", Company: "Acme (Brasil) S/A"}
	for _, tc := range []struct {
		name    string
		refuse  func(q wire.SearchQuery) bool
		queries int
	}{
		{"the company refused", func(q wire.SearchQuery) bool { return q.CurrentPastCompany != "" }, 2},
		{"everything refused", func(wire.SearchQuery) bool { return true }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &refusing{refuse: tc.refuse}
			got, err := Find(context.Background(), s, person, time.Now())
			if err != nil || got.Status != state.NameNone || len(s.queries) != tc.queries || got.Queries != tc.queries {
				t.Errorf("Find = %+v, %v after %d queries; want nobody found after %d", got, err, len(s.queries), tc.queries)
			}
			if tc.name == "everything refused" && !strings.Contains(got.Reason, "(422: unrecognised)") {
				t.Errorf("reason %q; want what the service said", got.Reason)
			}
			if last := s.queries[len(s.queries)-1]; last.CurrentPastCompany != "" || last.FullName == "" {
				t.Errorf("searched again with %+v; want the name alone", last)
			}
		})
	}
}
