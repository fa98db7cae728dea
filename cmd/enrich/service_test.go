//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A key file that is a named pipe is refused with a sentence; opening it
// used to wait for a writer for ever.
func TestKeyFileNotRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "key")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	t.Setenv(envAPIKey, "")
	t.Setenv(envAPIKeyFile, fifo)
	done := make(chan error, 1)
	go func() {
		_, _, err := apiKey()
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file (a named pipe)") {
			t.Errorf("err %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a key file that is a named pipe hangs")
	}
}
