package world

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

var readProfiles = flag.Int("read.profiles", 60, "profiles TestReadProfiles prints, drawn from the world of -realism.seed")

// TestReadProfiles prints profiles drawn at random from a world (the seed
// logged, to replay with -realism.seed), at its start and ten years on,
// for a sceptical reading (docs/emulator.md says how to read them): run
// it with -v. Each printed profile must render as the wire's JSON and
// show the person's name; the reading is the reader's.
func TestReadProfiles(t *testing.T) {
	w := realismWorld(t)
	later, err := w.Advance(3650)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(w.cfg.Seed), 60))
	picks := make([]int, *readProfiles)
	for k := range picks {
		picks[k] = r.IntN(w.Len())
	}
	for _, world := range []*World{w, later} {
		var out strings.Builder
		for k, i := range picks {
			raw := world.Candidate(world.Person(i), false)
			var c map[string]any
			if err := json.Unmarshal(raw, &c); err != nil {
				t.Fatalf("person %d: %v", i, err)
			}
			if name, _ := c["fullName"].(string); name != world.Person(i).FullName {
				t.Errorf("person %d shows the name %q, not %q", i, name, world.Person(i).FullName)
			}
			fmt.Fprintf(&out, "\n## %d of %d: person %d, world of %s\n", k+1, len(picks), i, world.Clock().Format("2 January 2006"))
			writeReadable(&out, c)
		}
		t.Log(out.String())
	}
}

// readableSkip are the keys a reader of profiles does not read: links and
// ids.
var readableSkip = map[string]bool{"uid": true, "photo": true, "social": true, "companyUrl": true,
	"companyId": true, "website": true, "url": true, "logo": true}

// writeReadable writes a profile as indented "key: value" lines, lists as
// their items, empty values left out.
func writeReadable(b *strings.Builder, c map[string]any) {
	var write func(v any, indent string)
	write = func(v any, indent string) {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			for _, k := range sortedWireKeys(keys) {
				if readableSkip[k] || x[k] == nil || x[k] == "" {
					continue
				}
				switch y := x[k].(type) {
				case map[string]any, []any:
					if len(asList(y)) == 0 && len(asMap(y)) == 0 {
						continue
					}
					fmt.Fprintf(b, "%s%s:\n", indent, k)
					write(y, indent+"  ")
				default:
					fmt.Fprintf(b, "%s%s: %v\n", indent, k, y)
				}
			}
		case []any:
			for _, y := range x {
				if m, ok := y.(map[string]any); ok {
					fmt.Fprintf(b, "%s-\n", indent)
					write(m, indent+"  ")
					continue
				}
				fmt.Fprintf(b, "%s- %v\n", indent, y)
			}
		}
	}
	write(c, "")
}

func asList(v any) []any         { l, _ := v.([]any); return l }
func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

// sortedWireKeys orders a profile's keys as a reader meets them: name,
// headline, place and summary first, the rest alphabetically.
func sortedWireKeys(keys []string) []string {
	first := []string{"fullName", "headLine", "locations", "summary", "position", "company", "location", "started", "ended"}
	var out, rest []string
	for _, f := range first {
		if slices.Contains(keys, f) {
			out = append(out, f)
		}
	}
	for _, k := range keys {
		if !slices.Contains(first, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}
