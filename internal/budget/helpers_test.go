package budget

import "os"

func writeRaw(path, s string) error { return os.WriteFile(path, []byte(s), 0o600) }

func removeAll(dir string) error { return os.RemoveAll(dir) }

// testAccount names the account of the tests' ledgers, as the client's
// Account names one: a hash of the service's address and the key.
const testAccount = "3f1e2d4c5b6a7988"
