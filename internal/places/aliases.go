package places

// countryAliases are the other names sheets give countries: short forms,
// and the names in the languages of the exports the readers take (German,
// French, Spanish, Italian, Dutch, Portuguese, Polish, Nordic).
var countryAliases = map[string][]string{
	"US": {"USA", "U.S.", "U.S.A.", "US", "United States of America", "America", "Vereinigte Staaten", "États-Unis", "Estados Unidos", "Stati Uniti", "Verenigde Staten", "Stany Zjednoczone"},
	"GB": {"UK", "U.K.", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland", "Vereinigtes Königreich", "Großbritannien", "Royaume-Uni", "Reino Unido", "Regno Unito", "Verenigd Koninkrijk", "Wielka Brytania", "Storbritannien"},
	"DE": {"Deutschland", "Allemagne", "Alemania", "Germania", "Duitsland", "Alemanha", "Niemcy", "Tyskland", "Saksa"},
	"AT": {"Österreich", "Autriche", "Oostenrijk", "Áustria", "Austria"},
	"CH": {"Schweiz", "Suisse", "Svizzera", "Suiza", "Zwitserland", "Suíça", "Szwajcaria", "Sveits"},
	"FR": {"Frankreich", "Francia", "Frankrijk", "França", "Francja", "Frankrike", "Frankrig"},
	"ES": {"España", "Spanien", "Espagne", "Spagna", "Spanje", "Espanha", "Hiszpania"},
	"IT": {"Italien", "Italie", "Italia", "Italië", "Itália", "Włochy"},
	"NL": {"Nederland", "Niederlande", "Pays-Bas", "Países Bajos", "Paesi Bassi", "Holland", "The Netherlands", "Holandia"},
	"BE": {"Belgien", "Belgique", "België", "Bélgica", "Belgio"},
	"PT": {"Portugal", "Portogallo", "Portugalia"},
	"PL": {"Polen", "Pologne", "Polonia", "Polska", "Polônia"},
	"SE": {"Sverige", "Schweden", "Suède", "Suecia", "Svezia", "Zweden", "Szwecja", "Ruotsi"},
	"NO": {"Norge", "Norwegen", "Norvège", "Noruega", "Norvegia", "Noorwegen", "Norwegia", "Noreg"},
	"DK": {"Danmark", "Dänemark", "Danemark", "Dinamarca", "Danimarca", "Denemarken", "Dania"},
	"FI": {"Suomi", "Finnland", "Finlande", "Finlandia", "Finland"},
	"BR": {"Brasil", "Brasilien", "Brésil", "Brasile"},
	"MX": {"México", "Mexiko", "Mexique", "Messico"},
	"TR": {"Turkey", "Türkei", "Turquie", "Turquía", "Turchia", "Turkije", "Turcja", "Turkiet"},
	"CZ": {"Czech Republic", "Tschechien", "République tchèque", "Česko", "Czechy"},
	"IE": {"Irland", "Irlande", "Irlanda", "Ierland"},
	"GR": {"Griechenland", "Grèce", "Grecia", "Griekenland"},
	"RU": {"Russland", "Russie", "Rusia", "Russian Federation"},
	"CN": {"China", "Chine", "Cina", "PRC", "People's Republic of China"},
	"JP": {"Japan", "Japon", "Japón", "Giappone"},
	"KR": {"Korea", "Republic of Korea", "Südkorea", "Corée du Sud", "Corea del Sur"},
	"IN": {"Indien", "Inde", "India"},
	"AE": {"UAE", "U.A.E.", "Emirates", "Vereinigte Arabische Emirate", "Émirats arabes unis"},
	"SA": {"KSA", "Saudi-Arabien", "Arabie saoudite", "Arabia Saudita"},
	"ZA": {"Südafrika", "Afrique du Sud", "Sudáfrica", "RSA"},
	"CI": {"Côte d'Ivoire", "Cote d'Ivoire"},
	"CV": {"Cape Verde"},
	"CD": {"DRC", "DR Congo", "Congo-Kinshasa"},
	"CG": {"Congo", "Congo-Brazzaville"},
	"MK": {"Macedonia"},
	"SZ": {"Swaziland"},
	"TL": {"Timor-Leste"},
	"VA": {"Holy See"},
	"MM": {"Burma"},
	"HU": {"Ungarn", "Hongrie", "Hungría", "Ungheria", "Węgry"},
	"RO": {"Rumänien", "Roumanie", "Rumania", "Romania"},
	"UA": {"Ukraine", "Ucrania", "Ucraina", "Ukraina"},
	"AU": {"Australien", "Australie"},
	"CA": {"Kanada", "Canadá"},
	"AR": {"Argentinien", "Argentine"},
	"CO": {"Kolumbien", "Colombie"},
	"CL": {"Chili"},
	"PE": {"Perú", "Pérou"},
	"EG": {"Ägypten", "Égypte", "Egipto", "Egitto"},
	"MA": {"Marokko", "Maroc", "Marruecos", "Marocco"},
	"NG": {"Nigéria"},
	"SG": {"Singapur", "Singapour"},
	"NZ": {"Neuseeland", "Nouvelle-Zélande", "Nueva Zelanda", "Aotearoa"},
}

// cityAliases are other names people write for a city of the gazetteer
// that GeoNames' alternate names (data/altnames.tsv.gz) do not give it:
// abbreviations, a name newer than the data (Gurugram), and English names
// that a smaller place bears as its own (Geneva, Illinois; Pekin,
// Illinois; Kochi, Japan), which an alternate name never takes from it
// but by which most sheets mean the city. The key is the city's name in
// the gazetteer; each alias names its largest place of that name.
var cityAliases = map[string][]string{
	"New York City": {"NYC"}, "Mexico City": {"CDMX"}, "Ho Chi Minh City": {"HCMC"}, "Gurgaon": {"Gurugram"},
	"Genève": {"Geneva"}, "Saint Petersburg": {"St. Petersburg"}, "Beijing": {"Pékin"},
	"Guangzhou": {"Canton"}, "Cochin": {"Kochi"}, "Luimneach": {"Limerick"},
}
