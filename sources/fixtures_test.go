package sources

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
)

// update rewrites the fixtures in ../testdata and the golden files in
// testdata/ from what the code produces: go test ./sources -update
var update = flag.Bool("update", false, "rewrite fixtures and golden files")

// fixtureDir holds the spreadsheets every package's tests share.
const fixtureDir = "../testdata"

// textFixtures are the CSV fixtures, as UTF-8 text before encoding.
var textFixtures = []struct {
	name string
	text string
	enc  func(string) []byte
}{
	{"leads.csv", strings.Join([]string{
		"First Name,Last Name,Company,Website,LinkedIn URL,Email,Phone,Notes",
		"Jane,Doe,Acme Corp,https://acme.example,https://www.linkedin.com/in/jane-doe-42,jane.doe@acme.example,+1 415 555 0123,met at SaaStr",
		"John,Smith,Globex,globex.example,http://linkedin.com/in/JohnSmith/?trk=people,john@globex.example,(415) 555-0188,\"called twice, no answer\"",
		"Ana,García,Initech,https://initech.example/about,https://es.linkedin.com/in/ana-garcia-88/,ana.garcia@initech.example,+34 912 345 678,\"Madrid office\nsecond floor\"",
		"Jane,Doe,Acme Corp,https://acme.example,linkedin.com/in/jane-doe-42/,JANE.DOE@ACME.EXAMPLE,,same person as line 2",
		"Old,Profile,Umbrella,umbrella.example,https://www.linkedin.com/pub/old-profile/1/23/456,not-an-email,4.15555E+11,",
		"Wei,Zhang,Hooli,hooli.example,,wei.zhang@hooli.example,+86 138 0013 8000,",
		"Nobody,Here,Vandelay,vandelay.example,,,,no identifiers at all",
		"Stark,Page,Stark Industries,stark.example,https://www.linkedin.com/company/stark-industries,,,a company page",
		"Bob,Jones,,,n/a,bob@example.com,14155550199,=HYPERLINK(\"http://evil.example\")",
		"",
	}, "\n"), utf8Bytes},
	{"leads-bom-semicolon.csv", strings.Join([]string{
		"Vorname;Nachname;Firma;E-Mail;Telefon;LinkedIn-Profil;Umsatz",
		"Jürgen;Müller;Beispiel GmbH;juergen.mueller@beispiel.example;030 901820;https://de.linkedin.com/in/juergen-mueller;1.234,56",
		"Zoë;Weiß;Straße AG;zoe@strasse.example;+49 89 1234567;;\"12,5\"",
		"Ümit;Öztürk;Kaffee & Co. KG;;0151 23456789;https://www.linkedin.com/in/%C3%BCmit-%C3%B6zt%C3%BCrk;0",
		"",
	}, "\r\n"), func(s string) []byte { return append([]byte("\xEF\xBB\xBF"), s...) }},
	{"leads-utf16le-tab.csv", strings.Join([]string{
		"Full Name\tEmail Address\tMobile Phone\tProfile URL",
		"山田 太郎\ttaro.yamada@example.jp\t+81 3-1234-5678\thttps://jp.linkedin.com/in/taro-yamada",
		"Олена Коваль\tolena@example.ua\t+380 44 123 4567\t",
		"محمد علي\tmohamed.ali@example.eg\t\thttps://www.linkedin.com/in/mohamed-ali-eg",
		"",
	}, "\r\n"), func(s string) []byte { return utf16Bytes(s, false) }},
	{"leads-utf16be-pipe.csv", strings.Join([]string{
		"name|email|uid",
		"Ada Lovelace|ada@example.org|0123456789abcdef0123456789abcdef",
		"Alan Turing||FEDCBA9876543210FEDCBA9876543210",
		"Grace Hopper|grace@example.org|not-a-uid",
		"",
	}, "\n"), func(s string) []byte { return utf16Bytes(s, true) }},
	{"leads-cp1252.csv", strings.Join([]string{
		"Prénom;Nom;Société;Courriel;Téléphone;Budget",
		"Hélène;Dupré;Café Crème SARL;helene.dupre@cafe.example;+33 1 42 68 53 00;1 500 €",
		"François;Lefèvre;“Le Bon Prix”;francois@prix.example;01 42 68 53 01;",
		"Noël;Bœuf;Œuvre & Fils;noel@oeuvre.example;;300 €",
		"",
	}, "\r\n"), cp1252Bytes},
	{"leads-sep.csv", strings.Join([]string{
		"sep=;",
		"Name;Email;Phone",
		"\"Smith; John\";john.smith@example.com;+44 20 7946 0958",
		"Jones, Mary;mary.jones@example.co.uk;020 7946 0959",
		"",
	}, "\r\n"), utf8Bytes},
	{"leads-messy.csv", strings.Join([]string{
		"Email,Name,Email,,Phone,Notes",
		"",
		"alice@example.com,\"Alice \"\"Al\"\" Liddell\",alice.personal@example.org,x,+1 212 555 0101,\"line one\r\nline two, with comma\"",
		",,,,,",
		"bob@example.com,Bob",
		"carol@example.com,Carol,,,+1 212 555 0103,note,extra one,extra two",
		"dave@example.com,Dave \"the man\" Davis,,,,",
		"",
		"eve@example.com,Eve,EVE@EXAMPLE.COM,,,same address twice in one row",
		"\"frank@example.com\",\"Frank\",,,\"+1 (212) 555-0104\",",
		"Mallory <mallory@example.com>; m@example.net,Mallory,,,,two addresses in one cell",
		"",
	}, "\r\n"), utf8Bytes},
	{"leads-content.csv", strings.Join([]string{
		"Name,Col1,Col2,Col3,Site,Ref,Key",
		"Jane Doe,https://www.linkedin.com/in/jane-doe-42,jane.doe@acme.example,+1 415 555 0123,https://acme.example,1001,0123456789abcdef0123456789abcdef",
		"John Smith,linkedin.com/in/john-smith,john@globex.example,+1 415 555 0188,www.globex.example,1002,fedcba9876543210fedcba9876543210",
		"Ana García,https://es.linkedin.com/in/ana-garcia-88,ana.garcia@initech.example,+34 912 345 678,initech.example/en,1003,",
		"Wei Zhang,,wei.zhang@hooli.example,+86 138 0013 8000,https://hooli.example,1004,00112233445566778899aabbccddeeff",
		"",
	}, "\n"), utf8Bytes},
}

