package report

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestChatText: the paragraph of a chat notice says how the run ended,
// its figures and what to run next, Slack's markup escaped.
func TestChatText(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		says      []string
		never     []string
	}{
		{"complete", `{"input":"a.csv","output":"b.csv","report":"b.csv.report.html","complete":true,"exit_code":0,"rows":1200,"rows_by_status":{"success":870},"credits":{"spent":870}}`,
			[]string{"enrich run a.csv → b.csv: complete.", "1,200 rows, 870 found, 870 credits spent.", "Report: b.csv.report.html."},
			[]string{"Next", "again"}},
		{"mapped", `{"input":"a.csv","output":"b.csv","complete":false,"stop_reason":"the service did not answer for --service-wait","exit_code":3,"exit_code_mapped":0,"rows":10,"rows_by_status":{"pending":10},"credits":{"spent":0},"next":"enrich run a.csv -o b.csv"}`,
			[]string{"stopped early, resumable (exit 3, ended 0 by --incomplete-exit-code): the service did not answer for --service-wait.", "10 rows, 0 found, 0 credits spent.", "Next: `enrich run a.csv -o b.csv` resumes."}, nil},
		{"interrupted", `{"input":"a.csv","output":"b.csv","complete":false,"stop_reason":"interrupted","exit_code":130,"rows":5,"credits":{"spent":1},"next":"enrich run a.csv -o b.csv"}`,
			[]string{": interrupted (exit 130).", "1 credit spent"}, nil},
		{"refused", `{"input":"a.csv","output":"b.csv","complete":false,"stop_reason":"the service refused the key <@U123> & more","exit_code":2}`,
			[]string{": refused (exit 2): the service refused the key &lt;@U123&gt; &amp; more.", "Fix what it says"},
			[]string{"<@U123>", "rows"}},
	} {
		var s Summary
		if err := json.Unmarshal([]byte(tc.doc), &s); err != nil {
			t.Fatal(err)
		}
		text := s.ChatText()
		for _, s := range tc.says {
			if !strings.Contains(text, s) {
				t.Errorf("%s: %q does not say %q", tc.name, text, s)
			}
		}
		for _, s := range tc.never {
			if strings.Contains(text, s) {
				t.Errorf("%s: %q says %q", tc.name, text, s)
			}
		}
	}
}
