package dbtable

import (
	"context"

	"golang.org/x/sync/errgroup"
)

// batch is rows of an upsert waiting to be written: for SQLite the
// values of its statements, for PostgreSQL COPY's binary data (copy.go);
// and to be looked up (check.go), their keys and their cells as JSON.
type batch struct {
	rows   int
	values []any
	cells  []string // SQLite's when looked up: the rows' cells, made values if written
	data   []byte
	keys   []string
	text   []byte
	texts  []int // where each row's JSON ends in text
}

// reset empties a batch for the next rows.
func (b *batch) reset() {
	b.rows, b.values, b.cells, b.data = 0, b.values[:0], b.cells[:0], b.data[:0]
	b.keys, b.text, b.texts = b.keys[:0], b.text[:0], b.texts[:0]
}

// behind writes an upsert's full batches on a goroutine of its own, in
// the order given, while the caller fills the next: the database works
// while the export makes the rows, and a run takes the longer of the two
// rather than their sum. The batches are recycled, three at most: one
// filling, one waiting, one being written; the caller waits for a spare
// one when the database is slower than the export.
type behind struct {
	todo   chan *batch
	spare  chan *batch
	ctx    context.Context // done when the goroutine failed
	g      *errgroup.Group
	closed bool
	// cancelled says the error of the context cancelled, as write says
	// its own.
	cancelled func(error) error
}

// batches is how many batches exist, the one filling among them.
const batches = 3

// startBehind starts the goroutine that writes each batch handed to it
// with write, until the first error, and returns an empty batch to fill.
func startBehind(ctx context.Context, write func(*batch) error, cancelled func(error) error) (*behind, *batch) {
	g, gctx := errgroup.WithContext(ctx)
	b := &behind{todo: make(chan *batch, 1), spare: make(chan *batch, batches), ctx: gctx, g: g, cancelled: cancelled}
	for range batches - 1 {
		b.spare <- &batch{}
	}
	g.Go(func() error {
		for full := range b.todo {
			if err := write(full); err != nil {
				return err
			}
			full.reset()
			b.spare <- full
		}
		return nil
	})
	return b, &batch{}
}

// hand gives a full batch to the goroutine and returns an empty one. It
// returns the goroutine's error instead when it failed, and the
// context's when it was cancelled.
func (b *behind) hand(full *batch) (*batch, error) {
	select {
	case b.todo <- full:
	case <-b.ctx.Done():
		return nil, b.stopped()
	}
	select {
	case next := <-b.spare:
		return next, nil
	case <-b.ctx.Done():
		return nil, b.stopped()
	}
}

// stopped is why the goroutine stopped before its batches were all
// written: its error, or the context's.
func (b *behind) stopped() error {
	if err := b.wait(); err != nil {
		return err
	}
	return b.cancelled(b.ctx.Err())
}

// wait waits until every batch handed is written, or the goroutine
// failed, and returns its error. Nothing can be handed after it; it may
// be called again.
func (b *behind) wait() error {
	if !b.closed {
		close(b.todo)
		b.closed = true
	}
	return b.g.Wait()
}