func utf8Bytes(s string) []byte { return []byte(s) }

func utf16Bytes(s string, bigEndian bool) []byte {
	units := utf16.Encode([]rune("\uFEFF" + s))
	out := make([]byte, 0, 2*len(units))
	for _, u := range units {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func cp1252Bytes(s string) []byte {
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

// leadsXLSX builds a workbook the way Excel has them: strings in the
// shared-string table, phones typed as numbers, one number shown in
// scientific notation, dates with a date format, a hidden first sheet, a
// blank first row and a blank row between data rows.
func leadsXLSX() (*excelize.File, error) {
	f := excelize.NewFile()
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	must(f.SetSheetName("Sheet1", "Lookup"))
	must(f.SetCellStr("Lookup", "A1", "Region"))
	must(f.SetCellStr("Lookup", "A2", "EMEA"))
	leads, err := f.NewSheet("Leads")
	must(err)
	_, err = f.NewSheet("Other")
	must(err)
	f.SetActiveSheet(leads)
	must(f.SetSheetVisible("Lookup", false))

	sci := "0.00000E+00"
	sciStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &sci})
	must(err)
	dateStyle, err := f.NewStyle(&excelize.Style{NumFmt: 14})
	must(err)
	rows := [][]any{
		{"Name", "Email", "Phone", "Mobile", "LinkedIn", "Added", "Score"},
		{"Jane Doe", "jane.doe@acme.example", 14155550123, "+1 415 555 0188", "https://www.linkedin.com/in/jane-doe-42", time.Date(2024, 3, 15, 0, 0, 0, 0, time.UTC), 87.5},
		{"Ana García", "ana@initech.example", 415555000000, nil, "https://es.linkedin.com/in/ana-garcia-88/?trk=x", time.Date(2023, 12, 1, 0, 0, 0, 0, time.UTC), 42},
		nil,
		{"Wei Zhang", nil, "4.15555E+11", nil, nil, nil, "=1+1"},
		{"山田 太郎", "taro.yamada@example.jp", "+81 3-1234-5678", 819012345678, "https://jp.linkedin.com/in/taro-yamada", time.Date(2022, 7, 4, 0, 0, 0, 0, time.UTC), nil},
		{"No Identifier", nil, nil, nil, nil, nil, 1},
	}
	for r, row := range rows {
		for c, v := range row {
			if v == nil {
				continue
			}
			cell, err := excelize.CoordinatesToCellName(c+1, r+2) // row 1 stays blank
			must(err)
			switch v := v.(type) {
			case string:
				must(f.SetCellStr("Leads", cell, v)) // a shared string, as Excel writes text
			default:
				must(f.SetCellValue("Leads", cell, v))
			}
		}
	}
	must(f.SetCellStyle("Leads", "C4", "C4", sciStyle))
	for _, cell := range []string{"F3", "F4", "F7"} {
		must(f.SetCellStyle("Leads", cell, cell, dateStyle))
	}
	must(f.SetCellStr("Other", "A1", "Work Email"))
	must(f.SetCellStr("Other", "A2", "someone@other.example"))
	must(f.SetCellStr("Other", "A3", "else@other.example"))
	return f, nil
}

func xlsxBytes(t *testing.T, f *excelize.File, opts ...excelize.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf, opts...); err != nil {
		t.Fatalf("write workbook: %v", err)
	}
	return buf.Bytes()
}

// TestFixtures checks that the committed fixtures are what the generator
// makes, and with -update writes them.
func TestFixtures(t *testing.T) {
	want := map[string][]byte{}
	for _, fx := range textFixtures {
		want[fx.name] = fx.enc(fx.text)
	}
	book, err := leadsXLSX()
	if err != nil {
		t.Fatal(err)
	}
	want["leads.xlsx"] = xlsxBytes(t, book)
	want["corrupt.xlsx"] = want["leads.xlsx"][:300]
	// A legacy .xls starts with the OLE compound-file signature.
	want["legacy.xls"] = append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 504)...)
	// Encryption salts are random: the encrypted workbook is written on
	// -update and only checked for presence otherwise.
	encrypted := "encrypted.xlsx"

	if *update {
		if err := os.MkdirAll(fixtureDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range want {
			if err := os.WriteFile(filepath.Join(fixtureDir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		enc := xlsxBytes(t, book, excelize.Options{Password: "secret"})
		if err := os.WriteFile(filepath.Join(fixtureDir, encrypted), enc, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for name, b := range want {
		got, err := os.ReadFile(filepath.Join(fixtureDir, name))
		if err != nil {
			t.Errorf("fixture %s: %v (run go test ./sources -update)", name, err)
			continue
		}
		if !bytes.Equal(got, b) {
			t.Errorf("fixture %s differs from the generator (run go test ./sources -update)", name)
		}
	}
	if _, err := os.Stat(filepath.Join(fixtureDir, encrypted)); err != nil {
		t.Errorf("fixture %s: %v (run go test ./sources -update)", encrypted, err)
	}
}
