package pipeline

import "github.com/enrich-dev/enrich/sinks"

// writeFile replaces path with data atomically.
func writeFile(path string, data []byte) error {
	f, err := sinks.CreateAtomic(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}
