// Command gensstbomb writes a workbook whose shared-string table holds
// many tiny strings, for measuring the workbook reader on one:
//
//	go run ./sources/internal/gensstbomb -strings 30000000 -o /tmp/tiny.xlsx
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/enrich-dev/enrich/sources/internal/sstbomb"
)

func main() {
	var spec sstbomb.Spec
	flag.IntVar(&spec.Strings, "strings", 30_000_000, "strings in the shared-string table")
	flag.IntVar(&spec.Rare, "rare", 26, "one tiny string in this many is \"b\" rather than \"a\"")
	flag.IntVar(&spec.Padding, "padding", 0, "bytes of an extra stored part")
	flag.Uint64Var(&spec.Seed, "seed", 1, "random seed")
	out := flag.String("o", "tiny-strings.xlsx", "output file")
	flag.Parse()
	if err := write(*out, spec); err != nil {
		fmt.Fprintln(os.Stderr, "gensstbomb:", err)
		os.Exit(1)
	}
}

func write(path string, spec sstbomb.Spec) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := sstbomb.Write(w, spec); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
