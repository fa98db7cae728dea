package sources

import (
	"runtime"
	"sync"
)

// rowPipe reads records ahead in chunks and turns them into rows on every
// core: identifier normalization (libphonenumber above all) is most of
// the cost of reading a sheet. Chunks come out in file order. The table
// owns the goroutines and stops them on Close.
type rowPipe struct {
	ordered chan *chunk // chunks in file order, as they are read
	jobs    chan *chunk // the same chunks, to the workers
	done    chan struct{}
	wg      sync.WaitGroup
	once    sync.Once
}

// chunk is a run of records and, once ready is closed, their rows, or
// the error that ended reading (io.EOF at the end).
type chunk struct {
	recs  []record
	rows  []Row
	err   error
	ready chan struct{}
}

// chunkRows is the number of records in a chunk.
const chunkRows = 256

func startRowPipe(t *Table) *rowPipe {
	workers := max(runtime.GOMAXPROCS(0), 1)
	p := &rowPipe{
		ordered: make(chan *chunk, 2*workers),
		jobs:    make(chan *chunk, 2*workers),
		done:    make(chan struct{}),
	}
	p.wg.Add(1 + workers)
	go p.read(t)
	for range workers {
		go p.work(t)
	}
	return p
}

// read cuts the table's records into chunks.
func (p *rowPipe) read(t *Table) {
	defer p.wg.Done()
	defer close(p.jobs)
	defer close(p.ordered)
	for {
		c := &chunk{recs: make([]record, 0, chunkRows), ready: make(chan struct{})}
		for len(c.recs) < chunkRows {
			rec, err := t.nextRecord()
			if err != nil {
				c.err = err
				break
			}
			if isBlank(rec.cells) && isBlank(rec.values) {
				continue
			}
			c.recs = append(c.recs, rec)
		}
		select {
		case p.ordered <- c:
		case <-p.done:
			return
		}
		select {
		case p.jobs <- c:
		case <-p.done:
			return
		}
		if c.err != nil {
			return
		}
	}
}

// work turns chunks' records into rows.
func (p *rowPipe) work(t *Table) {
	defer p.wg.Done()
	for c := range p.jobs {
		c.rows = make([]Row, len(c.recs))
		for i, rec := range c.recs {
			c.rows[i] = t.row(rec)
		}
		c.recs = nil
		close(c.ready)
	}
}

// stop ends the goroutines and waits for them.
func (p *rowPipe) stop() {
	p.once.Do(func() { close(p.done) })
	for range p.ordered {
	}
	p.wg.Wait()
}
