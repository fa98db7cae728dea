package budget

import "os"

func writeRaw(path, s string) error { return os.WriteFile(path, []byte(s), 0o600) }

func removeAll(dir string) error { return os.RemoveAll(dir) }
