package state

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// walkTree reads the journal's tree of pages straight from the file,
// without bbolt, and reports the damage that would make bbolt's own walks
// run away: a page whose id or length (overflow) reaches past the file's
// last page, a page that is not the one its parent names, a page reached
// twice (a cycle), a page of the wrong kind. bbolt trusts these fields:
// a length of 4 billion pages makes its check build a map of 4 billion
// entries, and a cycle makes its cursors descend forever. The walk keeps
// one bit a page, reads each page once, and stops when ctx is done.
//
// It returns at most maxProblems problems; none means the tree is sound
// enough for bbolt to walk.
func walkTree(ctx context.Context, path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	m, err := readMeta(f)
	if err != nil {
		return []string{err.Error()}, nil
	}
	if m.pages*m.size > uint64(fi.Size()) {
		return []string{fmt.Sprintf("the header counts %d pages of %d bytes in a file of %d", m.pages, m.size, fi.Size())}, nil
	}
	w := &treeWalk{ctx: ctx, f: f, meta: m, seen: make([]uint64, m.pages/64+1)}
	w.mark(0, 0)
	w.mark(1, 0)
	if m.freelist != ^uint64(0) {
		if p, ok := w.page(m.freelist, "the free list"); ok {
			w.mark(m.freelist, p.overflow)
		}
	}
	w.bucket(m.root, nil, "the root")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return w.problems, nil
}

// boltMeta is what walkTree needs of bbolt's header page.
type boltMeta struct {
	size, root, freelist, pages, txid uint64
}

// readMeta reads the newer of the file's two header pages whose checksum
// holds.
func readMeta(f io.ReaderAt) (boltMeta, error) {
	head := make([]byte, 2*maxPageSize)
	n, err := f.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return boltMeta{}, err
	}
	head = head[:n]
	var best boltMeta
	found := false
	for _, off := range []int{0, metaPageSize(head), 4096, pageSize} {
		if off < 0 || off+pageHeader+64 > len(head) {
			continue
		}
		b := head[off+pageHeader:]
		if binary.LittleEndian.Uint32(b) != boltMagic {
			continue
		}
		h := fnv.New64a()
		h.Write(b[:56])
		if h.Sum64() != binary.LittleEndian.Uint64(b[56:]) {
			continue
		}
		m := boltMeta{
			size:     uint64(binary.LittleEndian.Uint32(b[8:])),
			root:     binary.LittleEndian.Uint64(b[16:]),
			freelist: binary.LittleEndian.Uint64(b[32:]),
			pages:    binary.LittleEndian.Uint64(b[40:]),
			txid:     binary.LittleEndian.Uint64(b[48:]),
		}
		if m.size < 512 || m.size > maxPageSize {
			continue
		}
		if !found || m.txid > best.txid {
			best, found = m, true
		}
	}
	if !found {
		return boltMeta{}, fmt.Errorf("neither header page is whole")
	}
	return best, nil
}

// bbolt's page layout: a 16-byte header (id, flags, count, overflow),
// then 16-byte elements.
const (
	pageHeader  = 16
	elementSize = 16
	branchPage  = 0x01
	leafPage    = 0x02
	bucketLeaf  = 0x01 // a leaf element that is a bucket
	inlineRoot  = 0    // a bucket whose page is inside its value
	bucketValue = 16   // a bucket's value starts with its root and sequence
)

type treeWalk struct {
	ctx      context.Context
	f        *os.File
	meta     boltMeta
	seen     []uint64 // a bit a page
	problems []string
	steps    int
	stopped  bool
	// shallow walks one bucket's pages, not those of the buckets in it,
	// but for the buckets that lie in its pages (inline), and for those
	// named in holders.
	shallow bool
	holders map[string]bool
}

type treePage struct {
	id       uint64
	flags    uint16
	count    uint16
	overflow uint64
	data     []byte // the page and its overflow
}

func (w *treeWalk) problem(format string, args ...any) {
	if len(w.problems) < maxProblems {
		w.problems = append(w.problems, fmt.Sprintf(format, args...))
	}
}

