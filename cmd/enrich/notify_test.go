package main

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestIncompleteExitCode: the codes --incomplete-exit-code takes, and
// that it changes a 3 and nothing else, keeping the sentence.
func TestIncompleteExitCode(t *testing.T) {
	for _, tc := range []struct {
		value string
		ok    bool
	}{
		{"0", true}, {"3", true}, {"5", true}, {"75", true}, {"99", true}, {"125", true},
		{"1", false}, {"2", false}, {"4", false}, {"126", false}, {"130", false}, {"255", false},
		{"-1", false}, {"", false}, {"abc", false}, {"9.5", false},
	} {
		var c incompleteExitCode
		if err := c.Set(tc.value); (err == nil) != tc.ok {
			t.Errorf("--incomplete-exit-code %q: %v, want accepted %v", tc.value, err, tc.ok)
		}
	}

	var c incompleteExitCode
	stopped := withCode(ExitIncomplete, errors.New("incomplete: --max-credits reached"))
	if err := c.apply(stopped); err != stopped {
		t.Errorf("unset, it changed the error: %v", err)
	}
	c.Set("99")
	ctx := context.Background()
	got := c.apply(stopped)
	if code := exitCode(ctx, got); code != 99 || !strings.Contains(got.Error(), "--max-credits reached") || !strings.Contains(got.Error(), "(exit 99 by --incomplete-exit-code, not 3)") {
		t.Errorf("a 3 becomes exit %d, %q", code, got)
	}
	for _, err := range []error{nil, withCode(ExitUsage, errors.New("bad")), withCode(ExitLocked, errors.New("held")), errors.New("plain")} {
		if exitCode(ctx, c.apply(err)) != exitCode(ctx, err) {
			t.Errorf("%v: its code changed to %d", err, exitCode(ctx, c.apply(err)))
		}
	}
	if m := c.mapped(ExitIncomplete); m == nil || *m != 99 {
		t.Errorf("mapped(3) = %v, want 99", m)
	}
	if m := c.mapped(ExitOK); m != nil {
		t.Errorf("mapped(0) = %d, want none", *m)
	}
}

// TestNotifyAddressShown: the --notify address is shown nowhere with its
// password, its token or its path, written as --notify URL or
// --notify=URL, in the command line a report shows and in an error.
func TestNotifyAddressShown(t *testing.T) {
	const addr = "https://ops:pw123@hooks.example.com/services/T0/SECRETPATH?token=tok456"
	for _, args := range [][]string{
		{"run", "a.csv", "--notify", addr},
		{"run", "a.csv", "--notify=" + addr},
	} {
		shown := strings.Join(showArgs(args), " ")
		msg := shownError(errors.New(`--notify "`+addr+`": the address redirects`), args)
		for _, s := range []string{shown, msg} {
			if strings.Contains(s, "pw123") || strings.Contains(s, "SECRETPATH") || strings.Contains(s, "tok456") || !strings.Contains(s, "hooks.example.com") {
				t.Errorf("%v shown as %q", args, s)
			}
		}
	}
	// Other address flags keep their path, as before.
	if got := showArgs([]string{"--api-url", "https://u:p@api.example.com/base"}); got[1] != "https://u:xxxxx@api.example.com/base" {
		t.Errorf("--api-url shown as %q", got[1])
	}
}
