package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
)

func TestWorth(t *testing.T) {
	for _, tc := range []struct {
		alt, want string
		ok        bool
	}{
		{"Genova", "genova", true},
		{"København", "kobenhavn", true},
		{"Den Haag", "den haag", true},
		{"Rom", "rom", true},
		{"Xénova - Genova", "xenova genova", true},
		{"GOA", "", false},      // an airport's code
		{"LIMJ", "", false},     // an airfield's code
		{"16100", "", false},    // a postal code
		{"Genova 1", "", false}, // a number
		{"Wi", "wi", false},     // two letters
		{"jenovu~a", "", false}, // a machine's romanization
		{"Генуя", "", false},    // not Latin
		{"ジェノヴァ", "", false},    // not Latin
		{"Bakı", "baki", true},  // Fold's dotless i
		{"Gəncə", "", false},    // a Latin letter Fold keeps
		{"re na ya", "", false}, // a Chinese name, a word a character
		{"Ho Chi Minh", "ho chi minh", true},
	} {
		got, ok := worth(tc.alt)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("worth(%q) = %q, %v; want %q, %v", tc.alt, got, ok, tc.want, tc.ok)
		}
	}
}

// TestKeep runs the generator on a gazetteer of four places and a GeoNames
// file of six: a name is kept for a place that outweighs ten to one the
// other places of that name, in the gazetteer or only in the file.
func TestKeep(t *testing.T) {
	g := newGazetteer()
	g.add("1", "Genoa", 580000)
	g.add("2", "Parys", 71000)
	g.add("3", "Paris", 2100000)
	g.add("4", "Hannover", 515000)
	geonames := strings.Join([]string{
		row("1", "Genoa", "Genova,GOA,Genua,Génova"),
		row("2", "Parys", "Paris,Parijs"),
		row("3", "Paris", "Lutetia,Parys"),
		row("4", "Hannover", "Hanover,Hannover"),
		row("5", "Génova", ""),  // 7,140 people: Genoa outweighs it ten to one
		row("6", "Hanover", ""), // 100,000: Hannover does not

	}, "")
	if err := g.readGeoNames(strings.NewReader(geonames)); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, _, err := g.write(&buf); err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(zr)
	// Not "paris" for Parys, smaller than Paris; "parys" for Paris, which
	// Parse reads as Parys all the same (the place's own name comes first).
	want := "name\tgeonameids\ngenova\t1\ngenua\t1\nlutetia\t3\nparijs\t2\nparys\t3\n"
	if string(got) != want {
		t.Errorf("wrote\n%s\nwant\n%s", got, want)
	}
}

// row is a GeoNames row of 19 columns.
func row(id, name, alts string) string {
	pop := map[string]string{"1": "580000", "2": "71000", "3": "2100000", "4": "515000", "5": "7140", "6": "100000"}[id]
	f := []string{id, name, name, alts, "0", "0", "P", "PPL", "XX", "", "", "", "", "", pop, "", "", "", ""}
	return strings.Join(f, "\t") + "\n"
}