// done reports whether the walk should stop: ctx is done, or enough is
// known.
func (w *treeWalk) done() bool {
	if w.steps++; w.steps%256 == 0 && w.ctx.Err() != nil {
		w.stopped = true
	}
	return w.stopped || len(w.problems) >= maxProblems
}

// mark records pages id to id+overflow as reached, and reports whether
// none was reached before.
func (w *treeWalk) mark(id, overflow uint64) bool {
	fresh := true
	for i := id; i <= id+overflow && i < w.meta.pages; i++ {
		if w.seen[i/64]&(1<<(i%64)) != 0 {
			fresh = false
		}
		w.seen[i/64] |= 1 << (i % 64)
	}
	return fresh
}

// page reads page id, which what names, after checking that it and its
// overflow lie in the file.
func (w *treeWalk) page(id uint64, what string) (treePage, bool) {
	if id < 2 || id >= w.meta.pages {
		w.problem("%s names page %d, past the file's %d pages", what, id, w.meta.pages)
		return treePage{}, false
	}
	head := make([]byte, pageHeader)
	if _, err := w.f.ReadAt(head, int64(id*w.meta.size)); err != nil {
		w.problem("page %d cannot be read: %v", id, err)
		return treePage{}, false
	}
	p := treePage{
		id:       binary.LittleEndian.Uint64(head),
		flags:    binary.LittleEndian.Uint16(head[8:]),
		count:    binary.LittleEndian.Uint16(head[10:]),
		overflow: uint64(binary.LittleEndian.Uint32(head[12:])),
	}
	switch {
	case p.id != id:
		w.problem("page %d holds the header of page %d", id, p.id)
		return treePage{}, false
	case id+p.overflow >= w.meta.pages:
		w.problem("page %d runs %d pages on, past the file's %d", id, p.overflow, w.meta.pages)
		return treePage{}, false
	}
	p.data = make([]byte, (p.overflow+1)*w.meta.size)
	if _, err := w.f.ReadAt(p.data, int64(id*w.meta.size)); err != nil {
		w.problem("page %d cannot be read: %v", id, err)
		return treePage{}, false
	}
	return p, true
}

// bucket walks the tree of a bucket whose root is page root.
func (w *treeWalk) bucket(root uint64, inline []byte, what string) {
	if root == inlineRoot {
		if len(inline) < pageHeader {
			w.problem("%s: a bucket in its page is cut short", what)
			return
		}
		w.elements(treePage{flags: binary.LittleEndian.Uint16(inline[8:]), count: binary.LittleEndian.Uint16(inline[10:]), data: inline}, what)
		return
	}
	w.node(root, what)
}

// node walks the subtree under page id.
func (w *treeWalk) node(id uint64, what string) {
	if w.done() {
		return
	}
	p, ok := w.page(id, what)
	if !ok {
		return
	}
	if !w.mark(id, p.overflow) {
		w.problem("page %d is reached twice (from %s)", id, what)
		return
	}
	w.elements(p, fmt.Sprintf("page %d", id))
}

