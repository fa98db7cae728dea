package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFillColumns: the columns a run may fill are recognised by header in
// the exports users enrich (HubSpot, Salesforce, Pipedrive, Apollo,
// LinkedIn Sales Navigator, Xing) and the languages of their offices: each
// field once, an e-mail or phone column by its words (work, personal,
// mobile), the company's web address never taken for its name.
func TestFillColumns(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header string
		row    string
		want   string // field=header(work), in FillFields order
		id     string // the record id's header
	}{
		{"HubSpot", "Record ID,First Name,Last Name,Email,Phone Number,Mobile Phone Number,Job Title,Company Name,City,Country/Region,LinkedIn URL",
			"501,Ana,Lima,,,,,Acme,Lisbon,Portugal,https://www.linkedin.com/in/ana-lima",
			"email=Email phone=Phone Number mobile=Mobile Phone Number title=Job Title company=Company Name city=City country=Country/Region linkedin=LinkedIn URL first_name=First Name last_name=Last Name", "Record ID"},
		{"Salesforce", "Id,FirstName,LastName,Title,Company,Email,Phone,MobilePhone,City,Country",
			"00Q5,Ana,Lima,CTO,Acme,ana@acme.example,+351 21 000 0000,,Lisbon,Portugal",
			"email=Email phone=Phone mobile=MobilePhone title=Title company=Company city=City country=Country first_name=FirstName last_name=LastName", "Id"},
		{"Apollo", "First Name,Last Name,Title,Company,Company Website,Email,Mobile Phone,Corporate Phone,Person Linkedin Url,City,Country",
			"Ana,Lima,CTO,Acme,acme.example,ana@acme.example,,,,Lisbon,Portugal",
			"email=Email phone=Corporate Phone(work) mobile=Mobile Phone title=Title company=Company city=City country=Country linkedin=Person Linkedin Url first_name=First Name last_name=Last Name", ""},
		{"work and personal", "Name,Company,Work Email,Personal Email,Business Phone",
			"Ana Lima,Acme,,,",
			"email=Work Email(work) personal_email=Personal Email phone=Business Phone(work) company=Company full_name=Name", ""},
		{"Pipedrive", "Person - ID,Person - Name,Person - Organization,Person - Job title,Person - Email - Work,Person - Email - Home,Person - Phone - Work,Person - Phone - Mobile",
			"7,Ana Lima,Acme,,,,,",
			"email=Person - Email - Work(work) personal_email=Person - Email - Home phone=Person - Phone - Work(work) mobile=Person - Phone - Mobile title=Person - Job title company=Person - Organization full_name=Person - Name", "Person - ID"},
		{"Sales Navigator", "First Name,Last Name,Title,Company,Location,LinkedIn Profile URL,Headline",
			"Ana,Lima,CTO,Acme,\"Lisbon, Portugal\",https://www.linkedin.com/in/ana-lima,Builds things",
			"title=Title company=Company location=Location linkedin=LinkedIn Profile URL first_name=First Name last_name=Last Name headline=Headline", ""},
		{"German", "Vorname,Nachname,E-Mail,Telefon,Mobil,Position,Firma,Stadt,Land",
			"Jörg,Bauer,,,,,Novavale,Berlin,Deutschland",
			"email=E-Mail phone=Telefon mobile=Mobil title=Position company=Firma city=Stadt country=Land first_name=Vorname last_name=Nachname", ""},
		{"French", "Prénom,Nom,E-mail,Téléphone,Portable,Fonction,Société,Ville,Pays",
			"Marie,Dubois,,,,,Acme,Lyon,France",
			"email=E-mail phone=Téléphone mobile=Portable title=Fonction company=Société city=Ville country=Pays first_name=Prénom last_name=Nom", ""},
		{"Spanish", "Nombre,Apellidos,Correo electrónico,Teléfono,Móvil,Cargo,Empresa,Ciudad,País",
			"Ana,García,,,,,Acme,Madrid,España",
			"email=Correo electrónico phone=Teléfono mobile=Móvil title=Cargo company=Empresa city=Ciudad country=País first_name=Nombre last_name=Apellidos", ""},
		{"Italian", "Nome,Cognome,Email,Telefono,Cellulare,Ruolo,Azienda,Città,Paese",
			"Luca,Rossi,,,,,Acme,Roma,Italia",
			"email=Email phone=Telefono mobile=Cellulare title=Ruolo company=Azienda city=Città country=Paese first_name=Nome last_name=Cognome", ""},
		{"Portuguese", "Nome,Sobrenome,E-mail,Telefone,Celular,Cargo,Empresa,Cidade,País",
			"Ana,Lima,,,,,Acme,Lisboa,Portugal",
			"email=E-mail phone=Telefone mobile=Celular title=Cargo company=Empresa city=Cidade country=País first_name=Nome last_name=Sobrenome", ""},
		{"Dutch", "Voornaam,Achternaam,E-mailadres,Telefoonnummer,Mobiel,Functie,Bedrijf,Plaats,Land",
			"Jan,Jansen,,,,,Acme,Utrecht,Nederland",
			"email=E-mailadres phone=Telefoonnummer mobile=Mobiel title=Functie company=Bedrijf city=Plaats country=Land first_name=Voornaam last_name=Achternaam", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "in.csv")
			if err := os.WriteFile(path, []byte(tc.header+"\n"+tc.row+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			tab, err := Open(path, Options{DefaultRegion: "US"})
			if err != nil {
				t.Fatal(err)
			}
			defer tab.Close()
			cols, err := tab.FillColumns(nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range cols {
				s := string(c.Field) + "=" + c.Header
				if c.Work {
					s += "(work)"
				}
				got = append(got, s)
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("fill columns\n got %s\nwant %s", g, tc.want)
			}
			id, err := tab.RecordIDColumn("")
			switch {
			case err != nil:
				t.Fatal(err)
			case tc.id == "" && id >= 0:
				t.Errorf("record id column %q, want none", tab.Layout().Header[id])
			case tc.id != "" && (id < 0 || tab.Layout().Header[id] != tc.id):
				t.Errorf("record id column %d, want %q", id, tc.id)
			}
		})
	}
}
