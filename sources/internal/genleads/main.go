// Command genleads writes a synthetic lead sheet of any size, for
// measuring enrich on sheets too large to keep in the repository:
//
//	go run ./sources/internal/genleads -rows 1000000 -o /tmp/leads-1m.csv
//
// The sheet looks like a CRM export: profile URLs in many spellings, work
// e-mails, phones in national and international formats, about one row in
// ten a repeat of an earlier person, a few invalid or missing identifiers,
// notes with quoted commas and newlines. The same seed gives the same file.
//
// An output named .xlsx is a workbook as Excel writes it: text in the
// shared-string table, phones of digits only as numbers. It is built in
// memory, so keep it to a few hundred thousand rows.
package main

import (
	"bufio"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

func main() {
	rows := flag.Int("rows", 100000, "data rows to write")
	out := flag.String("o", "-", "output file (- for standard output)")
	seed := flag.Uint64("seed", 1, "random seed")
	people := flag.Int("people", 0, "distinct people at most (0: about nine in ten rows are new people)")
	flag.Parse()
	if strings.HasSuffix(*out, ".xlsx") {
		if err := writeXLSX(*out, *rows, *people, *seed); err != nil {
			fmt.Fprintln(os.Stderr, "genleads:", err)
			os.Exit(1)
		}
		return
	}
	w := io.Writer(os.Stdout)
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "genleads:", err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	if err := write(w, *rows, *people, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "genleads:", err)
		os.Exit(1)
	}
}

var (
	firstNames = []string{"Jane", "John", "Ana", "Wei", "Olena", "Mohamed", "Jürgen", "Zoë", "Hélène", "Taro", "Priya", "Carlos", "Fatima", "Liam", "Sofia", "Noah"}
	lastNames  = []string{"Doe", "Smith", "García", "Zhang", "Koval", "Ali", "Müller", "Weiß", "Dupré", "Yamada", "Sharma", "Silva", "Khan", "Murphy", "Rossi", "Jones"}
	companies  = []string{"Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne", "Wonka", "Tyrell", "Cyberdyne", "Soylent"}
	areaCodes  = []string{"212", "415", "646", "312", "617", "206", "512", "303", "404", "713"}
	titles     = []string{"VP Engineering", "Head of Sales", "CTO", "Account Executive", "Recruiter", "Data Scientist"}
	profileFmt = []string{
		"https://www.linkedin.com/in/%s", "http://linkedin.com/in/%s/", "linkedin.com/in/%s",
		"https://uk.linkedin.com/in/%s?trk=public_profile", "HTTPS://WWW.LINKEDIN.COM/in/%s", "https://m.linkedin.com/in/%s#about",
	}
)

// writeXLSX writes the sheet as a workbook.
func writeXLSX(path string, rows, maxPeople int, seed uint64) error {
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(write(pw, rows, maxPeople, seed)) }()
	r := csv.NewReader(pr)
	f := excelize.NewFile()
	defer f.Close()
	for n := 1; ; n++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		for c, v := range rec {
			cell, err := excelize.CoordinatesToCellName(c+1, n)
			if err != nil {
				return err
			}
			num, numErr := strconv.ParseInt(v, 10, 64)
			switch {
			case numErr == nil && len(v) >= 10:
				err = f.SetCellInt("Sheet1", cell, num)
			case v != "":
				err = f.SetCellStr("Sheet1", cell, v)
			}
			if err != nil {
				return err
			}
		}
	}
	return f.SaveAs(path)
}

func write(w io.Writer, rows, maxPeople int, seed uint64) error {
	rnd := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	bw := bufio.NewWriterSize(w, 1<<20)
	cw := csv.NewWriter(bw)
	if err := cw.Write([]string{"First Name", "Last Name", "Company", "Website", "Title", "LinkedIn URL", "Email", "Phone", "Notes"}); err != nil {
		return err
	}
	people := 0
	for i := 0; i < rows; i++ {
		p := people
		if people > 0 && (rnd.IntN(10) == 0 || maxPeople > 0 && people >= maxPeople) {
			p = rnd.IntN(people) // the same person again, spelled another way
		} else {
			people++
		}
		if err := cw.Write(person(rnd, p)); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// person returns a row for person p; the identifiers depend only on p, the
// spelling and which are present on the random source.
func person(rnd *rand.Rand, p int) []string {
	first, last := firstNames[p%len(firstNames)], lastNames[(p/len(firstNames))%len(lastNames)]
	company := companies[(p/7)%len(companies)]
	domain := strings.ToLower(company) + ".example"
	slug := fmt.Sprintf("%s-%s-%x", asciiSlug(first), asciiSlug(last), p)
	row := []string{first, last, company + " Inc", "https://www." + domain, titles[p%len(titles)], "", "", "", ""}
	if rnd.IntN(10) < 7 {
		row[5] = fmt.Sprintf(profileFmt[rnd.IntN(len(profileFmt))], slug)
		if rnd.IntN(100) == 0 {
			row[5] = fmt.Sprintf("https://www.linkedin.com/pub/%s/1/2/3", slug)
		}
	}
	if rnd.IntN(10) < 8 {
		row[6] = fmt.Sprintf("%s.%s.%d@%s", asciiSlug(first), asciiSlug(last), p, domain)
		switch rnd.IntN(50) {
		case 0:
			row[6] = strings.ToUpper(row[6])
		case 1:
			row[6] = "n/a"
		case 2:
			row[6] = asciiSlug(first) + " at " + domain
		}
	}
	if rnd.IntN(2) == 0 {
		area, line := areaCodes[p%len(areaCodes)], 2000000+p%8000000
		switch rnd.IntN(51) {
		case 0:
			row[7] = fmt.Sprintf("+1 %s %d %04d", area, line/10000, line%10000)
		case 1:
			row[7] = fmt.Sprintf("(%s) %d-%04d", area, line/10000, line%10000)
		case 2:
			row[7] = fmt.Sprintf("1%s%d", area, line)
		case 3:
			row[7] = fmt.Sprintf("+44 20 7946 %04d", p%10000)
		case 4:
			row[7] = fmt.Sprintf("+49 30 %07d", 2000000+p%7000000)
		case 5:
			row[7] = "4.15555E+11" // a phone Excel showed in scientific notation
		default:
			row[7] = fmt.Sprintf("+1 (%s) %d-%04d", area, line/10000, line%10000)
		}
	}
	if rnd.IntN(20) == 0 {
		row[8] = "met at the conference, \"follow up\"\nsecond line"
	}
	return row
}

func asciiSlug(s string) string {
	return strings.NewReplacer("ü", "ue", "ë", "e", "é", "e", "è", "e", "ß", "ss", "í", "i", "ç", "c").Replace(strings.ToLower(s))
}