// elements walks what the elements of a branch or leaf page point to.
func (w *treeWalk) elements(p treePage, what string) {
	// bbolt takes a page that is not a leaf for a branch, and a branch
	// without elements has its cursor read an element that is not there:
	// in a bucket inline, page 0 again, for ever.
	switch {
	case p.flags != branchPage && p.flags != leafPage:
		w.problem("%s is neither a branch nor a leaf (flags %#x)", what, p.flags)
		return
	case p.flags == branchPage && p.count == 0:
		w.problem("%s is a branch without elements", what)
		return
	}
	if pageHeader+int(p.count)*elementSize > len(p.data) {
		w.problem("%s counts %d elements, more than it holds", what, p.count)
		return
	}
	for i := 0; i < int(p.count) && !w.done(); i++ {
		e := p.data[pageHeader+i*elementSize:]
		switch p.flags {
		case branchPage:
			w.node(binary.LittleEndian.Uint64(e[8:]), what)
		case leafPage:
			// Every element's key and value lie in its page: one that
			// reaches past it would have a reader copy what is not there.
			pos, ksize, vsize := binary.LittleEndian.Uint32(e[4:]), binary.LittleEndian.Uint32(e[8:]), binary.LittleEndian.Uint32(e[12:])
			start := uint64(pageHeader+i*elementSize) + uint64(pos) + uint64(ksize)
			if start+uint64(vsize) > uint64(len(p.data)) {
				w.problem("%s: element %d reaches past its page", what, i)
				continue
			}
			if binary.LittleEndian.Uint32(e)&bucketLeaf == 0 {
				continue
			}
			if vsize < bucketValue {
				w.problem("%s: element %d reaches past its page", what, i)
				continue
			}
			v := p.data[start : start+uint64(vsize)]
			switch root := binary.LittleEndian.Uint64(v); {
			case !w.shallow, root == inlineRoot:
				// An inline bucket is walked even in a shallow walk:
				// bbolt reads its page from a copy of the value on the
				// Go heap, and an element reaching past the copy would
				// be a pointer into the heap, which the collector
				// stops the process for, beyond any recover.
				w.bucket(root, v[bucketValue:], what)
			case w.holders[string(p.data[start-uint64(ksize):start])]:
				w.node(root, what)
			}
		}
	}
}

// bucketPages checks the pages of the bucket whose root is page root in
// the file at path, not those of the buckets in it, as walkTree does,
// and returns the first problem, or "" when bbolt may walk them: a page
// that leads back to one already reached would have bbolt's cursor walk
// for ever, growing without bound.
func bucketPages(path string, root uint64) string {
	if root == inlineRoot {
		return "" // in its parent's page, which was checked
	}
	return walkShallow(path, func(m boltMeta) uint64 { return root }, nil)
}

// rootPages is bucketPages of the file's root bucket, which holds the
// others.
func rootPages(path string) string {
	return walkShallow(path, func(m boltMeta) uint64 { return m.root }, nil)
}

// openPages checks the pages bbolt reads before any record: those of the
// root bucket, of the buckets that hold buckets (holders), and of every
// bucket inline in them. It returns the first problem, or "" when bbolt
// may open the journal's buckets. It reads a few pages of any journal,
// not the records.
func openPages(path string) string {
	return walkShallow(path, func(m boltMeta) uint64 { return m.root }, holders)
}

// treeChecked checks the tree of pages of the journal at path before
// bbolt reads it, and returns the first problem, or "". bbolt trusts what
// a page says: a cycle has its cursors descend without end, and a size
// past its page has a write allocate gigabytes for one record. A journal
// up to wholeWalk is walked whole (walkTree); a larger one only where
// bbolt reads before any record (openPages), for a walk of every page
// takes about a second for 650 MB. Damage deeper in a large journal is
// met by the read that reaches it, which contains it; a size damaged past
// its page can still have a write to that page allocate what it says
// before the copy faults.
func treeChecked(path string) string {
	if fi, err := os.Stat(path); err == nil && fi.Size() <= wholeWalk {
		problems, err := walkTree(context.Background(), path)
		switch {
		case err != nil:
			return err.Error()
		case len(problems) > 0:
			return problems[0]
		}
		return ""
	}
	return openPages(path)
}

// wholeWalk is the size of the largest journal walked whole when opened:
// about 50 ms.
const wholeWalk = 32 << 20

// holders are the buckets of the layout that hold buckets.
var holders = map[string]bool{string(bucketLookups): true, string(bucketEmployees): true}

// walkShallow walks, shallow, the pages under the root that rootOf gives
// from the file's header, and those of the holders named, and returns
// the first problem, or "".
func walkShallow(path string, rootOf func(boltMeta) uint64, holders map[string]bool) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	m, err := readMeta(f)
	if err != nil {
		return err.Error()
	}
	w := &treeWalk{ctx: context.Background(), f: f, meta: m, seen: make([]uint64, m.pages/64+1), shallow: true, holders: holders}
	w.node(rootOf(m), "the bucket")
	if len(w.problems) > 0 {
		return w.problems[0]
	}
	return ""
}
