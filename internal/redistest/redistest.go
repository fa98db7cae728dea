// Package redistest starts a real Redis server for tests: Debian's
// redis-server, on a free port of the loopback, keeping nothing on disk.
package redistest

import (
	"context"
	"net"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Server is a redis-server a test started.
type Server struct {
	URL  string // redis://127.0.0.1:PORT/0
	Addr string
	t    testing.TB
	cmd  *exec.Cmd
}

// Start starts redis-server on a free port and stops it when the test
// ends. A machine without it fails the test, saying how to install it.
func Start(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Fatal("redis-server is not installed; the tests of the shared budget need it: apt-get install -y redis-server")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &Server{URL: "redis://" + addr + "/0", Addr: addr, t: t}
	s.start()
	t.Cleanup(s.Stop)
	return s
}

func (s *Server) start() {
	s.t.Helper()
	_, port, _ := net.SplitHostPort(s.Addr)
	s.cmd = exec.Command("redis-server", "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--protected-mode", "no", "--loglevel", "warning")
	if err := s.cmd.Start(); err != nil {
		s.t.Fatalf("start redis-server: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := redis.NewClient(&redis.Options{Addr: s.Addr, DialTimeout: 200 * time.Millisecond, MaxRetries: -1})
	defer c.Close()
	for {
		if c.Ping(ctx).Err() == nil {
			return
		}
		select {
		case <-ctx.Done():
			s.Stop()
			s.t.Fatalf("redis-server on %s did not answer in 10 s", s.Addr)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Stop stops the server; what it held is gone.
func (s *Server) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	}
	s.cmd = nil
}

// Restart starts the server again on the same port, empty.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.start()
}

// Port returns the server's port.
func (s *Server) Port() int {
	_, p, _ := net.SplitHostPort(s.Addr)
	n, _ := strconv.Atoi(p)
	return n
}
