package assistant

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
)

// procFD is where Linux names a process's open files: procFD+"N" is a
// link to what descriptor N holds, the very file or directory opened,
// whatever is renamed, removed or replaced afterwards.
const procFD = "/proc/self/fd/"

// openFiles are the files of one tool call or job, opened through the
// roots and held open while the pipeline works on them.
//
// Confining a path checks it; the pipeline opens it later by name, and by
// then the name may lead elsewhere: a directory on the way swapped for a
// link out of the root would take the pipeline outside. So each file is
// opened here through its root (os.Root follows no way out, neither a
// link nor ".."), the input itself and the directory of a file to be
// written, and the pipeline is given a name that leads to what was
// opened: procFD+"N" for the input, procFD+"N/NAME" for a file written in
// directory N. Where the system has no such names (not Linux) the
// pipeline gets the confined path, opened and checked here just before,
// which narrows the window to the moment between the two opens.
type openFiles struct {
	pin   bool
	files []*os.File
	real  map[string]string // descriptor number → the confined path of what it holds
}

func (s *Server) openFiles() *openFiles {
	return &openFiles{pin: s.pin, real: make(map[string]string)}
}

// hold keeps f, opened at the confined path real, and returns the name the
// pipeline opens it by.
func (o *openFiles) hold(f *os.File, real string) string {
	o.files = append(o.files, f)
	if !o.pin {
		return real
	}
	fd := strconv.FormatUint(uint64(f.Fd()), 10)
	o.real[fd] = real
	return procFD + fd
}

// Close closes the files; the names given for them lead nowhere after.
func (o *openFiles) Close() {
	for _, f := range o.files {
		f.Close()
	}
	o.files = nil
}

var procFDName = regexp.MustCompile(regexp.QuoteMeta(procFD) + `(\d+)`)

// show replaces in s the names given to the pipeline by the confined paths
// they stand for, for a message or a result the assistant reads.
func (o *openFiles) show(s string) string {
	if !o.pin {
		return s
	}
	return procFDName.ReplaceAllStringFunc(s, func(name string) string {
		if real, ok := o.real[name[len(procFD):]]; ok {
			return real
		}
		return name
	})
}

// explain is err with the names given to the pipeline shown as the paths
// they stand for; errors.Is and errors.As see err.
func (o *openFiles) explain(err error) error {
	if err == nil {
		return nil
	}
	if msg := o.show(err.Error()); msg != err.Error() {
		return &shownError{msg: msg, err: err}
	}
	return err
}

// shownError is an error whose message names files as the assistant knows
// them.
type shownError struct {
	msg string
	err error
}

func (e *shownError) Error() string { return e.msg }
func (e *shownError) Unwrap() error { return e.err }

// openInput opens the confined input for the pipeline: a regular file.
func (s *Server) openInput(o *openFiles, real string) (string, error) {
	r, rel, err := s.rootOf(real)
	if err != nil {
		return "", err
	}
	// Non-blocking, so that a FIFO put there does not hang the call.
	f, err := r.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", fmt.Errorf("open %s: %w", real, pathErr(err))
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return "", fmt.Errorf("open %s: %w", real, err)
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return "", fmt.Errorf("%s is not a regular file (%s)", real, info.Mode().Type())
	}
	return o.hold(f, real), nil
}

// openDecisions opens the confined decisions file an argument names (a
// candidates sheet a person marked) for the pipeline; "" is none named.
func (s *Server) openDecisions(o *openFiles, path string) (string, error) {
	if path == "" {
		return "", nil
	}
	real, err := s.confine(path)
	if err != nil {
		return "", err
	}
	return s.openInput(o, real)
}

// openPlace opens the directory of a confined file the pipeline writes
// (or reads, as a journal), creating it if create, and returns the name of
// the file in it. The file itself, if it exists, must not be a symbolic
// link: confine resolved the links of the path, so one found there now was
// put there since, and the pipeline would follow it.
func (s *Server) openPlace(o *openFiles, real string, create bool) (string, error) {
	if s.isRoot(real) {
		return "", fmt.Errorf("%s is a root directory: name a file in it", real)
	}
	dir, base := filepath.Split(real)
	dir = filepath.Clean(dir)
	r, rel, err := s.rootOf(dir)
	if err != nil {
		return "", err
	}
	if create {
		if err := r.MkdirAll(rel, 0o755); err != nil {
			return "", fmt.Errorf("create the directory %s: %w", dir, pathErr(err))
		}
	}
	f, err := r.Open(rel)
	if err != nil {
		return "", fmt.Errorf("open the directory %s: %w", dir, pathErr(err))
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return "", fmt.Errorf("open the directory %s: %w", dir, err)
	}
	if !info.IsDir() {
		f.Close()
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	name := filepath.Join(o.hold(f, dir), base)
	if info, err := os.Lstat(name); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		return "", fmt.Errorf("%s is a symbolic link", real)
	}
	return name, nil
}

// isRoot reports whether the confined path is one of the roots.
func (s *Server) isRoot(path string) bool {
	for _, r := range s.roots {
		if r == path {
			return true
		}
	}
	return false
}

// pathErr is the reason of an os.Root error, whose path is relative to
// the root: the caller names the file in full.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// canPin reports whether the system names open files under procFD: the
// name of the open root must lead to the root.
func canPin(r *os.Root) bool {
	f, err := r.Open(".")
	if err != nil {
		return false
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return false
	}
	named, err := os.Stat(procFD + strconv.FormatUint(uint64(f.Fd()), 10))
	return err == nil && os.SameFile(opened, named)
}
