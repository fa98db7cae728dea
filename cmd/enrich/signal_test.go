package main

import (
	"syscall"
	"testing"
	"time"
)

// TestSignalAfterEnd: a Ctrl-C that comes once the command has ended, as
// the process exits, is let be: the process exits with the code that
// says how the command ended. Signal handling stopped when run returned,
// so a run that had written its output was killed by the signal (found
// by the generative suite: "run 1 exited -1").
func TestSignalAfterEnd(t *testing.T) {
	if code := run([]string{"--version"}); code != ExitOK {
		t.Fatalf("enrich --version exited %d", code)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGINT} {
		if err := syscall.Kill(syscall.Getpid(), sig); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond) // the process would have died by now
}
