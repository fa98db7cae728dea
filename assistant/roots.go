package assistant

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// resolveRoots makes every root absolute with its symbolic links
// resolved; each must be an existing directory.
func resolveRoots(dirs []string) ([]string, error) {
	if len(dirs) == 0 {
		return nil, errors.New("no root directory: give at least one directory the tools may use")
	}
	roots := make([]string, 0, len(dirs))
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, fmt.Errorf("root %s: %w", d, err)
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, fmt.Errorf("root %s: %w", d, err)
		}
		info, err := os.Stat(real)
		if err != nil {
			return nil, fmt.Errorf("root %s: %w", d, err)
		}
		if !info.IsDir() {
			return nil, fmt.Errorf("root %s is not a directory", d)
		}
		roots = append(roots, real)
	}
	return roots, nil
}

// confine returns the real location of path, which is absolute or taken
// under the first root, or an error if it lies outside every root. The
// existing part of the path has its symbolic links resolved, so that a
// link cannot lead out of a root; the rest cannot hold links, as it does
// not exist yet. A dangling link is refused: writing through it would
// create its target, wherever that is.
func (s *Server) confine(path string) (string, error) {
	if strings.TrimSpace(path) == "" {
		return "", errors.New("a path is required")
	}
	p := path
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.roots[0], p)
	}
	real, err := resolveExisting(filepath.Clean(p))
	if err != nil {
		return "", fmt.Errorf("path %s: %w", path, err)
	}
	for _, root := range s.roots {
		if within(root, real) {
			return real, nil
		}
	}
	return "", fmt.Errorf("path %s is outside the allowed roots (%s)", path, strings.Join(s.roots, ", "))
}

// resolveExisting resolves the symbolic links of the longest existing
// prefix of the clean absolute path p, and appends the rest.
func resolveExisting(p string) (string, error) {
	var rest []string
	for cur := p; ; {
		real, err := filepath.EvalSymlinks(cur)
		if err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if _, lerr := os.Lstat(cur); lerr == nil {
			return "", fmt.Errorf("%s is a symbolic link to a missing file", cur)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p, nil
		}
		rest = append([]string{filepath.Base(cur)}, rest...)
		cur = parent
	}
}

// within reports whether path is root or lies under it; both are clean
// and absolute.
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	if err != nil || filepath.IsAbs(rel) {
		return false
	}
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// openRoots opens the resolved roots, through which every file is then
// opened.
func openRoots(roots []string) ([]*os.Root, error) {
	dirs := make([]*os.Root, 0, len(roots))
	for _, r := range roots {
		d, err := os.OpenRoot(r)
		if err != nil {
			for _, d := range dirs {
				d.Close()
			}
			return nil, fmt.Errorf("root %s: %w", r, err)
		}
		dirs = append(dirs, d)
	}
	return dirs, nil
}

// rootOf returns the open root that holds the confined path, and the path
// relative to it.
func (s *Server) rootOf(path string) (*os.Root, string, error) {
	for i, root := range s.roots {
		if within(root, path) {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return nil, "", err
			}
			return s.dirs[i], rel, nil
		}
	}
	return nil, "", fmt.Errorf("path %s is outside the allowed roots (%s)", path, strings.Join(s.roots, ", "))
}
