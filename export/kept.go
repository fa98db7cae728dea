package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/internal/ident"
	"github.com/enrich-dev/enrich/internal/profile"
	"github.com/enrich-dev/enrich/state"
)

// A result the service delivered and charged for is never left unwritten
// (DESIGN, principle 7). When the journal cannot store a callback's
// results (a full disk, a journal damaged under the run), they are kept
// in a file beside the output instead, synced before the callback is
// answered 200: the output is written with them, and the next run takes
// them into the journal and removes the file. The output's folder is
// often on another filesystem than the journal's, and it was checked
// writable before anything was sent.

// KeptPath is the file beside an output that keeps results the journal
// could not store.
func KeptPath(output string) string { return output + ".results.jsonl" }

// keptLine is one line of the file: a result as the service sent it, and
// the credit pool of its lookup.
type keptLine struct {
	Mode   string          `json:"mode"` // "c" with contacts, "n" without
	Result json.RawMessage `json:"result"`
}

// Kept is the run's file of results the journal could not store, and
// those results by identifier, for the output. It is safe for concurrent
// use: callbacks add to it while the run reads it.
type Kept struct {
	path  string
	mode  state.Mode
	known func(id string) bool // whether the run looks an identifier up

	mu      sync.Mutex
	f       *os.File
	results map[string]wire.Result
}

// NewKept returns the file of kept results beside output, for the
// lookups of mode that known says the run makes; nothing is written
// until a result is kept.
func NewKept(output string, mode state.Mode, known func(id string) bool) *Kept {
	return &Kept{path: KeptPath(output), mode: mode, known: known, results: map[string]wire.Result{}}
}

// Keep keeps the results for identifiers the run looks up, and returns
// them (callback.Keeper).
func (k *Kept) Keep(results []wire.Result) ([]wire.Result, error) {
	var known []wire.Result
	for _, r := range results {
		if k.known(r.Item) {
			known = append(known, r)
		}
	}
	if len(known) == 0 {
		return nil, nil
	}
	return known, k.Add(known)
}

// Path is the file the results are kept in.
func (k *Kept) Path() string { return k.path }

// Add appends results to the file and syncs it. Only once Add returns nil
// may the callback that brought them be answered 200.
func (k *Kept) Add(results []wire.Result) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.f == nil {
		f, err := os.OpenFile(k.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
		if err != nil {
			return err
		}
		k.f = f
	}
	w := bufio.NewWriter(k.f)
	for _, r := range results {
		line, err := json.Marshal(keptLine{Mode: string([]byte{byte(k.mode)}), Result: keptRaw(r)})
		if err != nil {
			return err
		}
		w.Write(line)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := k.f.Sync(); err != nil {
		return err
	}
	k.remember(results)
	return nil
}

// keptRaw is what is kept of a result: a profile as the service sent it
// (its keys are the truth, as in the journal), and of any other answer
// its item and status alone, as the journal keeps them: whatever else
// the service wrote there (a reason megabytes long, escapes) is of no use
// to the next run.
func keptRaw(r wire.Result) json.RawMessage {
	if r.Status == wire.StatusSuccess {
		return r.Raw
	}
	raw, _ := json.Marshal(struct {
		Item   string `json:"item"`
		Status string `json:"status"`
	}{r.Item, string(r.Status)})
	return raw
}

// remember takes results as the answers of their identifiers: a profile
// wins over no profile.
func (k *Kept) remember(results []wire.Result) {
	for _, r := range results {
		if prev, ok := k.results[r.Item]; !ok || prev.Status != wire.StatusSuccess {
			k.results[r.Item] = r
		}
	}
}

// answer returns the result kept for an identifier, if there is one.
func (k *Kept) answer(id string) (wire.Result, bool) {
	if k == nil {
		return wire.Result{}, false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	r, ok := k.results[id]
	return r, ok
}

// Count returns how many identifiers have a result kept.
func (k *Kept) Count() int {
	if k == nil {
		return 0
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.results)
}

// Close closes the file.
func (k *Kept) Close() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.f == nil {
		return nil
	}
	err := k.f.Close()
	k.f = nil
	return err
}

// ReadKept reads a file of kept results, by credit pool. A line cut short
// by a crash while it was written is the last one, and is left out.
func ReadKept(path string) (map[state.Mode][]wire.Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[state.Mode][]wire.Result{}
	r := bufio.NewReader(f)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return out, nil // a last line without its end was cut short
		}
		if err != nil {
			return nil, err
		}
		var kl keptLine
		if err := json.Unmarshal(line, &kl); err != nil || len(kl.Mode) != 1 {
			return nil, fmt.Errorf("%s, line %d: not a kept result", path, n)
		}
		res, err := wire.ParseResult(kl.Result)
		if err != nil {
			return nil, fmt.Errorf("%s, line %d: %w", path, n, err)
		}
		mode := state.Mode(kl.Mode[0])
		out[mode] = append(out[mode], res)
	}
}

// loadKept reads the results kept beside an output, for an export: nil
// when there are none.
func loadKept(output string, mode state.Mode) (*Kept, error) {
	byMode, err := ReadKept(KeptPath(output))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	k := NewKept(output, mode, nil)
	k.remember(byMode[mode])
	return k, nil
}

// ForgetKept rewrites a file of kept results without the results of the
// people on the suppression list s (by the identifier looked up, or the
// uid of the profile found), atomically; it returns how many it dropped.
// A file that is not there drops nothing.
func ForgetKept(path string, s *state.Suppression) (int, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var kept [][]byte
	dropped := 0
	r := bufio.NewReaderSize(f, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			if keptOf(line, s) {
				kept = append(kept, line)
			} else {
				dropped++
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, fmt.Errorf("%s: %w", path, err)
		}
	}
	if dropped == 0 {
		return 0, nil
	}
	err = atomicfile.WriteWithMode(path, 0o600, func(w io.Writer) error {
		for _, line := range kept {
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
		return nil
	})
	return dropped, err
}

// keptOf reports whether a line of kept results stays: it is not a result
// of a person on the suppression list.
func keptOf(line []byte, s *state.Suppression) bool {
	var l keptLine
	if json.Unmarshal(line, &l) != nil {
		return true // not a result: left as it is, for the run to report
	}
	res, err := wire.ParseResult(l.Result)
	if err != nil {
		return true
	}
	for _, k := range ident.Kinds {
		if s.Suppressed(k, res.Item) {
			return false
		}
	}
	uid := profile.Decode(res.Candidate).UID
	return uid == "" || !s.Suppressed(ident.UID, uid)
}
