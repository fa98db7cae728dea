package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/enrich-dev/enrich/internal/atomicfile"
	"github.com/enrich-dev/enrich/sinks"
	"github.com/enrich-dev/enrich/state"
)

// stdio is "-" as a file name: the input read from standard input, the
// output written to standard output. The pipeline reads its input twice
// and writes its output atomically, so each goes through a file kept
// beside the journal: JOURNAL.stdin.csv holds what standard input gave
// (.xlsx when it was a workbook), JOURNAL.stdout.FORMAT the output, with
// its report beside it, copied to standard output once written. An output
// that is not a regular file (/dev/stdout, a named pipe) is written the
// same way.
const stdioName = "-"

// outputFormats are the values of --output-format.
var outputFormats = []string{sinks.FormatCSV, sinks.FormatXLSX, sinks.FormatJSONL, sinks.FormatParquet}

// stdinInput returns the file that holds the input: arg itself, or for
// "-" standard input copied to a file named after base.
func stdinInput(arg, base string) (string, error) {
	if arg != stdioName {
		return arg, nil
	}
	in := bufio.NewReaderSize(os.Stdin, 64<<10)
	head, _ := in.Peek(4)
	if len(head) == 0 {
		return "", usageErrorf("the input is standard input (-), which is empty; pipe a CSV file into enrich, such as: enrich run - -o out.csv < leads.csv")
	}
	path := base + ".stdin.csv"
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		path = base + ".stdin.xlsx"
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return "", fmt.Errorf("keep standard input in %s: %w", path, err)
	}
	if _, err := io.Copy(f, in); err != nil {
		f.Abort()
		return "", fmt.Errorf("keep standard input in %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return "", fmt.Errorf("keep standard input in %s: %w", path, err)
	}
	if err := os.Chmod(path, state.BesideMode(base)); err != nil {
		return "", fmt.Errorf("keep standard input in %s: %w", path, err)
	}
	return path, nil
}

// streamOutput is an output that is not written in place.
type streamOutput struct {
	file string // where the output is written first
	to   string // "-" for standard output, or the device or pipe to copy it to
}

// outputFile returns the file an output is written to: arg itself when
// it is a file, else (for "-", a device or a pipe) a file named after
// base in format, whose content copy sends on. format is --output-format:
// "" reads the format from the extension.
func outputFile(arg, format, base string) (string, *streamOutput, error) {
	if format != "" && !slices.Contains(outputFormats, format) {
		return "", nil, usageErrorf("--output-format %q: use %s", format, strings.Join(outputFormats, ", "))
	}
	stream := arg == stdioName
	if fi, err := os.Stat(arg); err == nil && !stream {
		switch {
		case fi.IsDir():
			return "", nil, usageErrorf("output %s is a folder; give a file name in it, such as %s", arg, filepath.Join(arg, "enriched.csv"))
		case !fi.Mode().IsRegular():
			stream = true // a device or a pipe, such as /dev/stdout
		}
	}
	if !stream {
		if _, err := sinks.FormatOf(arg); err != nil {
			return "", nil, usageErrorf("%w, or - with --output-format for standard output", err)
		}
		if format != "" && !strings.EqualFold(filepath.Ext(arg), "."+format) {
			return "", nil, usageErrorf("--output-format %s with output %s: the extension names the format of a file; drop --output-format or name the file .%s", format, arg, format)
		}
		return arg, nil, nil
	}
	if format == "" {
		format = sinks.FormatCSV
		if f, err := sinks.FormatOf(arg); err == nil {
			format = f
		}
	}
	s := &streamOutput{file: base + ".stdout." + format, to: arg}
	// Made now with the journal's mode: the output written over it keeps
	// no more than that (atomicfile.Mode).
	f, err := os.OpenFile(s.file, os.O_WRONLY|os.O_CREATE, state.BesideMode(base))
	if err == nil {
		err = errors.Join(f.Chmod(state.BesideMode(base)), f.Close())
	}
	if err != nil {
		return "", nil, fmt.Errorf("make %s for the output: %w", s.file, err)
	}
	return s.file, s, nil
}

// remove removes the file the output went through, once sent on: a run
// that completes leaves no copy of it beside the journal.
func (s *streamOutput) remove() {
	if s != nil {
		os.Remove(s.file)
	}
}

// dropEmpty removes the file made for the output if nothing was written
// to it: a command refused before it wrote leaves nothing beside the
// journal.
func (s *streamOutput) dropEmpty() {
	if s == nil {
		return
	}
	if fi, err := os.Stat(s.file); err == nil && fi.Size() == 0 {
		os.Remove(s.file)
	}
}

// copy sends the written output on.
func (s *streamOutput) copy() error {
	if s == nil {
		return nil
	}
	f, err := os.Open(s.file)
	if err != nil {
		return fmt.Errorf("send the output to %s: %w", s.shown(), err)
	}
	defer f.Close()
	var w io.Writer = os.Stdout
	if s.to != stdioName {
		out, err := os.OpenFile(s.to, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("send the output to %s: %w; it is in %s", s.to, err, s.file)
		}
		defer out.Close()
		w = out
	}
	if _, err := io.Copy(w, f); err != nil && !errors.Is(err, os.ErrClosed) {
		return fmt.Errorf("send the output to %s: %w; it is in %s", s.shown(), err, s.file)
	}
	return nil
}

// shown names where the output goes.
func (s *streamOutput) shown() string {
	if s.to == stdioName {
		return "standard output"
	}
	return s.to
}

// toStdout reports whether the output goes to standard output, where a
// summary must then not go.
func (s *streamOutput) toStdout() bool { return s != nil && s.to == stdioName }

// tempInput is stdinInput for a command that reads its input once and
// keeps nothing: standard input goes to a temporary file, which done
// removes.
func tempInput(arg string) (path string, done func(), err error) {
	if arg != stdioName {
		return arg, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "enrich-stdin-")
	if err != nil {
		return "", nil, fmt.Errorf("keep standard input: %w", err)
	}
	path, err = stdinInput(arg, filepath.Join(dir, "input"))
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	return path, func() { os.RemoveAll(dir) }, nil
}

// stdinName is how a file that holds standard input is named to the user:
// the copy's path means nothing to them.
const stdinName = "standard input"

// renamePath returns err with path, a file the user did not name (the
// copy of standard input), said as name; it still matches what err
// matches.
func renamePath(err error, path, name string) error {
	if err == nil || path == name || !strings.Contains(err.Error(), path) {
		return err
	}
	return &renamedError{msg: strings.ReplaceAll(err.Error(), path, name), err: err}
}

type renamedError struct {
	msg string
	err error
}

func (e *renamedError) Error() string { return e.msg }
func (e *renamedError) Unwrap() error { return e.err }
