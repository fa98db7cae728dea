// Package redistest starts a real Redis server for tests: Debian's
// redis-server, on a free port of the loopback, keeping nothing on disk.
package redistest

import (
	"context"
	"io"
	"net"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
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

// Proxy stands between a test's clients and its Server, and delays every
// answer: a Redis behind a slow link, or one too busy to answer in time.
type Proxy struct {
	URL   string // redis://127.0.0.1:PORT/0
	Addr  string
	delay atomic.Int64 // nanoseconds
	ln    net.Listener
	mu    sync.Mutex
	conns map[net.Conn]bool
	wg    sync.WaitGroup
}

// Slow starts a proxy to s whose answers each come delay after the
// server gave them (what the server says is kept in order; only its
// time changes). The proxy ends with the test.
func (s *Server) Slow(delay time.Duration) *Proxy {
	s.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.t.Fatal(err)
	}
	p := &Proxy{URL: "redis://" + ln.Addr().String() + "/0", Addr: ln.Addr().String(), ln: ln, conns: map[net.Conn]bool{}}
	p.delay.Store(int64(delay))
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.wg.Add(1)
			go func() {
				defer p.wg.Done()
				p.serve(c, s.Addr)
			}()
		}
	}()
	s.t.Cleanup(p.close)
	return p
}

// SetDelay changes the delay of the answers from now on.
func (p *Proxy) SetDelay(d time.Duration) { p.delay.Store(int64(d)) }

func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns == nil {
		c.Close()
		return false
	}
	p.conns[c] = true
	return true
}

// serve carries what client says to the server at once, and what the
// server answers back after the delay.
func (p *Proxy) serve(client net.Conn, addr string) {
	server, err := net.Dial("tcp", addr)
	if err != nil {
		client.Close()
		return
	}
	if !p.track(client) || !p.track(server) {
		client.Close()
		server.Close()
		return
	}
	defer client.Close()
	defer server.Close()
	type chunk struct {
		at   time.Time
		data []byte
	}
	answers := make(chan chunk, 64)
	p.wg.Add(2)
	go func() {
		defer p.wg.Done()
		defer server.Close()
		io.Copy(server, client)
	}()
	go func() {
		defer p.wg.Done()
		defer close(answers)
		for {
			buf := make([]byte, 32<<10)
			n, err := server.Read(buf)
			if n > 0 {
				answers <- chunk{at: time.Now(), data: buf[:n]}
			}
			if err != nil {
				return
			}
		}
	}()
	for a := range answers {
		time.Sleep(time.Until(a.at.Add(time.Duration(p.delay.Load()))))
		if _, err := client.Write(a.data); err != nil {
			server.Close()
			for range answers {
			}
			return
		}
	}
}

func (p *Proxy) close() {
	p.ln.Close()
	p.mu.Lock()
	for c := range p.conns {
		c.Close()
	}
	p.conns = nil
	p.mu.Unlock()
	p.wg.Wait()
}
