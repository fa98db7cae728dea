package enrich

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The sizes that keep a function one idea and a file one subject, for the
// client's code (the emulator, with its tables of names, titles and
// places, and the tests are not held to them).
const (
	maxFuncLines = 80
	maxFileLines = 600
)

// oversize are the functions and files allowed to be longer, with their
// length: none may grow, and one that shrinks under the limit must leave
// the list. It is empty, and a function or file added to it needs a
// reason written beside it.
var oversize = map[string]int{}

func TestSizes(t *testing.T) {
	sizes, err := measure(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(sizes) < 100 {
		t.Fatalf("measured %d functions and files; the test reads nothing", len(sizes))
	}
	for name, n := range sizes {
		limit := maxFuncLines
		if !strings.Contains(name, " ") {
			limit = maxFileLines
		}
		switch was, listed := oversize[name]; {
		case n > limit && !listed:
			t.Errorf("%s is %d lines, over %d: split it", name, n, limit)
		case listed && n > was:
			t.Errorf("%s grew from %d lines to %d, over %d: split it", name, was, n, limit)
		case listed && n <= limit:
			t.Errorf("%s is %d lines now: remove it from oversize", name, n)
		case listed && n < was:
			t.Errorf("%s shrank from %d lines to %d: write %d in oversize", name, was, n, n)
		}
	}
	for name := range oversize {
		if _, ok := sizes[name]; !ok {
			t.Errorf("%s is gone: remove it from oversize", name)
		}
	}
}

// measure returns the lines of every file of the client's code below
// root, named by its path, and of every function, named by its file and
// name (a method by its receiver's type and name).
func measure(root string) (map[string]int, error) {
	sizes := make(map[string]int)
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || path == "emulator" || path == "e2e") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		path = filepath.ToSlash(path)
		sizes[path] = fset.File(f.Pos()).LineCount()
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			sizes[path+" "+funcName(fd)] = fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
		}
		return nil
	})
	return sizes, err
}

// funcName is a function's name, or a method's as Type.Name.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return fmt.Sprintf("%s.%s", id.Name, fd.Name.Name)
	}
	return fd.Name.Name
}
