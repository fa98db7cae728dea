package search

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/enrich-dev/enrich/api"
	"github.com/enrich-dev/enrich/api/wire"
)

// scriptedSearcher serves a fixed result list in pages, and fails the
// scrolls whose numbers are in fail with the given errors.
type scriptedSearcher struct {
	uids     []string
	size     int
	fail     map[int]error // scroll number (1-based, over the whole test) → error
	scrolls  int
	searches int
}

func (s *scriptedSearcher) page(offset int) wire.SearchPage {
	end := min(offset+s.size, len(s.uids))
	p := wire.SearchPage{RequestID: int64(s.searches), Total: int64(len(s.uids))}
	for _, u := range s.uids[offset:end] {
		p.Profiles = append(p.Profiles, wire.SearchProfile{UID: u, FullName: "P " + u, Raw: []byte(`{"uid":"` + u + `"}`)})
	}
	if end < len(s.uids) {
		p.ScrollID = fmt.Sprint(end)
	}
	return p
}

func (s *scriptedSearcher) Search(ctx context.Context, q wire.SearchQuery) (wire.SearchPage, api.Meta, error) {
	s.searches++
	return s.page(0), api.Meta{}, nil
}

func (s *scriptedSearcher) Scroll(ctx context.Context, requestID int64, scrollID string) (wire.SearchPage, api.Meta, error) {
	s.scrolls++
	if err := s.fail[s.scrolls]; err != nil {
		return wire.SearchPage{}, api.Meta{}, err
	}
	var offset int
	fmt.Sscan(scrollID, &offset)
	return s.page(offset), api.Meta{}, nil
}

func TestExportSearchRestartsAfterExpiry(t *testing.T) {
	uids := make([]string, 350)
	for i := range uids {
		uids[i] = fmt.Sprintf("%032x", i)
	}
	expired := &api.Error{Status: 404, Message: "scroll expired"}
	for _, tc := range []struct {
		name     string
		fail     map[int]error
		restarts int
		complete bool
		reason   string
	}{
		{"no failure", nil, 0, true, ""},
		{"expired once", map[int]error{2: expired}, 1, true, ""},
		{"expired twice", map[int]error{1: expired, 3: expired}, 2, true, ""},
		{"rate limited past the lifetime", map[int]error{2: &api.Error{Status: 429}}, 1, true, ""},
		{"quota spent mid-scroll", map[int]error{2: &api.Error{Status: 402, Message: "daily quota"}}, 0, false, "daily search quota exhausted (daily quota)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &scriptedSearcher{uids: uids, size: 100, fail: tc.fail}
			out := filepath.Join(t.TempDir(), "people.csv")
			res, err := Export(context.Background(), Config{Output: out, Searcher: s})
			if err != nil {
				t.Fatal(err)
			}
			if res.Restarts != tc.restarts || res.Complete != tc.complete || res.StopReason != tc.reason {
				t.Errorf("result %+v", res)
			}
			f, _ := os.Open(out)
			rows, _ := csv.NewReader(f).ReadAll()
			f.Close()
			seen := map[string]bool{}
			for _, r := range rows[1:] {
				if seen[r[0]] {
					t.Fatalf("%s written twice", r[0])
				}
				seen[r[0]] = true
			}
			if tc.complete && len(seen) != len(uids) {
				t.Errorf("%d of %d profiles written", len(seen), len(uids))
			}
			if !tc.complete && len(seen) != 200 {
				t.Errorf("%d profiles written before the quota stop, want the two pages fetched", len(seen))
			}
		})
	}
}

func TestExportSearchMax(t *testing.T) {
	s := &scriptedSearcher{uids: []string{"a", "b", "c", "d", "e"}, size: 2}
	out := filepath.Join(t.TempDir(), "people.jsonl")
	res, err := Export(context.Background(), Config{Output: out, Searcher: s, Max: 3})
	if err != nil || res.Written != 3 || !res.Complete || s.scrolls != 1 {
		t.Errorf("%+v %v after %d scrolls", res, err, s.scrolls)
	}
}
