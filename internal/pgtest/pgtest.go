// Package pgtest starts a real PostgreSQL server for tests: Debian's
// postgresql, in a data folder of its own, on a free port of the
// loopback, with fsync off. Under root the server runs as the postgres
// user, since PostgreSQL refuses to run as root.
package pgtest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The role and password of the server's superuser.
const (
	User     = "enrich"
	Password = "s3cret-pw"
)

// Server is a postgres a test started.
type Server struct {
	Port int
	dir  string
	bin  string
	cred *syscall.Credential
	cmd  *exec.Cmd
}

// Start starts a server for a test (New); it stops, and its folder is
// removed, when the test ends. A machine without PostgreSQL fails the
// test, saying how to install it.
func Start(t testing.TB) *Server {
	t.Helper()
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// New initializes a cluster in a folder of its own and starts its
// server; Close stops it and removes the folder. A package's TestMain
// shares one among its tests.
func New() (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "enrich-pgtest-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, bin: bin}
	if err := s.init(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.start(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// init makes the cluster, its superuser's password Password, as the
// postgres user under root.
func (s *Server) init() error {
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return fmt.Errorf("running as root, and there is no postgres user to run the server as: apt-get install -y postgresql")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		s.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(s.dir, uid, gid); err != nil {
			return err
		}
	}
	pw := filepath.Join(s.dir, "pw")
	if err := os.WriteFile(pw, []byte(Password+"\n"), 0o644); err != nil {
		return err
	}
	if out, err := s.command("initdb", "-D", filepath.Join(s.dir, "data"), "-U", User, "--pwfile", pw,
		"--auth-host=scram-sha-256", "--auth-local=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync").CombinedOutput(); err != nil {
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	s.Port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	return nil
}

// Close stops the server and removes its folder.
func (s *Server) Close() {
	s.Stop()
	os.RemoveAll(s.dir)
}

// binDir finds the server's programs: Debian keeps them in
// /usr/lib/postgresql/VERSION/bin, off the PATH.
func binDir() (string, error) {
	if p, err := exec.LookPath("postgres"); err == nil {
		return filepath.Dir(p), nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin/postgres")
	if len(dirs) == 0 {
		return "", fmt.Errorf("PostgreSQL is not installed; the tests of database tables start one: apt-get install -y postgresql")
	}
	return filepath.Dir(dirs[len(dirs)-1]), nil
}

func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Dir = s.dir
	if s.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	}
	return cmd
}

func (s *Server) start() error {
	s.cmd = s.command("postgres", "-D", filepath.Join(s.dir, "data"), "-p", strconv.Itoa(s.Port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="+s.dir, "-c", "fsync=off",
		"-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=40")
	log, err := os.Create(filepath.Join(s.dir, "log"))
	if err != nil {
		return err
	}
	defer log.Close()
	s.cmd.Stdout, s.cmd.Stderr = log, log
	if err := s.cmd.Start(); err != nil {
		return fmt.Errorf("start postgres: %v", err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(s.Port), 200*time.Millisecond)
		if err == nil {
			conn.Close()
			if out, err := s.Psql("postgres", "SELECT 1"); err == nil && strings.TrimSpace(out) == "1" {
				return nil
			}
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(filepath.Join(s.dir, "log"))
			s.Stop()
			return fmt.Errorf("postgres on port %d did not answer in 20 s:\n%s", s.Port, b)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Stop stops the server; what was committed stays for Restart.
func (s *Server) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGINT) // a fast shutdown: what was committed stays
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			s.cmd.Process.Kill()
			<-done
		}
	}
	s.cmd = nil
}

// Restart starts the server again, with its data.
func (s *Server) Restart() error {
	s.Stop()
	return s.start()
}

// URL is the address of database db, with the password.
func (s *Server) URL(db string) string {
	return fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/%s?sslmode=disable", User, Password, s.Port, db)
}

// CreateDB creates a database for a test and returns its URL.
func (s *Server) CreateDB(t testing.TB, name string) string {
	t.Helper()
	if out, err := s.Psql("postgres", "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database %s: %v\n%s", name, err, out)
	}
	return s.URL(name)
}

// Psql runs sql in database db through PostgreSQL's own client, psql,
// unaligned and without headers, and returns what it printed.
func (s *Server) Psql(db, sql string) (string, error) {
	cmd := exec.CommandContext(context.Background(), "psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
		"-h", "127.0.0.1", "-p", strconv.Itoa(s.Port), "-U", User, "-d", db, "-c", sql)
	cmd.Env = append(os.Environ(), "PGPASSWORD="+Password)
	out, err := cmd.CombinedOutput()
	return string(out), err
}
