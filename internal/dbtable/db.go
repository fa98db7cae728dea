package dbtable

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // the SQLite driver, "sqlite"

	"github.com/enrich-dev/enrich/internal/fault"
	"github.com/enrich-dev/enrich/internal/redact"
)

// DB is an open database.
type DB struct {
	Ref Ref
	db  *sql.DB
}

// ConnectTimeout bounds one attempt to connect to a PostgreSQL server
// whose URL sets no connect_timeout.
const ConnectTimeout = 10 * time.Second

// Open connects to the database ref names and checks that it answers,
// trying again within wait while it does not (a server starting, a
// network down); then the error is a wait's (fault.Waitable). A refused
// password, a database or file that is not there, is no wait's
// (fault.Fixable), at once. write opens an SQLite file for writing, and
// creates it when missing; otherwise it must exist and is only read.
func Open(ctx context.Context, ref Ref, wait time.Duration, write bool) (*DB, error) {
	var db *sql.DB
	switch ref.Kind {
	case SQLite:
		if _, err := os.Stat(ref.Path); err != nil && !write {
			return nil, fault.Fixable(err, fmt.Sprintf("%s: no SQLite database %s: check the path", ref, ref.Path))
		}
		mode := "ro"
		if write {
			mode = "rwc"
		}
		var err error
		if db, err = sql.Open("sqlite", "file:"+ref.Path+"?mode="+mode+"&_pragma=busy_timeout(10000)"); err != nil {
			return nil, err
		}
		db.SetMaxOpenConns(1)
	case Postgres:
		cfg, err := pgx.ParseConfig(ref.DSN)
		if err != nil {
			return nil, fault.Fixable(err, fmt.Sprintf("%s: %s", ref, redact.Text(err.Error())))
		}
		if cfg.ConnectTimeout == 0 {
			cfg.ConnectTimeout = ConnectTimeout
		}
		db = stdlib.OpenDB(*cfg)
		db.SetMaxOpenConns(4)
	default:
		return nil, fmt.Errorf("%s: not a database table", ref)
	}
	d := &DB{Ref: ref, db: db}
	deadline := time.Now().Add(wait)
	for {
		err := d.classify(db.PingContext(ctx), "connect to")
		if err == nil {
			return d, nil
		}
		if !errors.Is(err, fault.ErrWait) || time.Now().After(deadline) || ctx.Err() != nil {
			db.Close()
			return nil, err
		}
		select {
		case <-ctx.Done():
			db.Close()
			return nil, err
		case <-time.After(min(time.Second, time.Until(deadline)+time.Millisecond)):
		}
	}
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// classify says what a failure of doing what (a verb: "read", "connect
// to") calls for, in a sentence that names the table and hides any
// password.
func (d *DB) classify(err error, doing string) error {
	if err == nil {
		return nil
	}
	text := redact.Text(err.Error())
	say := func(what string) string { return fmt.Sprintf("%s: could not %s it: %s", d.Ref, doing, what) }
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case pg.Code == "28P01" || pg.Code == "28000":
			return fault.Fixable(err, say("the server refused the user or password ("+pg.Message+"); give the password in the URL, PGPASSWORD or ~/.pgpass"))
		case pg.Code == "3D000":
			return fault.Fixable(err, say(pg.Message+"; check the database's name"))
		case pg.Code == "42P01" || pg.Code == "3F000":
			return fault.Fixable(err, say(pg.Message+"; check the table's name"))
		case pg.Code == "42703":
			return fault.Fixable(err, say(pg.Message+"; check the column's name"))
		case pg.Code == "42501":
			return fault.Fixable(err, say(pg.Message+"; the user needs the right to it"))
		case strings.HasPrefix(pg.Code, "08") || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03" || pg.Code == "53300":
			return fault.Waitable(errors.New(say(pg.Message)))
		case strings.HasPrefix(pg.Code, "42") || strings.HasPrefix(pg.Code, "22") || strings.HasPrefix(pg.Code, "23"):
			return fault.Fixable(err, say(pg.Message))
		}
		return errors.New(say(text))
	}
	var ne net.Error
	var oe *net.OpError
	if errors.As(err, &ne) || errors.As(err, &oe) || pgconn.Timeout(err) || errors.Is(err, context.DeadlineExceeded) || isConnectFailure(err) {
		return fault.Waitable(errors.New(say("the server does not answer: " + text)))
	}
	if d.Ref.Kind == SQLite && (strings.Contains(text, "no such table") || strings.Contains(text, "no such column") ||
		strings.Contains(text, "unable to open") || strings.Contains(text, "not a database") || strings.Contains(text, "readonly")) {
		return fault.Fixable(err, say(text))
	}
	if d.Ref.Kind == SQLite && (strings.Contains(text, "database is locked") || strings.Contains(text, "SQLITE_BUSY")) {
		return fault.Waitable(errors.New(say(text + " (another program writes it)")))
	}
	return errors.New(say(text))
}

// isConnectFailure reports a PostgreSQL connection that failed before any
// answer (pgconn wraps the dial's error).
func isConnectFailure(err error) bool {
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		var pg *pgconn.PgError
		return !errors.As(err, &pg)
	}
	return false
}

// quote quotes an identifier, each part of SCHEMA.NAME apart.
func quote(name string) string {
	parts := strings.Split(name, ".")
	for i, p := range parts {
		parts[i] = `"` + strings.ReplaceAll(p, `"`, `""`) + `"`
	}
	return strings.Join(parts, ".")
}

// quoteColumn quotes a column's name, dots and all.
func quoteColumn(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// param is the n-th (from 1) parameter of a statement.
func (d *DB) param(n int) string {
	if d.Ref.Kind == Postgres {
		return fmt.Sprintf("$%d", n)
	}
	return "?"
}
