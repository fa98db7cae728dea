// Package ordered maps a function over a stream on every core and hands
// the results back in the order the stream was read: the shape of reading
// a sheet (cells in, normalized rows out) and of writing one (rows in,
// outcomes out).
package ordered

import (
	"sync"
)

// Map reads inputs on a goroutine of its own, works them on workers, and
// returns their outputs, in the order read, through Next. It owns its
// goroutines: Stop ends them and waits for them.
type Map[In, Out any] struct {
	ordered chan *item[In, Out] // items in the order read
	jobs    chan *item[In, Out] // the same items, to the workers
	done    chan struct{}
	wg      sync.WaitGroup
	once    sync.Once
}

// item is an input and, once ready is closed, its output, with the error
// that ended reading after it, if any.
type item[In, Out any] struct {
	in    In
	out   Out
	err   error
	ready chan struct{}
}

// Start starts a Map of workers goroutines (at least one). read returns
// the next input, and with the last one the error that ends the reading
// (io.EOF at the end of the stream); an input returned with an error is
// worked like any other. work is called once for each worker and returns
// that worker's function, which may keep state of its own between inputs.
// read runs on one goroutine, the workers' functions each on their own.
func Start[In, Out any](workers int, read func() (In, error), work func() func(In) Out) *Map[In, Out] {
	workers = max(workers, 1)
	m := &Map[In, Out]{
		ordered: make(chan *item[In, Out], 2*workers),
		jobs:    make(chan *item[In, Out], 2*workers),
		done:    make(chan struct{}),
	}
	m.wg.Add(1 + workers)
	go m.read(read)
	for range workers {
		go m.work(work())
	}
	return m
}

func (m *Map[In, Out]) read(read func() (In, error)) {
	defer m.wg.Done()
	defer close(m.jobs)
	defer close(m.ordered)
	for {
		in, err := read()
		it := &item[In, Out]{in: in, err: err, ready: make(chan struct{})}
		for _, ch := range []chan *item[In, Out]{m.ordered, m.jobs} {
			select {
			case ch <- it:
			case <-m.done:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (m *Map[In, Out]) work(fn func(In) Out) {
	defer m.wg.Done()
	for it := range m.jobs {
		it.out = fn(it.in)
		var zero In
		it.in = zero // the output is all that is kept
		close(it.ready)
	}
}

// Next returns the output of the next input in the order read, and with
// the last one the error that ended the reading. more is false once every
// output has been returned, or after Stop.
func (m *Map[In, Out]) Next() (out Out, more bool, err error) {
	it, ok := <-m.ordered
	if !ok {
		return out, false, nil
	}
	select {
	case <-it.ready:
	case <-m.done:
		return out, false, nil
	}
	return it.out, true, it.err
}

// Stop ends the goroutines, whether or not every output was taken, and
// waits for them. It may be called more than once.
func (m *Map[In, Out]) Stop() {
	m.once.Do(func() { close(m.done) })
	for range m.ordered {
	}
	m.wg.Wait()
}
