// Command rawcsv reads a CSV file with encoding/csv and nothing else: the
// yardstick `make bench-sheets` times `enrich plan` against, each as a
// whole process, as a user meets them.
//
//	go build -o /tmp/rawcsv ./sources/internal/rawcsv && time /tmp/rawcsv leads.csv
package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: rawcsv FILE.csv")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "rawcsv:", err)
		os.Exit(1)
	}
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	for {
		_, err := r.Read()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "rawcsv:", err)
			os.Exit(1)
		}
	}
}
