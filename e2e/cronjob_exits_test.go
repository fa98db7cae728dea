package e2e

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"

	"github.com/enrich-dev/enrich/internal/fault"
)

// The table of docs/cron.md that says what a scheduler does with each
// exit code, and what the CronJob's podFailurePolicy does.
const (
	exitsPage   = "../docs/cron.md"
	exitsHeader = "| code | meaning | what a scheduler should do | the CronJob's rule |"
)

// exitRow is a row of the table: the codes it is about (the listed
// examples, for the row of every other code), and the action the CronJob
// takes for a pod that failed with one, when Kubernetes stopped the pod
// itself (the condition DisruptionTarget) and when not; "none" for a
// success.
type exitRow struct {
	line            int
	codes           []int32
	other           bool
	disrupted, mine string
}

var (
	backticked = regexp.MustCompile("`([A-Za-z]+)`")
	number     = regexp.MustCompile(`\d+`)
)

// readExitTable parses the table. A rule cell names its action in
// backticks (`FailJob`, `Ignore`, `Count`), or starts with "none"; the
// cell that names `DisruptionTarget` gives two, the first for a pod
// Kubernetes stopped, which holds for every code, and the second for one
// it did not.
func readExitTable(t *testing.T) []exitRow {
	t.Helper()
	f, err := os.Open(exitsPage)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []exitRow
	in := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == exitsHeader:
			in = true
			continue
		case !in || strings.HasPrefix(line, "|---"):
			continue
		case !strings.HasPrefix(line, "|"):
			in = false
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 4 {
			t.Fatalf("%s:%d: %d cells, want 4", exitsPage, n, len(cells))
		}
		row := exitRow{line: n, other: strings.HasPrefix(strings.TrimSpace(cells[0]), "other")}
		for _, c := range number.FindAllString(cells[0], -1) {
			code, _ := strconv.Atoi(c)
			row.codes = append(row.codes, int32(code))
		}
		rule := strings.TrimSpace(cells[3])
		var actions []string
		for _, m := range backticked.FindAllStringSubmatch(rule, -1) {
			switch a := batchv1.PodFailurePolicyAction(m[1]); a {
			case batchv1.PodFailurePolicyActionFailJob, batchv1.PodFailurePolicyActionIgnore, batchv1.PodFailurePolicyActionCount:
				actions = append(actions, string(a))
			}
		}
		switch {
		case strings.HasPrefix(rule, "none") && len(actions) == 0:
			row.disrupted, row.mine = "none", "none"
		case strings.Contains(rule, "`"+string(corev1.DisruptionTarget)+"`") && len(actions) == 2:
			row.disrupted, row.mine = actions[0], actions[1]
		case len(actions) == 1:
			row.mine = actions[0]
		default:
			t.Fatalf("%s:%d: the rule %q names actions %q: want one, two with `DisruptionTarget`, or none", exitsPage, n, rule, actions)
		}
		if len(row.codes) == 0 {
			t.Fatalf("%s:%d: no exit code in %q", exitsPage, n, cells[0])
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// checkFailurePolicy holds the Job's podFailurePolicy to the table: for
// every exit code from 0 to 255, with and without DisruptionTarget, the
// rule Kubernetes would apply is the table's. It also checks what the API
// server would refuse of the rules.
func checkFailurePolicy(t *testing.T, job batchv1.JobSpec, container string) {
	t.Helper()
	rows := readExitTable(t)
	if len(rows) == 0 {
		t.Fatalf("%s has no table under %q: nothing to hold the CronJob to", exitsPage, exitsHeader)
	}
	policy := job.PodFailurePolicy
	if policy == nil {
		t.Fatal("the Job has no podFailurePolicy: every exit code would be retried up to backoffLimit")
	}
	checkRulesValid(t, policy, container)

	disrupted, other := "", exitRow{}
	want := map[int32]exitRow{}
	for _, r := range rows {
		if r.disrupted != "" && r.disrupted != "none" {
			disrupted = r.disrupted
		}
		if r.other {
			other = r
			continue
		}
		for _, c := range r.codes {
			want[c] = r
		}
	}
	for code := range fault.ExitMeanings {
		if _, ok := want[int32(code)]; !ok {
			t.Errorf("%s: the table has no row for exit code %d (%s)", exitsPage, code, fault.ExitMeanings[code])
		}
	}
	if other.mine == "" || disrupted == "" {
		t.Fatalf("%s: the table needs a row for other codes and a rule for a pod with `DisruptionTarget`", exitsPage)
	}
	for code := int32(0); code <= 255; code++ {
		r, ok := want[code]
		if !ok {
			r = other
		}
		wantPlain, wantDisrupted := r.mine, disrupted
		if code == 0 {
			wantDisrupted = "none"
		}
		if got := failureAction(policy, container, code, false); got != wantPlain {
			t.Errorf("exit %d: the CronJob's rule is %s, %s:%d says %s", code, got, exitsPage, r.line, wantPlain)
		}
		if got := failureAction(policy, container, code, true); got != wantDisrupted {
			t.Errorf("exit %d of a pod with DisruptionTarget: the CronJob's rule is %s, %s says %s", code, got, exitsPage, wantDisrupted)
		}
	}
}

// failureAction is what a Job does with a pod of one container that ended
// with code, as Kubernetes applies a podFailurePolicy: the first rule that
// matches, tried in order; Count when none does; none for a success.
func failureAction(p *batchv1.PodFailurePolicy, container string, code int32, disrupted bool) string {
	if code == 0 {
		return "none"
	}
	for _, r := range p.Rules {
		if m := r.OnExitCodes; m != nil {
			if m.ContainerName != nil && *m.ContainerName != container {
				continue
			}
			in := slices.Contains(m.Values, code)
			if m.Operator == batchv1.PodFailurePolicyOnExitCodesOpIn && in || m.Operator == batchv1.PodFailurePolicyOnExitCodesOpNotIn && !in {
				return string(r.Action)
			}
		}
		for _, c := range r.OnPodConditions {
			if disrupted && c.Type == corev1.DisruptionTarget && c.Status == corev1.ConditionTrue {
				return string(r.Action)
			}
		}
	}
	return string(batchv1.PodFailurePolicyActionCount)
}

// checkRulesValid checks what the API server checks of the rules, since
// failureAction trusts them: at most 20; each on exit codes or on pod
// conditions, not both; values ascending, without duplicates, 0 not
// under In; the container named the pod's.
func checkRulesValid(t *testing.T, p *batchv1.PodFailurePolicy, container string) {
	t.Helper()
	if len(p.Rules) > 20 {
		t.Errorf("%d rules, at most 20", len(p.Rules))
	}
	for i, r := range p.Rules {
		m := r.OnExitCodes
		if (m == nil) == (len(r.OnPodConditions) == 0) {
			t.Errorf("rule %d: one of onExitCodes and onPodConditions, not both or neither", i)
			continue
		}
		if m == nil {
			for _, c := range r.OnPodConditions {
				if c.Status != corev1.ConditionTrue {
					t.Errorf("rule %d: condition %s with status %q: a failed pod's condition matches when True", i, c.Type, c.Status)
				}
			}
			continue
		}
		if m.ContainerName != nil && *m.ContainerName != container {
			t.Errorf("rule %d: container %q, the pod's is %q", i, *m.ContainerName, container)
		}
		if len(m.Values) == 0 || len(m.Values) > 255 || !slices.IsSorted(m.Values) || len(slices.Compact(slices.Clone(m.Values))) != len(m.Values) {
			t.Errorf("rule %d: values %v: from 1 to 255 of them, ascending, no duplicates", i, m.Values)
		}
		if m.Operator == batchv1.PodFailurePolicyOnExitCodesOpIn && slices.Contains(m.Values, 0) {
			t.Errorf("rule %d: In with 0, which Kubernetes refuses (a success is no failure)", i)
		}
	}
}
