package export

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/enrich-dev/enrich/api/wire"
	"github.com/enrich-dev/enrich/state"
)

// TestKeptHoldsNoReasons: results kept beside the output keep a profile
// as the service sent it, and of any other answer its item and status
// alone: a reason of megabytes, or one laden with escapes, is not kept.
func TestKeptHoldsNoReasons(t *testing.T) {
	output := filepath.Join(t.TempDir(), "out.csv")
	k := NewKept(output, state.WithContacts, func(string) bool { return true })
	reason, _ := json.Marshal(strings.Repeat("\x1b]0;owned\x07\u202e", 100000))
	results, err := wire.ParseResults([]byte(`[{"item":"a@x.co","status":"failed","error":` + string(reason) + `},` +
		`{"item":"b@x.co","status":"success","candidate":{"uid":"0123456789abcdef0123456789abcdef","fullName":"B"}}]`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.Keep(results); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(KeptPath(output))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 1024 || strings.Contains(string(b), "owned") || strings.Contains(string(b), "\u202e") {
		t.Errorf("the kept file holds the reason (%d bytes): %.200q", len(b), b)
	}
	if !strings.Contains(string(b), `"fullName":"B"`) || !strings.Contains(string(b), `"status":"failed"`) {
		t.Errorf("the kept file lost what the next run needs: %s", b)
	}
}
