package atomicfile

import (
	"fmt"
	"sync"
)

// behindBuffers is how many writes may wait for the goroutine of
// WriteBehind: enough for the writer to go on while the system copies,
// few enough that the memory stays a few of the caller's buffers.
const behindBuffers = 4

// behind is the goroutine that makes a file's writes (WriteBehind).
type behind struct {
	work chan []byte // writes, in order
	free chan []byte // buffers to copy the next writes into
	done chan struct{}
	mu   sync.Mutex
	err  error // the first write's error
}

// WriteBehind has the file's writes made by a goroutine of its own, so
// that the caller formats what comes next while the system copies what
// came before into its cache: for a large output, the writes are a tenth
// of its writer's time. Each Write copies its bytes and returns; an
// error of a write is returned by a later Write, or by Commit, which
// waits for every write before it syncs. Call it before the first Write.
func (f *File) WriteBehind() {
	if f.behind != nil || f.done {
		return
	}
	b := &behind{work: make(chan []byte, behindBuffers), free: make(chan []byte, behindBuffers), done: make(chan struct{})}
	for range behindBuffers {
		b.free <- nil
	}
	go func() {
		defer close(b.done)
		for p := range b.work {
			if b.failed() == nil {
				if _, err := f.write(p); err != nil {
					b.mu.Lock()
					b.err = err
					b.mu.Unlock()
				}
			}
			b.free <- p
		}
	}()
	f.behind = b
}

func (b *behind) failed() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

// writeBehind hands a copy of p to the goroutine.
func (f *File) writeBehind(p []byte) (int, error) {
	if err := f.behind.failed(); err != nil {
		return 0, fmt.Errorf("write %s: %w", f.path, err)
	}
	buf := <-f.behind.free
	f.behind.work <- append(buf[:0], p...)
	return len(p), nil
}

// drain waits for the writes handed to the goroutine, and returns the
// first one's error.
func (f *File) drain() error {
	if f.behind == nil {
		return nil
	}
	b := f.behind
	f.behind = nil
	close(b.work)
	<-b.done
	return b.failed()
}
