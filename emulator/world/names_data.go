package world

// cultureSpecs are the naming traditions the world draws names from. A
// culture's given and family names belong together: a person's name is
// drawn from one culture, so a culture never mixes peoples whose names
// do not go together (Nigeria has three, Yoruba, Igbo and Hausa, and
// shares none of them with Ghana). A country with several cultures lists
// each with its share of the country's people (see cultureSpec.countries);
// a country no culture lists gets English names.
//
// Each list is space-separated. An entry is "Native" for Latin-script
// cultures or "Native:Roman" for the others, where Roman is the usual
// Latin spelling (the one a profile in Latin script, a slug or an e-mail
// would use). A slash separates the masculine and feminine forms of a
// surname that has both ("Kowalski/Kowalska", "Иванов/Иванова:Ivanov/Ivanova").
// An underscore stands for a space inside one name ("van_den_Berg").
var cultureSpecs = []cultureSpec{
	// The Americas, Western and Central Europe.
	{code: "en", script: ScriptLatin, hyphenated: 8,
		countries: "US GB AU NZ IE JM TT BS BB GI IM JE GG BM KY CA:75 ZA:22",
		male: "James John Robert Michael William David Richard Joseph Thomas Christopher Daniel Matthew " +
			"Anthony Mark Andrew Joshua Kevin Brian Ryan Jacob Ethan Liam Noah Oliver Benjamin Samuel " +
			"Nathan Tyler Aaron Patrick Sean Connor Dylan Zachary Logan Owen",
		female: "Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Emily Emma " +
			"Olivia Sophia Ashley Amanda Megan Hannah Rachel Lauren Chloe Grace Abigail Madison Zoë " +
			"Natalie Victoria Rebecca Hayley Charlotte Amelia Siobhán Renée Claire",
		last: "Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin " +
			"Jackson Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill " +
			"Green Adams Baker Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans " +
			"Edwards Collins Stewart Morris Murphy Cook Rogers O'Brien O'Connor McDonald Kelly Hughes " +
			"Bennett Brooks Foster Hayes Reed Sullivan"},
	{code: "qc", script: ScriptLatin, givenFrom: "fr", hyphenated: 15, // French Canada: Quebec's own family names, not France's
		countries: "CA:25",
		male: "Jean Marc Luc Stéphane Martin Éric Simon Mathieu Alexandre Samuel Gabriel Olivier Félix " +
			"William Louis Philippe François Sébastien Maxime Jonathan Vincent Patrick Guillaume Benoît",
		female: "Marie Julie Isabelle Nathalie Geneviève Mélanie Catherine Valérie Marie-Ève Annie Caroline " +
			"Chantal Josée Sophie Émilie Audrey Maude Camille Léa Florence Rosalie Karine",
		last: "Tremblay Gagnon Roy Côté Bouchard Gauthier Morin Lavoie Fortin Gagné Ouellet Pelletier " +
			"Bélanger Lévesque Bergeron Leblanc Paquette Girard Simard Boucher Caron Beaulieu Cloutier " +
			"Dubé Poirier Lapointe Leclerc Lefebvre Poulin Thibault St-Pierre Nadeau Landry Desjardins"},
	{code: "es", script: ScriptLatin, doubleSurname: 35, hyphenated: 5,
		countries: "ES MX AR CO CL PE VE EC GT CU BO DO HN PY SV NI CR PA UY PR GQ AD",
		male: "José Juan Carlos Luis Javier Miguel Alejandro Diego Andrés Fernando Jorge Pablo Sergio Raúl " +
			"Manuel Francisco Antonio Ángel Rubén Iván Gonzalo Martín Tomás Joaquín Nicolás Óscar",
		female: "María Carmen Ana Laura Lucía Sofía Isabel Marta Elena Paula Valentina Camila Daniela " +
			"Gabriela Andrea Beatriz Cristina Inés Pilar Rocío Mónica Natalia Verónica Ximena Alejandra",
		last: "García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz " +
			"Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez " +
			"Ramos Gil Ramírez Serrano Blanco Castro Ortiz Rubio Morales Delgado Ortega Suárez Herrera " +
			"Medina Castillo Vargas Rojas Flores Peña Núñez"},
	{code: "pt", script: ScriptLatin, doubleSurname: 30, particles: "da:300:ilva,osta,ocha,unha,ota,onseca,ruz,uz,onceição,ama,ora " +
		"de:250:ousa,ouza,liveira,lmeida,ndrade,astro,orais,esus,ssis,raújo,elo,breu,iveira,edeiros,arros,ampos",
		countries: "BR PT AO MZ CV GW ST TL LU:20",
		male: "João Pedro Lucas Gabriel Mateus Rafael Gustavo Felipe Bruno Thiago André Rodrigo Tiago " +
			"Ricardo Marcelo Luís Vinícius Leonardo Eduardo Caio Henrique Otávio Fábio",
		female: "Ana Maria Juliana Fernanda Beatriz Mariana Larissa Camila Letícia Patrícia Carolina Luana " +
			"Bárbara Inês Joana Rita Débora Vitória Natália Cecília Raquel Tânia Amanda",
		last: "Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro " +
			"Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Araújo " +
			"Moreira Cardoso Teixeira Correia Mendes Conceição Gonçalves Magalhães"},
	{code: "fr", script: ScriptLatin, hyphenated: 10,
		countries: "FR MC RE GP MQ GF NC PF SC BE:42 LU:35 CH:25 MU:30",
		male: "Jean Pierre Michel Philippe Nicolas Julien Thomas Antoine Mathieu Olivier Sébastien François " +
			"Laurent Guillaume Maxime Alexandre Hugo Théo Lucas Clément Jérôme Benoît Loïc Rémi Cédric Étienne",
		female: "Marie Sophie Camille Julie Isabelle Nathalie Céline Claire Émilie Léa Manon Chloé Sandrine " +
			"Aurélie Élodie Amélie Hélène Inès Margaux Océane Anaïs Gaëlle Mélanie Noémie",
		last: "Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre " +
			"Michel Garcia David Bertrand Roux Vincent Fournier Morel Girard André Mercier Dupont Lambert " +
			"Bonnet Rousseau Blanc Guérin Chevalier Fontaine Rivière Ménard Prévost Carré Noël Benoît"},
	{code: "ht", script: ScriptLatin, givenFrom: "fr", // Haiti
		countries: "HT",
		male: "Jean Pierre Marc Joseph Jacques Frantz Wesner Reginald Kervens Wilner Ricardo Stanley " +
			"Jimmy Emmanuel Junior Jean-Robert Fritz Ronald Guerby Wilfrid",
		female: "Marie Rose Nadège Guerline Widline Fabienne Judith Nathalie Darline Mirlande Roseline " +
			"Esther Mireille Sherline Guerda Medjine Stéphanie",
		last: "Jean-Baptiste Pierre Joseph Louis Charles Jean Saint-Louis Augustin Étienne Cadet Alexis " +
			"Toussaint Dorsainvil Désir Fleurant Jean-Louis Paul Philippe Célestin Michel Baptiste Noël " +
			"Bélizaire Exantus Dorvil Thélusma Jean-Pierre Lafontant Desrosiers"},
	{code: "de", script: ScriptLatin, hyphenated: 20,
		countries: "DE AT LI CH:65 LU:45",
		male: "Lukas Jonas Felix Maximilian Leon Paul Jan Tobias Florian Sebastian Stefan Michael Andreas " +
			"Thomas Markus Christian Matthias Jürgen Uwe Dieter Björn Jörg Sven Tim Niklas Moritz",
		female: "Anna Lena Laura Julia Lea Sarah Katharina Sophie Hannah Johanna Sabine Claudia Petra Nicole " +
			"Stefanie Anja Jana Miriam Käthe Mareike Franziska Carolin Theresa Jördis",
		last: "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch " +
			"Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann " +
			"Lange Schmitt Werner Krause Meier Lehmann Köhler Groß Weiß Jäger Böhm"},
	{code: "it", script: ScriptLatin,
		countries: "IT SM VA CH:10",
		male: "Marco Giuseppe Giovanni Francesco Luca Alessandro Andrea Matteo Lorenzo Davide Stefano " +
			"Simone Federico Riccardo Paolo Roberto Niccolò Gabriele Fabio Massimo Emanuele Tommaso",
		female: "Giulia Francesca Chiara Sara Martina Valentina Alessia Elisa Federica Silvia Elena Laura " +
			"Paola Anna Beatrice Ilaria Roberta Noemi Aurora Benedetta",
		last: "Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti " +
			"De_Luca Mancini Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani " +
			"Rinaldi Caruso Ferrara Galli Martini Leone D'Angelo De_Santis Fabbri"},
	{code: "mt", script: ScriptLatin, // Malta
		countries: "MT",
		male: "Joseph John Mario Carmel Luke Matthew Jean Mark Daniel Nicholas Kurt Clayton Karl Andrea " +
			"Neil Ryan Jesmond Raymond",
		female: "Maria Rita Josephine Doris Claire Sarah Nicole Francesca Michela Elaine Marisa Rebecca " +
			"Julia Kristina Graziella Charlene",
		last: "Borg Camilleri Vella Farrugia Zammit Galea Micallef Grech Attard Spiteri Azzopardi Mizzi " +
			"Debono Cassar Pace Agius Caruana Sammut Schembri Fenech Cutajar Abela Muscat Bonello"},
	{code: "nl", script: ScriptLatin, particles: "van:80:en,dijk,berg,beek,dam,veen,wijk,hoven,hout,burg,horst,kamp,loo,donk,veld,huis,hof,bosch,weg,straten " +
		"de:60:er,man,ink,ing,jong,wit,wilde,groot,vries,haan,boer,bruin,lange,vos,kok,klerk,graaf van_der:50:en,meer,linden,plas,heijden,velde,wal,zee,laan,sluis,burg " +
		"van_den:30:en,berg,bosch,broek,heuvel,hoek,akker,dool,brink,eynde van_de:15:en,kamp,ven,weg,pol,wetering",
		countries: "NL SR AW CW",
		male: "Daan Sem Lucas Levi Thijs Jesse Bram Ruben Lars Pieter Jeroen Maarten Bas Sander Joost " +
			"Wouter Niels Stijn Koen Teun",
		female: "Emma Sophie Julia Anna Lotte Eva Fleur Sanne Lisa Femke Anouk Iris Marloes Noor Esmée " +
			"Chloë Maud Ilse",
		last: "de_Jong Jansen de_Vries van_den_Berg van_Dijk Bakker Janssen Visser Smit Meijer de_Boer " +
			"Mulder de_Groot Bos Vos Peters Hendriks van_Leeuwen Dekker Brouwer de_Wit Dijkstra Smits " +
			"de_Graaf van_der_Meer van_der_Linden Kok Jacobs de_Haan Vermeulen"},
	{code: "vls", script: ScriptLatin, givenFrom: "nl", lastFrom: "nl", // Flanders: Flemish family names differ from the Netherlands'
		countries: "BE:58",
		male: "Jan Pieter Tom Bart Koen Wim Dirk Jeroen Stijn Thomas Lucas Arne Wout Jens Kobe Joris " +
			"Pieterjan Kristof Steven Geert",
		female: "Sofie Els An Katrien Lien Marie Emma Lotte Ellen Nele Sarah Elke Griet Eline Julie Lore " +
			"Hanne Fien Ine Veerle",
		last: "Peeters Janssens Maes Jacobs Mertens Willems Claes Goossens Wouters De_Smet Vermeulen " +
			"Pauwels Hermans Aerts Michiels Verstraete Van_Damme De_Clercq Lambrechts Coppens Martens " +
			"Smets Vandenberghe Verhoeven De_Backer Van_de_Velde Cools Verbeke Claeys"},
	{code: "pl", script: ScriptLatin,
		countries: "PL",
		male: "Piotr Krzysztof Andrzej Tomasz Paweł Michał Marcin Łukasz Jakub Grzegorz Mateusz Kamil " +
			"Wojciech Maciej Rafał Adam Bartosz Szymon Przemysław Dawid",
		female: "Anna Katarzyna Małgorzata Agnieszka Barbara Ewa Magdalena Joanna Aleksandra Monika Zofia " +
			"Karolina Natalia Agata Justyna Dorota Żaneta Paulina Weronika Gabriela",
		last: "Nowak Kowalski/Kowalska Wiśniewski/Wiśniewska Wójcik Kowalczyk Kamiński/Kamińska " +
			"Lewandowski/Lewandowska Zieliński/Zielińska Szymański/Szymańska Woźniak Dąbrowski/Dąbrowska " +
			"Kozłowski/Kozłowska Jankowski/Jankowska Mazur Kwiatkowski/Kwiatkowska Krawczyk " +
			"Piotrowski/Piotrowska Grabowski/Grabowska Pawłowski/Pawłowska Michalski/Michalska Król " +
			"Wieczorek Jabłoński/Jabłońska Wróbel Stępień Jaworski/Jaworska Malinowski/Malinowska"},
	{code: "cs", script: ScriptLatin,
		countries: "CZ",
		male: "Jan Petr Jiří Pavel Martin Tomáš Jakub Josef Lukáš Ondřej Michal David Vojtěch Miroslav " +
			"Radek Zdeněk",
		female: "Jana Eva Hana Anna Lenka Kateřina Lucie Petra Veronika Tereza Markéta Michaela Zuzana " +
			"Barbora Klára Šárka",
		last: "Novák/Nováková Svoboda/Svobodová Novotný/Novotná Dvořák/Dvořáková Černý/Černá " +
			"Procházka/Procházková Kučera/Kučerová Veselý/Veselá Horák/Horáková Němec/Němcová " +
			"Marek/Marková Pospíšil/Pospíšilová Pokorný/Pokorná Hájek/Hájková Král/Králová " +
			"Jelínek/Jelínková Růžička/Růžičková Beneš/Benešová"},
	{code: "sk", script: ScriptLatin,
		countries: "SK",
		male: "Peter Ján Martin Michal Jozef Tomáš Lukáš Marek Juraj Ľubomír Milan Róbert Dominik Matej " +
			"Filip Samuel Štefan Pavol",
		female: "Mária Zuzana Jana Katarína Lucia Martina Veronika Ivana Monika Simona Eva Barbora Petra " +
			"Michaela Andrea Dominika Lenka Silvia",
		last: "Horváth/Horváthová Kováč/Kováčová Varga/Vargová Tóth/Tóthová Nagy/Nagyová Baláž/Balážová " +
			"Molnár/Molnárová Lukáč/Lukáčová Novák/Nováková Polák/Poláková Kollár/Kollárová " +
			"Oravec/Oravcová Kováčik/Kováčiková Hudák/Hudáková Šimko/Šimková Gregor/Gregorová " +
			"Tomko/Tomková Mráz/Mrázová Kuruc/Kurucová Kráľ/Kráľová"},
	{code: "hu", script: ScriptLatin,
		countries: "HU",
		male: "László István József János Zoltán Sándor Gábor Ferenc Attila Péter Tamás Balázs Dávid " +
			"Ádám Bence Márton Gergő Levente",
		female: "Mária Erzsébet Katalin Ilona Éva Anna Zsuzsanna Judit Ágnes Andrea Eszter Krisztina " +
			"Réka Zsófia Dóra Nóra Boglárka Lilla",
		last: "Nagy Kovács Tóth Szabó Horváth Varga Kiss Molnár Németh Farkas Balogh Papp Takács Juhász " +
			"Lakatos Mészáros Oláh Simon Rácz Fekete Szűcs Török"},
	{code: "ro", script: ScriptLatin,
		countries: "RO MD:85",
		male: "Andrei Alexandru Mihai Ionuț Ștefan Gabriel Florin Cristian Adrian Bogdan Marius Răzvan " +
			"Vlad Dragoș Radu Sorin",
		female: "Maria Elena Ioana Andreea Alexandra Cristina Mihaela Ana Raluca Gabriela Diana Oana " +
			"Roxana Irina Alina Simona Bianca Larisa",
		last: "Popescu Ionescu Popa Pop Radu Dumitru Stan Stoica Gheorghe Matei Ciobanu Rusu Munteanu " +
			"Constantin Moldovan Marin Lungu Dinu Barbu Tănase Vasilescu Florea Nistor Mureșan Șerban Diaconu"},
	{code: "hr", script: ScriptLatin,
		countries: "HR BA:18",
		male: "Ivan Marko Luka Petar Tomislav Josip Ante Nikola Stjepan Dario Goran Željko Matej Filip " +
			"Domagoj Krešimir Hrvoje Mario Zvonimir Ivica",
		female: "Ana Marija Ivana Petra Maja Martina Lucija Katarina Nikolina Mirjana Tea Dora Željka " +
			"Snježana Vesna Kristina Ivona Josipa Antonija",
		last: "Horvat Kovačević Babić Marić Jurić Novak Kovačić Knežević Vuković Marković Matić Tomić " +
			"Pavlović Božić Blažević Grgić Perić Šarić Radić Lončar Pavić Vidović Perković Barišić Kovač " +
			"Bošnjak Jukić Galić Brkić Mandić"},
	{code: "sl", script: ScriptLatin, // Slovenia
		countries: "SI",
		male: "Luka Marko Matej Jure Rok Žiga Anže Nejc Gregor Janez Andrej Boštjan Primož Matjaž Aleš " +
			"Tadej Uroš Tomaž",
		female: "Maja Eva Nina Ana Sara Špela Urška Tina Petra Mojca Katja Tjaša Nika Barbara Mateja " +
			"Polona Lara Alenka",
		last: "Novak Horvat Kovačič Krajnc Zupančič Potočnik Kovač Mlakar Kos Vidmar Golob Turk Kralj " +
			"Božič Korošec Zupan Bizjak Hribar Kotnik Kavčič Rozman Kastelic Oblak Žagar Petek Kolar"},
	{code: "bs", script: ScriptLatin, // Bosniaks
		countries: "BA:50",
		male: "Emir Amar Adnan Haris Mirza Armin Kenan Tarik Nedim Edin Samir Senad Almir Elvir Dženan " +
			"Faruk Jasmin Adis Benjamin Harun",
		female: "Amra Lejla Amina Selma Emina Azra Sabina Ajla Merima Alma Dženana Edina Aida Lamija " +
			"Belma Medina Nejla Šejla",
		last: "Hodžić Begović Hadžić Delić Mehmedović Hasanović Husić Omerović Salihović Ibrahimović Alić " +
			"Muminović Halilović Smajić Čaušević Bešić Osmanović Mujić Karić Softić Zukić Suljić " +
			"Ahmetović Kovačević Mešić Džeko"},
	{code: "sq", script: ScriptLatin, // Albanians of Albania, Kosovo and North Macedonia
		countries: "AL XK MK:30",
		male: "Arben Besnik Driton Ilir Fatmir Artan Gentian Erion Flamur Blerim Valon Arbër Agron " +
			"Klodian Ermal Edon Dritan Albert Bledar Elvis Endrit Florian",
		female: "Arta Blerta Fatjona Teuta Drita Vjosa Albana Elira Mimoza Anila Valbona Besa Dafina Rina " +
			"Era Jonida Ermira Fjolla Kaltrina Arlinda",
		last: "Hoxha Shehu Krasniqi Gashi Berisha Morina Kelmendi Shala Bytyqi Hasani Ahmeti Rama Leka " +
			"Dervishi Kola Gjoka Çela Lika Marku Prifti Dushku Mustafa Rexhepi Osmani Zeqiri Hyseni Basha " +
			"Kastrati"},
	{code: "nordic", script: ScriptLatin, givenFrom: "no da", // Swedish
		countries: "SE AX FI:6",
		male: "Lars Anders Erik Johan Mikael Björn Henrik Magnus Nils Jonas Mats Olof Oskar Axel Emil " +
			"Gustav Karl Per Fredrik Daniel Viktor Linus Hugo",
		female: "Anna Maria Karin Eva Ingrid Kristina Sofia Sara Elin Ida Emma Maja Linnéa Åsa Malin Lena " +
			"Johanna Frida Elsa Ebba Sanna Matilda Cecilia",
		last: "Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson " +
			"Pettersson Jonsson Lindqvist Lindström Bergström Lindberg Lindgren Axelsson Berg Åberg Holm " +
			"Sandberg Lundqvist Engström Forsberg Sjöberg Nyström Wallin Hedlund"},
	{code: "no", script: ScriptLatin, givenFrom: "nordic da", lastFrom: "da",
		countries: "NO",
		male: "Ole Lars Jan Per Bjørn Knut Arne Geir Hans Morten Espen Kristian Anders Jonas Sindre Magnus " +
			"Håkon Sander Mathias Erik Thomas Henrik Eirik Øyvind",
		female: "Anne Inger Kari Marit Ingrid Liv Eva Hilde Silje Ida Ingeborg Nora Emma Sara Marte Kristin " +
			"Tonje Camilla Ragnhild Sigrid Maren Solveig",
		last: "Hansen Johansen Olsen Larsen Andersen Pedersen Nilsen Kristiansen Jensen Karlsen Johnsen " +
			"Pettersen Eriksen Berg Haugen Hagen Johannessen Andreassen Jacobsen Dahl Jørgensen Halvorsen " +
			"Henriksen Lund Sørensen Moen Gundersen Iversen Strand Solberg Bakken Lie " +
			"Eide Ruud Holm Aas Sæther Martinsen Knutsen Lunde Moe Berge Nygård Solheim Amundsen " +
			"Fredriksen Tangen Vik Eliassen Myhre Rønning Aune Hauge Sandvik Brekke Hove Mathisen Bøe " +
			"Thorsen Ødegård Sunde Fjeld Engen Nordby Lien Dale Hoel Helland Tveit Hammer Aasen Strøm " +
			"Næss Bjørnstad Kvam Haug Rustad Myklebust Vold Sandberg Grønli Løken Tveiten Haugland " +
			"Stene Rød Wold Aasland Berntsen Gulbrandsen Holmen Jakobsen Mikkelsen Nordli Bråten " +
			"Aasheim Lindseth Sletten Skaug"},
	{code: "da", script: ScriptLatin, givenFrom: "no nordic",
		countries: "DK FO GL",
		male: "Peter Jens Lars Søren Niels Michael Henrik Thomas Morten Jesper Anders Rasmus Mads Mikkel " +
			"Frederik Christian Martin Kasper Jakob Nikolaj Emil Magnus Oliver",
		female: "Anne Kirsten Mette Hanne Anna Helle Susanne Lene Maria Marianne Camilla Louise Pernille " +
			"Charlotte Sofie Line Ida Emma Freja Cecilie Signe Laura",
		last: "Nielsen Jensen Hansen Pedersen Andersen Christensen Larsen Sørensen Rasmussen Jørgensen " +
			"Petersen Madsen Kristensen Olsen Thomsen Christiansen Poulsen Johansen Møller Mortensen " +
			"Knudsen Jakobsen Mikkelsen Frederiksen Lauridsen"},
	{code: "fi", script: ScriptLatin,
		countries: "FI:94",
		male: "Juha Timo Matti Mikko Jari Kari Antti Jukka Markku Pekka Janne Ville Tuomas Sami Petri " +
			"Lauri Joonas Eero Aleksi Juho Ilkka Heikki Olli Väinö",
		female: "Maria Anna Tuula Päivi Anne Leena Sari Minna Kaisa Johanna Laura Riikka Katja Hanna " +
			"Liisa Tiina Anu Elina Emilia Aino Satu Marja Heidi Noora",
		last: "Korhonen Virtanen Mäkinen Nieminen Mäkelä Hämäläinen Laine Heikkinen Koskinen Järvinen " +
			"Lehtonen Lehtinen Saarinen Salminen Heinonen Niemi Heikkilä Kinnunen Salonen Turunen Salo " +
			"Laitinen Tuominen Rantanen Karjalainen Jokinen Mattila Savolainen Lahtinen Ahonen"},
	{code: "is", script: ScriptLatin, // Iceland: patronymics, -son for men and -dóttir for women
		countries: "IS",
		male: "Jón Sigurður Guðmundur Gunnar Ólafur Einar Kristján Magnús Stefán Jóhann Björn Arnar " +
			"Helgi Páll",
		female: "Guðrún Anna Kristín Sigríður Margrét Helga Sigrún Ingibjörg Jóhanna María Katrín Elín " +
			"Ásdís Hildur",
		last: "Jónsson/Jónsdóttir Sigurðsson/Sigurðardóttir Guðmundsson/Guðmundsdóttir " +
			"Gunnarsson/Gunnarsdóttir Ólafsson/Ólafsdóttir Einarsson/Einarsdóttir " +
			"Kristjánsson/Kristjánsdóttir Magnússon/Magnúsdóttir Stefánsson/Stefánsdóttir " +
			"Jóhannsson/Jóhannsdóttir Björnsson/Björnsdóttir Helgason/Helgadóttir Pálsson/Pálsdóttir " +
			"Árnason/Árnadóttir"},
	{code: "et", script: ScriptLatin, // Estonians (Russian speakers are ru)
		countries: "EE:70",
		male: "Andres Martin Marko Rasmus Kristjan Mart Tanel Siim Priit Toomas Jaan Margus Indrek Raul " +
			"Kaspar Karl Sander Tõnis",
		female: "Kadri Kristi Triin Liis Maria Anna Kätlin Katrin Merike Tiina Piret Maarja Helen Eliise " +
			"Laura Kerli Pille Anneli",
		last: "Tamm Saar Sepp Mägi Kask Kukk Rebane Ilves Pärn Koppel Lepik Kuusk Karu Lill Kallas Kõiv " +
			"Mets Vaher Põder Raud Luik Ots Teder Kivi Oja Vares Järv"},
	{code: "baltic", script: ScriptLatin, // Lithuanian
		countries: "LT",
		male: "Tomas Mantas Lukas Darius Andrius Jonas Paulius Mindaugas Vytautas Tadas Marius Karolis " +
			"Rokas Dovydas Gediminas Linas Saulius Justinas Aurimas",
		female: "Rūta Greta Austėja Eglė Indrė Ieva Laura Agnė Gabija Jurgita Kristina Rasa Simona Vaida " +
			"Aistė Lina Giedrė Dovilė Ugnė",
		last: "Kazlauskas/Kazlauskienė Jankauskas/Jankauskienė Petrauskas/Petrauskienė " +
			"Stankevičius/Stankevičienė Vasiliauskas/Vasiliauskienė Žukauskas/Žukauskienė Butkus/Butkienė " +
			"Paulauskas/Paulauskienė Urbonas/Urbonienė Kavaliauskas/Kavaliauskienė Navickas/Navickienė " +
			"Ramanauskas/Ramanauskienė Savickas/Savickienė Rimkus/Rimkienė Baranauskas/Baranauskienė " +
			"Sakalauskas/Sakalauskienė"},
	{code: "lv", script: ScriptLatin, // Latvians (Russian speakers are ru)
		countries: "LV:70",
		male: "Jānis Andris Mārtiņš Kristaps Edgars Raimonds Māris Aigars Artūrs Roberts Kārlis Uldis " +
			"Gints Valdis Ēriks Toms Rihards Dāvis",
		female: "Līga Ilze Kristīne Inese Anna Dace Laura Ieva Zane Santa Sanita Inga Agnese Elīna Marta " +
			"Dita Baiba Linda",
		last: "Bērziņš/Bērziņa Kalniņš/Kalniņa Ozoliņš/Ozoliņa Jansons/Jansone Liepiņš/Liepiņa " +
			"Kļaviņš/Kļaviņa Krūmiņš/Krūmiņa Balodis/Balode Vītols/Vītola Zariņš/Zariņa Eglītis/Eglīte " +
			"Pētersons/Pētersone Vanags/Vanaga Kārkliņš/Kārkliņa Lapiņš/Lapiņa Grīnbergs/Grīnberga"},
	{code: "tr", script: ScriptLatin,
		countries: "TR",
		male: "Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim Murat Emre Burak Can Oğuz Gökhan Serkan " +
			"Kerem Barış Çağrı Onur Yusuf Tolga",
		female: "Ayşe Fatma Emine Hatice Zeynep Elif Merve Büşra Özge Esra Gizem Şeyma Cansu Ebru Derya " +
			"Selin Gülşen Çağla İrem Tuğba",
		last: "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç " +
			"Aslan Çetin Kara Koç Kurt Özkan Şimşek Polat Korkmaz Erdoğan Güneş Aksoy"},
	{code: "mk", script: ScriptCyrillic, // North Macedonia's Macedonians (its Albanians are sq)
		countries: "MK:70",
		male: "Александар:Aleksandar Никола:Nikola Стефан:Stefan Горан:Goran Дејан:Dejan Зоран:Zoran " +
			"Игор:Igor Марко:Marko Дарко:Darko Бојан:Bojan Влатко:Vlatko Филип:Filip Благоја:Blagoja " +
			"Димитар:Dimitar Петар:Petar Томе:Tome",
		female: "Марија:Marija Елена:Elena Ана:Ana Ивана:Ivana Билјана:Biljana Јасмина:Jasmina Сања:Sanja " +
			"Александра:Aleksandra Катерина:Katerina Симона:Simona Наташа:Natasha Михаела:Mihaela " +
			"Весна:Vesna Благица:Blagica",
		last: "Стојановски/Стојановска:Stojanovski/Stojanovska Петровски/Петровска:Petrovski/Petrovska " +
			"Николовски/Николовска:Nikolovski/Nikolovska Димитриевски/Димитриевска:Dimitrievski/Dimitrievska " +
			"Трајковски/Трајковска:Trajkovski/Trajkovska Ангеловски/Ангеловска:Angelovski/Angelovska " +
			"Јовановски/Јовановска:Jovanovski/Jovanovska Георгиевски/Георгиевска:Georgievski/Georgievska " +
			"Ристовски/Ристовска:Ristovski/Ristovska Костовски/Костовска:Kostovski/Kostovska " +
			"Стефановски/Стефановска:Stefanovski/Stefanovska Илиевски/Илиевска:Ilievski/Ilievska " +
			"Митревски/Митревска:Mitrevski/Mitrevska Наумовски/Наумовска:Naumovski/Naumovska " +
			"Спасовски/Спасовска:Spasovski/Spasovska"},
	{code: "kk", script: ScriptCyrillic, givenHead: 15, // Kazakhs and Kyrgyz (their Russians are ru): given names many, the commonest few carried by few
		countries: "KZ:70 KG:90",
		male: "Нұрлан:Nurlan Асқар:Askar Ерлан:Yerlan Қанат:Kanat Айбек:Aibek Бауыржан:Baurzhan " +
			"Ержан:Yerzhan Дәурен:Dauren Азамат:Azamat Жандос:Zhandos Арман:Arman Санжар:Sanzhar " +
			"Мұрат:Murat Данияр:Daniyar Ернар:Yernar Бақыт:Bakyt Алмас:Almas Талғат:Talgat " +
			"Қайрат:Kairat Серік:Serik Марат:Marat Ғалым:Galym Нұрсұлтан:Nursultan Айдос:Aidos " +
			"Бекзат:Bekzat Ерболат:Yerbolat Әлібек:Alibek Абай:Abai Арсен:Arsen Тимур:Timur " +
			"Рустем:Rustem Ілияс:Iliyas Олжас:Olzhas Самат:Samat Ақылбек:Akylbek",
		female: "Айгүл:Aigul Гүлнар:Gulnar Әсел:Assel Дана:Dana Айгерім:Aigerim Жанар:Zhanar Динара:Dinara " +
			"Салтанат:Saltanat Мадина:Madina Аружан:Aruzhan Гүлмира:Gulmira Жансая:Zhansaya " +
			"Ақмарал:Akmaral Аида:Aida Меруерт:Meruert Әйгерім:Aigerim " +
			"Гүлнара:Gulnara Айжан:Aizhan Гаухар:Gaukhar Камила:Kamila Томирис:Tomiris Індира:Indira " +
			"Ботагөз:Botagoz Жұлдыз:Zhuldyz Сәуле:Saule Мөлдір:Moldir Назерке:Nazerke Айдана:Aidana " +
			"Балжан:Balzhan Ләззат:Lazzat Ақбота:Akbota Анар:Anar Әлия:Aliya Дариға:Dariga",
		last: "Ахметов/Ахметова:Akhmetov/Akhmetova Омаров/Омарова:Omarov/Omarova " +
			"Абдрахманов/Абдрахманова:Abdrakhmanov/Abdrakhmanova Жұмабаев/Жұмабаева:Zhumabayev/Zhumabayeva " +
			"Сүлейменов/Сүлейменова:Suleimenov/Suleimenova Серікбаев/Серікбаева:Serikbayev/Serikbayeva " +
			"Ермеков/Ермекова:Yermekov/Yermekova Қасымов/Қасымова:Kassymov/Kassymova " +
			"Нұрпейісов/Нұрпейісова:Nurpeisov/Nurpeisova Ибраев/Ибраева:Ibrayev/Ibrayeva " +
			"Байжанов/Байжанова:Baizhanov/Baizhanova Мұқанов/Мұқанова:Mukanov/Mukanova " +
			"Оспанов/Оспанова:Ospanov/Ospanova Смағұлов/Смағұлова:Smagulov/Smagulova " +
			"Сәтбаев/Сәтбаева:Satbayev/Satbayeva Асанов/Асанова:Asanov/Asanova " +
			"Токтогулов/Токтогулова:Toktogulov/Toktogulova Осмонов/Осмонова:Osmonov/Osmonova"},
	{code: "mn", script: ScriptCyrillic, patronymic: 80, // Mongolia: a given name and the father's name
		countries: "MN",
		male: "Батбаяр:Batbayar Ганбаатар:Ganbaatar Бат-Эрдэнэ:Bat-Erdene Эрдэнэбат:Erdenebat " +
			"Тэмүүлэн:Temuulen Мөнхбат:Munkhbat Ганболд:Ganbold Энхбаяр:Enkhbayar Сүхбат:Sukhbat " +
			"Төмөрбаатар:Tumurbaatar Болд:Bold Баярсайхан:Bayarsaikhan Очирбат:Ochirbat Ганзориг:Ganzorig",
		female: "Оюунчимэг:Oyunchimeg Сарангэрэл:Sarangerel Энхжаргал:Enkhjargal Нарантуяа:Narantuya " +
			"Болормаа:Bolormaa Алтанцэцэг:Altantsetseg Номин:Nomin Анужин:Anujin Хулан:Khulan " +
			"Мөнхзул:Munkhzul Уянга:Uyanga Солонго:Solongo Одгэрэл:Odgerel Ариунаа:Ariunaa",
		last: "Батбаяр:Batbayar Ганбаатар:Ganbaatar Энхбаяр:Enkhbayar Пүрэвдорж:Purevdorj " +
			"Цэрэндорж:Tserendorj Дорж:Dorj Баатар:Baatar Очир:Ochir Жаргал:Jargal Сүхбаатар:Sukhbaatar " +
			"Лхагва:Lkhagva Нямдорж:Nyamdorj Гантулга:Gantulga Дашдорж:Dashdorj Батжаргал:Batjargal"},
	{code: "az", script: ScriptLatin, // Azerbaijan
		countries: "AZ",
		male: "Elvin Rəşad Orxan Tural Kamran Elçin Anar Rauf Nicat Ramin Elnur Fərid Murad Emil Samir " +
			"Vüsal Rövşən Əli Cavid Ruslan",
		female: "Aysel Günay Leyla Nigar Sevinc Aynur Günel Lalə Nərmin Samirə Kəmalə Sabina Aytən Fidan " +
			"Ülviyyə Könül Aygün Səbinə",
		last: "Məmmədov/Məmmədova Əliyev/Əliyeva Hüseynov/Hüseynova Həsənov/Həsənova Quliyev/Quliyeva " +
			"İsmayılov/İsmayılova Abbasov/Abbasova Rəhimov/Rəhimova Babayev/Babayeva Cəfərov/Cəfərova " +
			"Kərimov/Kərimova İbrahimov/İbrahimova Süleymanov/Süleymanova Orucov/Orucova Vəliyev/Vəliyeva " +
			"Nəsirov/Nəsirova Qasımov/Qasımova"},
	{code: "tk", script: ScriptLatin, // Turkmenistan
		countries: "TM",
		male: "Myrat Serdar Döwlet Merdan Batyr Rustam Maksat Arslan Baýram Guwanç Kerim Nury Atamyrat " +
			"Gurban Perhat Ahmet",
		female: "Aýna Jeren Maral Gülnara Bahar Aýgül Selbi Leýli Mähri Ogulbibi Enejan Jahan Näzik " +
			"Gözel",
		last: "Orazow/Orazowa Annaýew/Annaýewa Ataýew/Ataýewa Myradow/Myradowa Gurbanow/Gurbanowa " +
			"Hojaýew/Hojaýewa Rejepow/Rejepowa Amanow/Amanowa Berdiýew/Berdiýewa Saparow/Saparowa " +
			"Çaryýew/Çaryýewa Nurmuhammedow/Nurmuhammedowa Durdyýew/Durdyýewa Öwezow/Öwezowa"},
	{code: "uz", script: ScriptLatin, // Uzbeks and Tajiks share Persian and Arabic names and the -ov surname
		countries: "UZ TJ",
		male: "Aziz Dilshod Jasur Sardor Bekzod Rustam Sherzod Otabek Jamshid Farrukh Ulugbek Akmal Bobur " +
			"Sanjar Timur Nodir Shohruh Ravshan Firdavs Behruz",
		female: "Dilnoza Gulnora Nilufar Madina Malika Zarina Shahnoza Feruza Nodira Kamola Sevara Dildora " +
			"Gulnoza Mohira Umida Nigora Sabina Lola Manizha Tahmina",
		last: "Karimov/Karimova Rahimov/Rahimova Yusupov/Yusupova Abdullayev/Abdullayeva " +
			"Ismoilov/Ismoilova Nazarov/Nazarova Tursunov/Tursunova Rashidov/Rashidova Saidov/Saidova " +
			"Usmonov/Usmonova Mirzayev/Mirzayeva Sultanov/Sultanova Ergashev/Ergasheva Qodirov/Qodirova " +
			"Umarov/Umarova Sobirov/Sobirova Jo'rayev/Jo'rayeva Rahmonov/Rahmonova Safarov/Safarova " +
			"Sharipov/Sharipova"},
	{code: "ka", script: ScriptLatin, // Georgia
		countries: "GE",
		male: "Giorgi Davit Levan Nikoloz Irakli Zurab Giga Luka Lasha Aleksandre Otar Tornike Beka Sandro " +
			"Vakhtang Mamuka Gocha Revaz",
		female: "Nino Mariam Tamar Ana Natia Salome Eka Ketevan Khatia Sopho Maia Nana Tatia Elene Lika " +
			"Teona Nutsa Tamta",
		last: "Beridze Kapanadze Gelashvili Maisuradze Giorgadze Lomidze Tsiklauri Bolkvadze Kvaratskhelia " +
			"Nozadze Khutsishvili Abashidze Chikovani Jorjadze Tsereteli Gogoladze Mikeladze Janelidze " +
			"Kiknadze Shengelia Dolidze Gabunia Kharaishvili Tabatadze Gvenetadze"},
	{code: "hy", script: ScriptLatin, // Armenia
		countries: "AM",
		male: "Aram Armen Arman Davit Gor Hayk Narek Tigran Vahe Karen Hovhannes Arsen Artur Ashot Levon " +
			"Samvel Gevorg Vardan Arshak Mher",
		female: "Anna Ani Mariam Lilit Nare Armine Gohar Hasmik Anush Lusine Siranush Tatevik Nune Marine " +
			"Astghik Meri Sona Arpi Elen",
		last: "Grigoryan Sargsyan Harutyunyan Hovhannisyan Khachatryan Petrosyan Vardanyan Karapetyan " +
			"Gevorgyan Hakobyan Mkrtchyan Avetisyan Martirosyan Poghosyan Sahakyan Ghazaryan Manukyan " +
			"Avagyan Baghdasaryan Mikayelyan Stepanyan Simonyan Davtyan Galstyan"},
	{code: "ru", script: ScriptCyrillic,
		countries: "RU BY KZ:30 KG:10 EE:30 LV:30 MD:15",
		male: "Александр:Aleksandr Дмитрий:Dmitry Максим:Maxim Сергей:Sergey Андрей:Andrey Алексей:Alexey " +
			"Артём:Artem Илья:Ilya Кирилл:Kirill Михаил:Mikhail Никита:Nikita Иван:Ivan Евгений:Evgeny " +
			"Павел:Pavel Владимир:Vladimir Роман:Roman Олег:Oleg Николай:Nikolay Антон:Anton Денис:Denis",
		female: "Анна:Anna Мария:Maria Елена:Elena Ольга:Olga Наталья:Natalia Екатерина:Ekaterina " +
			"Татьяна:Tatiana Ирина:Irina Светлана:Svetlana Юлия:Yulia Анастасия:Anastasia Дарья:Daria " +
			"Ксения:Ksenia Полина:Polina Виктория:Victoria Алина:Alina Марина:Marina Софья:Sofia",
		last: "Иванов/Иванова:Ivanov/Ivanova Смирнов/Смирнова:Smirnov/Smirnova " +
			"Кузнецов/Кузнецова:Kuznetsov/Kuznetsova Попов/Попова:Popov/Popova " +
			"Васильев/Васильева:Vasiliev/Vasilieva Петров/Петрова:Petrov/Petrova " +
			"Соколов/Соколова:Sokolov/Sokolova Михайлов/Михайлова:Mikhailov/Mikhailova " +
			"Новиков/Новикова:Novikov/Novikova Фёдоров/Фёдорова:Fedorov/Fedorova " +
			"Морозов/Морозова:Morozov/Morozova Волков/Волкова:Volkov/Volkova " +
			"Алексеев/Алексеева:Alekseev/Alekseeva Лебедев/Лебедева:Lebedev/Lebedeva " +
			"Семёнов/Семёнова:Semenov/Semenova Егоров/Егорова:Egorov/Egorova Павлов/Павлова:Pavlov/Pavlova " +
			"Козлов/Козлова:Kozlov/Kozlova Степанов/Степанова:Stepanov/Stepanova " +
			"Николаев/Николаева:Nikolaev/Nikolaeva Орлов/Орлова:Orlov/Orlova Андреев/Андреева:Andreev/Andreeva " +
			"Макаров/Макарова:Makarov/Makarova Никитин/Никитина:Nikitin/Nikitina " +
			"Захаров/Захарова:Zakharov/Zakharova Соловьёв/Соловьёва:Solovyov/Solovyova " +
			"Белов/Белова:Belov/Belova Ковалевский/Ковалевская:Kovalevsky/Kovalevskaya"},
	{code: "uk", script: ScriptCyrillic,
		countries: "UA",
		male: "Олександр:Oleksandr Андрій:Andrii Дмитро:Dmytro Сергій:Serhii Микола:Mykola Іван:Ivan " +
			"Василь:Vasyl Юрій:Yurii Олег:Oleh Богдан:Bohdan Тарас:Taras Максим:Maksym Віталій:Vitalii " +
			"Ярослав:Yaroslav",
		female: "Олена:Olena Наталія:Nataliia Ірина:Iryna Тетяна:Tetiana Оксана:Oksana Юлія:Yuliia " +
			"Марія:Mariia Анна:Anna Катерина:Kateryna Світлана:Svitlana Вікторія:Viktoriia Галина:Halyna " +
			"Софія:Sofiia Дарина:Daryna",
		last: "Шевченко:Shevchenko Бондаренко:Bondarenko Коваленко:Kovalenko Ткаченко:Tkachenko " +
			"Кравченко:Kravchenko Олійник:Oliinyk Шевчук:Shevchuk Коваль:Koval Поліщук:Polishchuk " +
			"Бондар:Bondar Мельник:Melnyk Лисенко:Lysenko Мороз:Moroz Руденко:Rudenko Савченко:Savchenko " +
			"Петренко:Petrenko Марченко:Marchenko Клименко:Klymenko Павленко:Pavlenko Гончаренко:Honcharenko"},
	{code: "bg", script: ScriptCyrillic,
		countries: "BG",
		male: "Георги:Georgi Иван:Ivan Димитър:Dimitar Николай:Nikolay Петър:Petar Христо:Hristo " +
			"Стоян:Stoyan Тодор:Todor Александър:Aleksandar Мартин:Martin Владимир:Vladimir Калоян:Kaloyan",
		female: "Мария:Maria Иванка:Ivanka Елена:Elena Йорданка:Yordanka Десислава:Desislava Петя:Petya " +
			"Гергана:Gergana Николета:Nikoleta Виктория:Viktoria Цветелина:Tsvetelina Радостина:Radostina " +
			"Теодора:Teodora",
		last: "Иванов/Иванова:Ivanov/Ivanova Георгиев/Георгиева:Georgiev/Georgieva " +
			"Димитров/Димитрова:Dimitrov/Dimitrova Петров/Петрова:Petrov/Petrova " +
			"Николов/Николова:Nikolov/Nikolova Христов/Христова:Hristov/Hristova " +
			"Стоянов/Стоянова:Stoyanov/Stoyanova Тодоров/Тодорова:Todorov/Todorova " +
			"Илиев/Илиева:Iliev/Ilieva Атанасов/Атанасова:Atanasov/Atanasova " +
			"Ангелов/Ангелова:Angelov/Angelova Попов/Попова:Popov/Popova"},
	{code: "sr", script: ScriptCyrillic,
		countries: "RS ME BA:32",
		male: "Никола:Nikola Марко:Marko Стефан:Stefan Милош:Miloš Лазар:Lazar Душан:Dušan Немања:Nemanja " +
			"Александар:Aleksandar Драган:Dragan Зоран:Zoran Небојша:Nebojša Вук:Vuk",
		female: "Милица:Milica Јелена:Jelena Ана:Ana Марија:Marija Јована:Jovana Тамара:Tamara " +
			"Драгана:Dragana Софија:Sofija Катарина:Katarina Невена:Nevena Снежана:Snežana Бојана:Bojana",
		last: "Јовановић:Jovanović Петровић:Petrović Николић:Nikolić Марковић:Marković Ђорђевић:Đorđević " +
			"Стојановић:Stojanović Илић:Ilić Станковић:Stanković Павловић:Pavlović Милошевић:Milošević " +
			"Михајловић:Mihajlović Тодоровић:Todorović Ђурић:Đurić Стевановић:Stevanović"},
	{code: "el", script: ScriptGreek,
		countries: "GR CY",
		male: "Γιώργος:Giorgos Γιάννης:Giannis Κωνσταντίνος:Konstantinos Δημήτρης:Dimitris Νίκος:Nikos " +
			"Παναγιώτης:Panagiotis Χρήστος:Christos Βασίλης:Vasilis Αλέξανδρος:Alexandros " +
			"Μιχάλης:Michalis Σπύρος:Spyros Αθανάσιος:Athanasios Θανάσης:Thanasis Στέφανος:Stefanos",
		female: "Μαρία:Maria Ελένη:Eleni Αικατερίνη:Aikaterini Βασιλική:Vasiliki Σοφία:Sofia " +
			"Αναστασία:Anastasia Γεωργία:Georgia Δήμητρα:Dimitra Κωνσταντίνα:Konstantina " +
			"Χριστίνα:Christina Ευαγγελία:Evangelia Ιωάννα:Ioanna Δέσποινα:Despoina Αθηνά:Athina",
		last: "Παπαδόπουλος/Παπαδοπούλου:Papadopoulos/Papadopoulou Παπαδάκης/Παπαδάκη:Papadakis/Papadaki " +
			"Γεωργίου:Georgiou Οικονόμου:Oikonomou Παπανικολάου:Papanikolaou Βασιλείου:Vasileiou " +
			"Νικολάου:Nikolaou Κωνσταντίνου:Konstantinou Δημητρίου:Dimitriou Ιωάννου:Ioannou " +
			"Αλεξίου:Alexiou Μαυρίδης/Μαυρίδου:Mavridis/Mavridou Καραγιάννης/Καραγιάννη:Karagiannis/Karagianni " +
			"Αντωνίου:Antoniou Παππάς/Παππά:Pappas/Pappa Αθανασίου:Athanasiou"},
	{code: "ar", script: ScriptArabic, patronymic: 50,
		countries: "SA AE EG MA DZ TN JO LB IQ KW QA BH OM SY LY YE PS SD KM MR:70 IL:15",
		male: "محمد:Mohammed أحمد:Ahmed علي:Ali عمر:Omar خالد:Khalid يوسف:Youssef عبدالله:Abdullah " +
			"حسن:Hassan إبراهيم:Ibrahim مصطفى:Mostafa فهد:Fahad سعيد:Saeed طارق:Tariq كريم:Karim " +
			"ماجد:Majed وليد:Walid هشام:Hisham سامي:Sami " +
			"حمزة:Hamza زياد:Ziad عادل:Adel ناصر:Nasser فيصل:Faisal بلال:Bilal أنس:Anas ياسر:Yasser رامي:Rami نبيل:Nabil جمال:Jamal سلطان:Sultan تركي:Turki نايف:Nayef",
		female: "فاطمة:Fatima مريم:Maryam نور:Nour سارة:Sara ليلى:Layla عائشة:Aisha هدى:Huda ريم:Reem " +
			"دينا:Dina ياسمين:Yasmin سلمى:Salma رنا:Rana منى:Mona لينا:Lina هالة:Hala أمل:Amal " +
			"رانيا:Rania نادية:Nadia سمر:Samar غادة:Ghada هند:Hind دعاء:Doaa آية:Aya شيماء:Shaimaa نهى:Noha أسماء:Asmaa لبنى:Lubna جميلة:Jamila",
		last: "العتيبي:Al-Otaibi القحطاني:Al-Qahtani الشمري:Al-Shammari الحربي:Al-Harbi " +
			"الزهراني:Al-Zahrani المطيري:Al-Mutairi حسن:Hassan إبراهيم:Ibrahim محمود:Mahmoud " +
			"عبدالرحمن:Abdelrahman السيد:El-Sayed منصور:Mansour خليل:Khalil حداد:Haddad نصار:Nassar " +
			"سالم:Salem يوسف:Youssef الفاسي:El-Fassi بن_علي:Ben_Ali العلوي:Alaoui " +
			"الغامدي:Al-Ghamdi الدوسري:Al-Dossari العنزي:Al-Anazi المالكي:Al-Maliki الشهري:Al-Shehri الخطيب:Al-Khatib الشريف:El-Sherif عبدالعزيز:Abdelaziz مراد:Mourad حمدان:Hamdan صالح:Saleh عثمان:Othman بركات:Barakat درويش:Darwish النجار:Al-Najjar عطية:Attia فرج:Farag"},
	{code: "fa", script: ScriptArabic,
		countries: "IR AF",
		male: "محمد:Mohammad علی:Ali حسین:Hossein رضا:Reza مهدی:Mehdi امیر:Amir سعید:Saeed مجید:Majid " +
			"بهرام:Bahram آرش:Arash داریوش:Dariush کامران:Kamran",
		female: "فاطمه:Fatemeh زهرا:Zahra مریم:Maryam سارا:Sara نیلوفر:Niloufar شیرین:Shirin لیلا:Leila " +
			"پریسا:Parisa نازنین:Nazanin مهسا:Mahsa الهام:Elham ساناز:Sanaz",
		last: "محمدی:Mohammadi حسینی:Hosseini رضایی:Rezaei احمدی:Ahmadi کریمی:Karimi موسوی:Mousavi " +
			"جعفری:Jafari رحیمی:Rahimi صادقی:Sadeghi کاظمی:Kazemi نوری:Nouri تهرانی:Tehrani"},
	{code: "he", script: ScriptHebrew,
		countries: "IL:85",
		male: "יוסי:Yossi דוד:David משה:Moshe אברהם:Avraham יונתן:Yonatan איתי:Itai נועם:Noam עומר:Omer " +
			"אורי:Uri דניאל:Daniel אלון:Alon גיא:Guy רון:Ron עידו:Ido אריאל:Ariel " +
			"יוסף:Yosef יעקב:Yaakov יצחק:Yitzhak שמואל:Shmuel עמית:Amit תומר:Tomer יובל:Yuval אייל:Eyal " +
			"אסף:Asaf גל:Gal שי:Shai רועי:Roee ניר:Nir ליאור:Lior אבי:Avi חיים:Haim מיכאל:Michael " +
			"אליהו:Eliyahu בנימין:Binyamin נתן:Natan עוז:Oz יואב:Yoav ערן:Eran דור:Dor אופיר:Ofir " +
			"צחי:Tzachi אלעד:Elad עמרי:Omri רן:Ran ברק:Barak שחר:Shahar אוהד:Ohad עדי:Adi ירון:Yaron " +
			"אמיר:Amir זיו:Ziv מתן:Matan אלי:Eli שלמה:Shlomo ישראל:Yisrael",
		female: "נועה:Noa מיכל:Michal שירה:Shira תמר:Tamar רותם:Rotem מאיה:Maya יעל:Yael אורית:Orit " +
			"הילה:Hila ליאת:Liat שני:Shani דנה:Dana רחל:Rachel אביגיל:Avigail " +
			"שרה:Sara לאה:Leah רבקה:Rivka מרים:Miriam ענבל:Inbal רוני:Roni סיגל:Sigal אפרת:Efrat " +
			"עדי:Adi טל:Tal נטע:Neta הדס:Hadas אסתר:Ester חנה:Hana גלית:Galit לימור:Limor מורן:Moran " +
			"אילנה:Ilana אורלי:Orly שלומית:Shlomit קרן:Keren ליהי:Lihi יערה:Yaara אלה:Ella אביטל:Avital " +
			"הדר:Hadar נגה:Noga ספיר:Sapir אורטל:Ortal מירב:Merav דפנה:Dafna רונית:Ronit יפעת:Yifat " +
			"עינת:Einat שרית:Sarit",
		last: "כהן:Cohen לוי:Levi מזרחי:Mizrahi פרץ:Peretz ביטון:Biton דהן:Dahan אברהם:Avraham " +
			"פרידמן:Friedman שפירא:Shapira גולדברג:Goldberg אזולאי:Azoulay מלכה:Malka כץ:Katz ברק:Barak " +
			"רוזנברג:Rosenberg " +
			"גבאי:Gabay אוחיון:Ohayon חדד:Hadad לוין:Levin טל:Tal קליין:Klein חן:Chen חזן:Hazan " +
			"אשכנזי:Ashkenazi אוחנה:Ohana סגל:Segal גולן:Golan יוסף:Yosef עמר:Amar שלום:Shalom " +
			"אלון:Alon ויס:Weiss שוורץ:Schwartz הורוביץ:Horowitz ברגר:Berger גרוס:Gross לנדאו:Landau " +
			"קפלן:Kaplan רבינוביץ:Rabinovich אלמוג:Almog שמעוני:Shimoni נחום:Nahum עזרא:Ezra " +
			"ששון:Sasson אלוני:Aloni שרון:Sharon גרינברג:Greenberg וולף:Wolf אדלר:Adler אורן:Oren " +
			"כרמי:Carmi שגיא:Sagi יונה:Yona בכר:Bachar מימון:Maimon אסולין:Assulin סויסה:Suissa " +
			"אלבז:Elbaz בוזגלו:Bouzaglo אמסלם:Amsalem טייב:Taieb נגר:Nagar שטרן:Stern פלדמן:Feldman " +
			"לרנר:Lerner רוזן:Rosen אבוטבול:Abutbul מלמד:Melamed צור:Tzur שחר:Shahar נוי:Noy " +
			"הלוי:Halevi פרלמן:Perlman זהבי:Zehavi ברקוביץ:Berkovich גורדון:Gordon קורן:Koren " +
			"חביב:Haviv עטיה:Attia יהודה:Yehuda בן_חיים:Ben-Haim בן_שושן:Ben-Shushan אהרון:Aharon " +
			"דיין:Dayan גרשון:Gershon מנחם:Menahem נחמיאס:Nahmias עובדיה:Ovadia"},
	// South Asia. India's cultures follow its regions, whose family names
	// do not mix (an Iyer is Tamil, a Banerjee Bengali, a Patel Gujarati);
	// its Muslims share their names with Pakistan's.
	{code: "hi", script: ScriptDevanagari, // the Hindi-speaking north
		countries: "IN:40 MU:55",
		male: "राहुल:Rahul अमित:Amit राजेश:Rajesh सुनील:Sunil विकास:Vikas अनिल:Anil संजय:Sanjay " +
			"रोहित:Rohit अर्जुन:Arjun विजय:Vijay आदित्य:Aditya प्रशांत:Prashant मनोज:Manoj दीपक:Deepak " +
			"नितिन:Nitin अभिषेक:Abhishek सौरभ:Saurabh करण:Karan अंकित:Ankit गौरव:Gaurav आशीष:Ashish " +
			"विवेक:Vivek पंकज:Pankaj " +
			"सचिन:Sachin राकेश:Rakesh सुरेश:Suresh रमेश:Ramesh महेश:Mahesh अजय:Ajay अरुण:Arun नवीन:Naveen हर्ष:Harsh मोहित:Mohit सुमित:Sumit अनुराग:Anurag कुणाल:Kunal वरुण:Varun तरुण:Tarun हिमांशु:Himanshu शुभम:Shubham यश:Yash आकाश:Akash अमन:Aman रवि:Ravi मनीष:Manish राघव:Raghav ऋषभ:Rishabh",
		female: "प्रिया:Priya अंजलि:Anjali पूजा:Pooja नेहा:Neha सुनीता:Sunita कविता:Kavita दीपिका:Deepika " +
			"स्नेहा:Sneha श्रुति:Shruti आरती:Aarti रिया:Riya मीरा:Meera ऐश्वर्या:Aishwarya सीमा:Seema " +
			"पल्लवी:Pallavi दिव्या:Divya स्वाति:Swati श्वेता:Shweta निधि:Nidhi रितु:Ritu प्रीति:Preeti " +
			"अनीता:Anita सोनिया:Sonia रश्मि:Rashmi नीतू:Neetu ज्योति:Jyoti मोनिका:Monika प्रियंका:Priyanka रुचि:Ruchi शिल्पा:Shilpa वंदना:Vandana ममता:Mamta आकांक्षा:Akanksha तन्वी:Tanvi इशिता:Ishita साक्षी:Sakshi अदिति:Aditi नंदिनी:Nandini कोमल:Komal भावना:Bhavna",
		last: "शर्मा:Sharma वर्मा:Verma गुप्ता:Gupta सिंह:Singh कुमार:Kumar जोशी:Joshi मेहता:Mehta " +
			"अग्रवाल:Agarwal यादव:Yadav मिश्रा:Mishra चौधरी:Chaudhary कपूर:Kapoor मल्होत्रा:Malhotra " +
			"जैन:Jain पांडे:Pandey तिवारी:Tiwari श्रीवास्तव:Srivastava सक्सेना:Saxena सिन्हा:Sinha " +
			"दुबे:Dubey त्रिपाठी:Tripathi चौहान:Chauhan अरोड़ा:Arora खन्ना:Khanna बंसल:Bansal " +
			"रस्तोगी:Rastogi भारद्वाज:Bhardwaj शुक्ला:Shukla द्विवेदी:Dwivedi चतुर्वेदी:Chaturvedi त्यागी:Tyagi राठौर:Rathore तोमर:Tomar भाटिया:Bhatia सेठी:Sethi आहूजा:Ahuja गोयल:Goyal मित्तल:Mittal सिंघल:Singhal गर्ग:Garg बत्रा:Batra चावला:Chawla माथुर:Mathur निगम:Nigam वाजपेयी:Vajpayee अवस्थी:Awasthi रावत:Rawat बिष्ट:Bisht नेगी:Negi ठाकुर:Thakur सूद:Sood ग्रोवर:Grover"},
	{code: "mr", script: ScriptLatin, // Maharashtra
		countries: "IN:8",
		male: "Amit Nikhil Sachin Rohan Sagar Pratik Tushar Omkar Mayur Prasad Swapnil Aniket Vishal " +
			"Akshay Sandeep Yogesh Ganesh Mahesh",
		female: "Pooja Snehal Sayali Ketaki Prachi Shraddha Ashwini Komal Rutuja Ankita Priyanka Madhuri " +
			"Sonali Vaishali Manasi Aditi Gauri Tejaswini",
		last: "Kulkarni Deshpande Patil Jadhav Pawar Shinde More Gaikwad Deshmukh Joshi Kadam Sawant " +
			"Chavan Kale Bhosale Gokhale Apte Phadke Salunkhe Mane Wagh Thakur Naik Bapat"},
	{code: "gu", script: ScriptLatin, // Gujarat
		countries: "IN:6",
		male: "Hardik Chirag Jigar Parth Dhaval Nilesh Ketan Bhavesh Harsh Kunal Mehul Nirav Rakesh " +
			"Jignesh Alpesh Darshan Pratik Ronak",
		female: "Hetal Krupa Dhara Nidhi Bhumi Mansi Khushbu Riddhi Komal Payal Nisha Avani Jinal Foram " +
			"Dimple Mitali Pooja Urvi",
		last: "Patel Shah Desai Mehta Parikh Modi Trivedi Bhatt Gandhi Pandya Thakkar Vyas Dave Joshi " +
			"Amin Chokshi Kothari Soni Panchal Parmar Rathod Solanki Doshi Sheth"},
	{code: "bn", script: ScriptLatin, // Bengali Hindus of West Bengal and Bangladesh
		countries: "IN:8 BD:8",
		male: "Sourav Arijit Debashis Subhajit Abhijit Anirban Soumya Rahul Sandip Partha Tanmoy Arnab " +
			"Sayan Indranil Kaushik Rajdeep Suman Amitava",
		female: "Ananya Riya Priyanka Moumita Sreya Payel Sudeshna Tania Rituparna Debjani Sharmistha " +
			"Poulami Soma Mitali Ishita Sanchita Tanushree",
		last: "Banerjee Chatterjee Mukherjee Das Ghosh Bose Sen Roy Dutta Chakraborty Bhattacharya " +
			"Sarkar Saha Mondal Paul Majumdar Ganguly Biswas Pal Dey Basu Mitra Guha Sengupta"},
	{code: "ta", script: ScriptLatin, patronymic: 50, // Tamils of India, Sri Lanka, Singapore and Malaysia: many carry their father's given name as a family name
		countries: "IN:9 LK:18 SG:11 MY:12",
		male: "Karthik Senthil Vignesh Arun Ganesh Saravanan Murugan Prakash Balaji Ramesh Suresh Vijay " +
			"Dinesh Manikandan Sathish Sivakumar Aravind Gokul Prabhu",
		female: "Lakshmi Priya Divya Kavitha Meena Revathi Sangeetha Keerthana Deepa Anitha Gayathri " +
			"Nithya Saranya Vidhya Janani Shanthi Malathi Abirami",
		last: "Krishnan Subramanian Raman Srinivasan Venkatesan Rajan Murugan Selvaraj Natarajan " +
			"Balasubramaniam Ramasamy Chandrasekaran Sundaram Kannan Arumugam Iyer Iyengar Pillai " +
			"Shanmugam Palanisamy Raghavan Gopal Sivakumar Rajendran"},
	{code: "te", script: ScriptLatin, // Andhra Pradesh and Telangana
		countries: "IN:9",
		male: "Srinivas Venkat Ramesh Suresh Sai Naveen Praveen Ravi Kiran Srikanth Harish Chaitanya " +
			"Mahesh Raghu Anil Sandeep Vamsi Pavan Rajesh Sravan",
		female: "Lakshmi Swathi Sravani Divya Sirisha Bhavani Anusha Sowjanya Madhavi Haritha Keerthi " +
			"Lavanya Sravya Padma Sailaja Mounika Sindhu",
		last: "Reddy Rao Naidu Chowdary Raju Varma Goud Prasad Murthy Kumar Babu Yadav Setty Gupta " +
			"Vemula Nayudu Sastry Somayajulu Pothula Kondapalli Bandi Gaddam"},
	{code: "ml", script: ScriptLatin, // Kerala
		countries: "IN:5",
		male: "Arun Anoop Vishnu Rahul Jithin Sreejith Nikhil Ajith Sanjay Vineeth Manoj Rajeev Anish " +
			"Sajan Joseph Thomas Jacob Abraham George Mathew",
		female: "Anjali Aswathy Lakshmi Sreelakshmi Divya Reshma Neethu Ancy Athira Parvathy Mariya Sneha " +
			"Anu Remya Sruthi Jincy Sini",
		last: "Nair Menon Pillai Kurup Nambiar Varghese Thomas Joseph Kurian Mathew George Jacob Abraham " +
			"Philip Chacko Panicker Warrier Krishnan Gopinath Unnikrishnan Ravindran Kumar"},
	{code: "kn", script: ScriptLatin, // Karnataka
		countries: "IN:5",
		male: "Prashanth Manjunath Raghavendra Shivakumar Nagaraj Mahesh Santosh Girish Vinay Sunil " +
			"Harsha Pavan Chethan Darshan Kiran Naveen Sandeep Ravi",
		female: "Shwetha Pallavi Kavya Rashmi Deepika Sahana Spoorthi Bhavya Divya Nandini Roopa Shilpa " +
			"Akshata Shruthi Anusha Ramya",
		last: "Gowda Shetty Hegde Bhat Rao Kulkarni Patil Naik Kamath Shenoy Pai Prabhu Acharya Murthy " +
			"Swamy Nayak Kumar Prasad Hiremath Joshi Desai"},
	{code: "southasia", script: ScriptLatin, // Pakistan, and India's Muslims
		countries: "PK IN:10 MU:15",
		male: "Muhammad Ahmed Ali Hassan Hussain Usman Bilal Imran Faisal Asif Tariq Kamran Zain Hamza " +
			"Saad Umar Fahad Waqas Adnan Junaid Shahzad Zeeshan Salman Danish " +
			"Abdullah Ahsan Ammar Arslan Asad Atif Awais Ayaz Babar Faizan Farhan Haris Haseeb Irfan Jawad Kashif Khurram Mohsin Mudassar Naveed Nabeel Noman Obaid Owais Qasim Rizwan Sajid Sami Shahid Shoaib Sohail Talha Uzair Waleed Yasir Zubair Naeem Nadeem Rashid Sohaib Hammad Ahmad Abrar Mubashir Muneeb Raheel Saqib Sarmad Tahir",
		female: "Fatima Ayesha Sana Hina Maryam Amna Zainab Nadia Saima Rabia Mahnoor Iqra Sadia Aiman " +
			"Hira Mehwish Komal Sidra Anum Rida " +
			"Aqsa Areeba Asma Bushra Erum Faiza Farah Ghazala Huma Javeria Kiran Laiba Madiha Maham Maira Mariam Mehreen Misbah Nida Noor Rimsha Saba Sabahat Saira Samina Sania Shazia Sobia Sumbal Tahira Tayyaba Uzma Yusra Zara Zoya Hafsa Alina Anam Bisma Fiza Hamna Mahrukh Nimra Rubab Sehrish",
		last: "Khan Ahmed Ali Hussain Malik Sheikh Qureshi Chaudhry Butt Siddiqui Raza Shah Iqbal Akhtar " +
			"Mirza Abbasi Javed Ansari Awan Rana Hashmi Bhatti Baig Khalid Aslam " +
			"Abbas Afridi Anwar Arain Baloch Cheema Dar Durrani Farooq Gill Gondal Haider Jatoi Jutt Kazmi Khattak Latif Lodhi Mahmood Memon Mir Mughal Naqvi Nawaz Niazi Rashid Rehman Rizvi Saeed Shaikh Soomro Tariq Warraich Yousaf Zaidi Bukhari Gilani Janjua Khokhar Minhas Paracha Satti Tiwana Virk Yousafzai Bangash Chohan Kayani"},
	{code: "bd", script: ScriptLatin, // Bangladesh's Muslims
		countries: "BD:92",
		male: "Rafiqul Shahidul Mahmudul Aminul Mizanur Habibur Tanvir Rakib Sakib Nayeem Shafiqul Arif " +
			"Kamrul Rezaul Ashraful Mehedi Fahim Imran Sabbir Nazmul " +
			"Abdul Abdullah Anisur Arifur Asif Ataur Delwar Faruk Golam Hasan Jahangir Jamal Kamal Kawsar Khairul Mamun Masud Mominul Monir Mostafizur Nasir Nurul Obaidul Rafi Rashed Riad Rubel Saiful Sajjad Shahin Shakil Shamim Sharif Sohel Sumon Tareq Tarikul Touhid Zahid Ziaul Abir Anik Emon Hridoy Jubayer Mahfuz Rasel Shuvo",
		female: "Nusrat Tasnim Farzana Sumaiya Sharmin Nasrin Taslima Sadia Farhana Jannatul Mahmuda " +
			"Rumana Afroza Nazia Tahmina Lamia Tanjila Shirin " +
			"Afsana Ayesha Bilkis Dilruba Fahmida Fatema Hasina Ishrat Jesmin Khadija Lipi Marium Moushumi Munni Nahid Nasima Nila Parvin Popy Rabeya Razia Rehana Rokeya Roksana Salma Selina Shahana Shahnaz Shamima Shapla Sumi Tania Umme Yasmin Shanta Mim Sraboni Tasnuva Nabila Raisa Anika Samia",
		last: "Islam Rahman Hossain Ahmed Chowdhury Uddin/Akter Haque Alam Miah/Khatun Sarkar Khan " +
			"Talukder Bhuiyan Sikder Kabir Hasan Karim Molla Mahmud Mondal Sheikh Biswas Sultana " +
			"Akand Ali Ansari Awal Bepari Chakladar Dewan Faruque Gazi Hawlader Howlader Jaman Kazi Khandaker Majumder Matubbar Mazumder Mollah Munshi Mridha Patwary Pramanik Rabbani Rana Reza Sardar Shah Shikder Siddique Sobhan Talukdar Zaman Mustafa Hoque Huq Siraj Parvez Ferdous Mamun Rashid Kamal"},
	{code: "si", script: ScriptLatin, // Sri Lanka's Sinhalese
		countries: "LK:82",
		male: "Nuwan Chaminda Kasun Tharindu Dinesh Lahiru Chathura Sampath Pradeep Ruwan Saman Nimal " +
			"Asanka Dilshan Isuru Kavinda Sanjaya Thilina " +
			"Kamal Sunil Ajith Mahinda Nalin Janaka Kusal Prasanna Ranjith Sanath Upul Wasantha Harsha " +
			"Dimuth Chamara Dhanushka Gayan Hasitha Indika Jayantha Kanishka Madushan Roshan Sandun " +
			"Buddhika Chanaka Damith Eranga Heshan Kalana Lakshan Malith Nipun Pasindu Ravindu Sahan " +
			"Thisara Vimukthi",
		female: "Nadeesha Dilini Sanduni Chamari Nilmini Ishara Kumari Hasini Tharushi Dinusha Sachini " +
			"Shanika Anusha Upeksha Nimasha Madushani " +
			"Nadeeka Dilani Chathurika Nirosha Anoma Dilrukshi Kaushalya Madhavi Nayomi Piumi Rashmi " +
			"Thilini Waruni Yashodha Gayani Imesha Nimesha Sewwandi Dinithi Oshadi Hiruni Kavindya " +
			"Amaya Buddhini Dulanjali Hansika Iresha Lakmini Malsha Nethmi Poornima Sajini",
		last: "Perera Fernando de_Silva Silva Jayasinghe Bandara Wickramasinghe Dissanayake Gunawardena " +
			"Rajapaksa Ranasinghe Herath Jayawardena Senanayake Kumara Rathnayake Weerasinghe Wijesinghe " +
			"Karunaratne Samarasinghe Gunasekara Liyanage Amarasinghe Mendis " +
			"Ekanayake Gamage Hettiarachchi Abeysekera Munasinghe Pathirana Wijeratne Jayasuriya " +
			"Premadasa Kodikara Edirisinghe Peiris Cooray Rodrigo Dias Jayakody Nanayakkara Siriwardena " +
			"Tennakoon Wanigasekara Weerakoon Abeyratne Alwis Dharmasena Galappaththi Hewage Jayalath " +
			"Karunanayake Kulatunga Lokuge Mahanama Pushpakumara Samaraweera Udugama Vithanage " +
			"Wickremaratne Yapa Attanayake Bopage Chandrasekara Dassanayake Gunaratne Hemachandra " +
			"Illangakoon Jayaweera Kariyawasam Lansakara Marasinghe Nawaratne Obeysekera Palihawadana " +
			"Rupasinghe Sumanasekara Thennakoon Upulwan Wijayawardena"},
	{code: "ne", script: ScriptDevanagari, // Nepal
		countries: "NP",
		male: "सुमन:Suman विकास:Bikash रमेश:Ramesh संजय:Sanjay प्रकाश:Prakash राजेश:Rajesh सागर:Sagar " +
			"विवेक:Bibek नवीन:Nabin अनिश:Anish सुजन:Sujan रोशन:Roshan किरण:Kiran दिपेश:Dipesh " +
			"सन्तोष:Santosh विशाल:Bishal प्रविन:Prabin निरज:Niraj",
		female: "सीता:Sita गीता:Gita सुनिता:Sunita अनिता:Anita सरिता:Sarita पूजा:Pooja सबिना:Sabina " +
			"सृजना:Srijana अस्मिता:Asmita सुष्मा:Sushma निशा:Nisha रोजिना:Rojina मनिषा:Manisha " +
			"बिमला:Bimala सम्झना:Samjhana",
		last: "श्रेष्ठ:Shrestha थापा:Thapa गुरुङ:Gurung तामाङ:Tamang अधिकारी:Adhikari शर्मा:Sharma " +
			"कार्की:Karki राई:Rai मगर:Magar महर्जन:Maharjan पौडेल:Poudel भट्टराई:Bhattarai खड्का:Khadka " +
			"कोइराला:Koirala बस्नेत:Basnet शाही:Shahi पाण्डे:Pandey लामा:Lama जोशी:Joshi आचार्य:Acharya"},
	{code: "dz", script: ScriptLatin, // Bhutan: two given names, the second used as a family name
		countries: "BT",
		male:      "Tshering Sonam Karma Pema Dorji Kinley Ugyen Jigme Tashi Ngawang Sangay Kuenga",
		female:    "Tshering Pema Sonam Dechen Kinley Yangchen Choki Deki Tashi Karma Sangay Namgay",
		last: "Dorji/Wangmo Wangchuk/Choden Penjor/Lhamo Tenzin/Zangmo Namgyel/Dema Gyeltshen/Yangzom " +
			"Norbu/Pelden Phuntsho/Dolma Tobgay/Bidha Rinzin/Yuden"},
	{code: "dv", script: ScriptLatin, patronymic: 60, // the Maldives: many carry their father's given name as a family name
		countries: "MV",
		male:      "Ahmed Mohamed Ibrahim Hassan Ali Hussain Abdulla Moosa Ismail Shifau Naseem Shareef Ahusan",
		female: "Aishath Fathimath Mariyam Aminath Hawwa Khadheeja Shifa Nasreena Zeenath Mausooma " +
			"Shaheema Raheema",
		last: "Mohamed Ahmed Ibrahim Hassan Ali Abdulla Shareef Rasheed Naseem Waheed Saeed Shakeel " +
			"Latheef Manik Didi Zahir"},
	{code: "zh", script: ScriptHan, familyFirst: true, noSpace: true,
		givenHead: 10, singleParts: 30,
		maleParts: "伟:Wei 强:Qiang 磊:Lei 军:Jun 洋:Yang 勇:Yong 杰:Jie 涛:Tao 明:Ming 超:Chao 浩:Hao 然:Ran 子:Zi 轩:Xuan " +
			"俊:Jun 建:Jian 华:Hua 志:Zhi 文:Wen 博:Bo 宇:Yu 航:Hang 嘉:Jia 豪:Hao 鹏:Peng 辉:Hui 斌:Bin 鑫:Xin " +
			"峰:Feng 亮:Liang 刚:Gang 平:Ping 国:Guo 东:Dong 海:Hai 晨:Chen 天:Tian 泽:Ze 睿:Rui 凯:Kai 宏:Hong " +
			"成:Cheng 健:Jian 毅:Yi 飞:Fei 龙:Long 永:Yong 金:Jin",
		femaleParts: "芳:Fang 娜:Na 敏:Min 静:Jing 丽:Li 艳:Yan 婷:Ting 雪:Xue 慧:Hui 欣:Xin 怡:Yi 梓:Zi 涵:Han 雨:Yu 桐:Tong " +
			"佳:Jia 晓:Xiao 燕:Yan 美:Mei 玲:Ling 淑:Shu 芬:Fen 思:Si 琪:Qi 秀:Xiu 英:Ying 霞:Xia 红:Hong 梅:Mei " +
			"兰:Lan 颖:Ying 洁:Jie 琳:Lin 璐:Lu 晶:Jing 月:Yue 春:Chun 萍:Ping 莉:Li 悦:Yue 可:Ke 馨:Xin 宁:Ning " +
			"倩:Qian 蕾:Lei 薇:Wei 瑶:Yao 诗:Shi 彤:Tong",
		countries: "CN",
		male: "伟:Wei 强:Qiang 磊:Lei 军:Jun 洋:Yang 勇:Yong 杰:Jie 涛:Tao 明:Ming 超:Chao 浩然:Haoran " +
			"子轩:Zixuan 俊杰:Junjie 建华:Jianhua 志强:Zhiqiang 文博:Wenbo 宇航:Yuhang 嘉豪:Jiahao",
		female: "芳:Fang 娜:Na 敏:Min 静:Jing 丽:Li 艳:Yan 婷:Ting 雪:Xue 慧:Hui 欣怡:Xinyi 梓涵:Zihan " +
			"雨桐:Yutong 佳怡:Jiayi 晓燕:Xiaoyan 美玲:Meiling 淑芬:Shufen 思琪:Siqi",
		last: "王:Wang 李:Li 张:Zhang 刘:Liu 陈:Chen 杨:Yang 黄:Huang 赵:Zhao 吴:Wu 周:Zhou 徐:Xu 孙:Sun " +
			"马:Ma 朱:Zhu 胡:Hu 郭:Guo 何:He 林:Lin 罗:Luo 高:Gao 梁:Liang 郑:Zheng " +
			"谢:Xie 宋:Song 唐:Tang 许:Xu 韩:Han 冯:Feng 邓:Deng 曹:Cao 彭:Peng 曾:Zeng 肖:Xiao 田:Tian 董:Dong " +
			"袁:Yuan 潘:Pan 于:Yu 蒋:Jiang 蔡:Cai 余:Yu 杜:Du 叶:Ye 程:Cheng 苏:Su 魏:Wei 吕:Lü 丁:Ding 任:Ren 沈:Shen " +
			"姚:Yao 卢:Lu 姜:Jiang 崔:Cui 钟:Zhong 谭:Tan 陆:Lu 汪:Wang 范:Fan 金:Jin 石:Shi 廖:Liao 贾:Jia 夏:Xia " +
			"韦:Wei 付:Fu 方:Fang 白:Bai 邹:Zou 孟:Meng 熊:Xiong 秦:Qin 邱:Qiu 江:Jiang 尹:Yin 薛:Xue 闫:Yan 段:Duan " +
			"雷:Lei 侯:Hou 龙:Long 史:Shi 陶:Tao 黎:Li 贺:He 顾:Gu 毛:Mao 郝:Hao 龚:Gong 邵:Shao 万:Wan 钱:Qian 严:Yan " +
			"覃:Qin 武:Wu 戴:Dai 莫:Mo 孔:Kong 向:Xiang 汤:Tang"},
	{code: "ja", script: ScriptJapanese, familyFirst: true,
		countries: "JP",
		male: "翔太:Shota 大輔:Daisuke 健太:Kenta 拓也:Takuya 直樹:Naoki 翔:Sho 蓮:Ren 陽斗:Haruto " +
			"悠真:Yuma 大樹:Daiki 誠:Makoto 浩二:Koji 隆:Takashi 健一:Kenichi 和也:Kazuya 亮:Ryo",
		female: "陽菜:Hina 結衣:Yui 美咲:Misaki さくら:Sakura 愛:Ai 葵:Aoi 彩:Aya 優子:Yuko 恵子:Keiko " +
			"由美:Yumi 真由美:Mayumi 奈々:Nana 美穂:Miho 麻衣:Mai 千尋:Chihiro 花子:Hanako",
		last: "佐藤:Sato 鈴木:Suzuki 高橋:Takahashi 田中:Tanaka 伊藤:Ito 渡辺:Watanabe 山本:Yamamoto " +
			"中村:Nakamura 小林:Kobayashi 加藤:Kato 吉田:Yoshida 山田:Yamada 佐々木:Sasaki 山口:Yamaguchi " +
			"松本:Matsumoto 井上:Inoue 木村:Kimura 林:Hayashi 清水:Shimizu 斎藤:Saito"},
	{code: "ko", script: ScriptHangul, familyFirst: true, noSpace: true,
		givenHead: 10, singleParts: 2,
		maleParts: "민:Min 준:Jun 서:Seo 도:Do 윤:Yun 예:Ye 시:Si 우:Woo 하:Ha 지:Ji 호:Ho 현:Hyun 성:Sung 동:Dong 재:Jae " +
			"원:Won 영:Young 상:Sang 훈:Hoon 진:Jin 석:Seok 태:Tae 승:Seung 형:Hyung 정:Jung 혁:Hyuk 수:Su 철:Chul " +
			"경:Kyung 용:Yong",
		femaleParts: "서:Seo 연:Yeon 윤:Yun 지:Ji 우:Woo 하:Ha 은:Eun 민:Min 수:Su 빈:Bin 예:Ye 혜:Hye 진:Jin 현:Hyun 유:Yu " +
			"미:Mi 영:Young 소:So 희:Hee 경:Kyung 선:Sun 정:Jung 아:A 나:Na 다:Da 채:Chae 주:Ju 원:Won 보:Bo 란:Ran",
		countries: "KR KP",
		male: "민준:Minjun 서준:Seojun 도윤:Doyun 예준:Yejun 시우:Siwoo 하준:Hajun 지호:Jiho 준서:Junseo " +
			"현우:Hyunwoo 성민:Sungmin 동현:Donghyun 재원:Jaewon 영호:Youngho 상훈:Sanghoon 진우:Jinwoo",
		female: "서연:Seoyeon 서윤:Seoyun 지우:Jiwoo 하은:Haeun 민서:Minseo 지민:Jimin 수빈:Subin 예은:Yeeun " +
			"은지:Eunji 혜진:Hyejin 지현:Jihyun 유진:Yujin 수진:Sujin 미영:Miyoung 소영:Soyoung",
		last: "김:Kim 이:Lee 박:Park 최:Choi 정:Jung 강:Kang 조:Cho 윤:Yoon 장:Jang 임:Lim 한:Han 오:Oh " +
			"서:Seo 신:Shin 권:Kwon 황:Hwang 안:Ahn 송:Song"},
	{code: "vi", script: ScriptLatin, familyFirst: true,
		countries: "VN",
		male: "Văn_An Minh_Tuấn Quốc_Bảo Đức_Anh Hoàng_Nam Thanh_Tùng Minh_Quân Gia_Huy Hữu_Phước " +
			"Trọng_Nghĩa Quang_Huy Đình_Khoa",
		female: "Thị_Lan Thu_Trang Ngọc_Anh Minh_Châu Thanh_Hương Phương_Linh Thảo_Vy Bảo_Ngọc Kim_Ngân " +
			"Hồng_Nhung Mai_Anh Thùy_Dung",
		last: "Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý"},
	{code: "th", script: ScriptLatin,
		maleParts: "Som Kitti Natta Siri Thana Chai Wira Phong Sutha Anan Prasert Wichai Sura Pong Sak Weera " +
			"Pha Apichat Thawee Nop Kiat Decha Anu Phu Teera|chai sak pong porn phat wat rat kit dech " +
			"nan phon thep sin thon thorn kiat wut pol",
		femaleParts: "Siri Natta Kanok Pim Rata Wani Sasi Porn Chani Kamon Duang Suda Ari Jari Kulla Mali Nanthi " +
			"Orn Patta Sai Ploy Thida Waraporn|porn ya wan chanok na da thorn pimol nya jai nee ree " +
			"thip rada nipa kanya chit phen",
		lastParts: "Boon Kaew Sri Wong Chai Rattana Suwanna Thong Saeng Phon Siri Jaroen Sombat Pattana " +
			"Charoen Somboon Thana Prasert Wattana Kitti Intha Chan Phrom Suk Sak Phet Nak Ruang Yim " +
			"Mee|sawat kul rat suk chai siri thong pan sri wat phan kit yot rak dee ngam sombat porn " +
			"wong sak prasert rueang charoen thai sin kham phuak chit",
		countries: "TH",
		male: "Somchai Somsak Prasert Anan Chaiwat Kittisak Nattapong Thanawat Wichai Surachai Pongsak " +
			"Sakda Weerapong Phakphum",
		female: "Siriporn Suda Nattaya Kanokwan Pimchanok Ratana Wanida Sasithorn Pornpimol Chanida " +
			"Apinya Kamonwan Duangjai",
		last: "Srisuk Saetang Wongsawat Chaiyaporn Thongchai Rattanakorn Suksawat Boonmee Kaewkla " +
			"Jantarasorn Sombat Phromma Prasertsak Thammasat Sukprasert"},
	{code: "tl", script: ScriptLatin, givenHead: 15, lastFrom: "es", givenFrom: "en es",
		countries: "PH GU",
		male:      "Juan Jose Mark John_Paul Christian Angelo Paolo Miguel Carlo Rafael Jerome Renato Romeo Jomar",
		female: "Maria Kristine Angelica Mary_Grace Jasmine Camille Patricia Joy Princess Cherry Maricel " +
			"Jennylyn Rowena",
		last: "Santos Reyes Cruz Bautista Ocampo Garcia Mendoza Torres Tomas Andrada Castillo Flores " +
			"Villanueva Ramos Castro Rivera Aquino Navarro Salazar Mercado Dela_Cruz De_Leon Manalo " +
			"Soriano Pascual"},
	{code: "tw", script: ScriptHan, familyFirst: true, noSpace: true, // Taiwan: traditional characters, Wade–Giles spellings
		givenHead: 10, partsJoin: "-",
		maleParts: "志:Chih 偉:Wei 明:Ming 家:Chia 建:Chien 俊:Chun 宏:Hung 文:Wen 國:Kuo 正:Cheng 冠:Kuan 宇:Yu 柏:Po " +
			"承:Cheng 彥:Yen 哲:Che 信:Hsin 傑:Chieh 豪:Hao 翔:Hsiang 嘉:Chia 育:Yu 達:Ta 仁:Jen 德:Te 輝:Hui 龍:Lung " +
			"賢:Hsien 凱:Kai 銘:Ming",
		femaleParts: "淑:Shu 美:Mei 玲:Ling 惠:Hui 雅:Ya 婷:Ting 怡:Yi 君:Chun 芳:Fang 佩:Pei 欣:Hsin 靜:Ching 宜:Yi 珮:Pei " +
			"慧:Hui 筱:Hsiao 雯:Wen 琪:Chi 涵:Han 萱:Hsuan 秀:Hsiu 麗:Li 瑜:Yu 貞:Chen 蓉:Jung 娟:Chuan 姿:Tzu 如:Ju " +
			"敏:Min 儀:Yi",
		countries: "TW",
		male: "冠宇:Kuan-Yu 宗翰:Tsung-Han 家豪:Chia-Hao 志明:Chih-Ming 俊傑:Chun-Chieh 承恩:Cheng-En " +
			"柏翰:Po-Han 彥廷:Yen-Ting 建宏:Chien-Hung 哲瑋:Che-Wei 志豪:Chih-Hao 明哲:Ming-Che",
		female: "怡君:Yi-Chun 雅婷:Ya-Ting 欣怡:Hsin-Yi 佳穎:Chia-Ying 宜蓁:Yi-Chen 詩涵:Shih-Han " +
			"雅雯:Ya-Wen 淑芬:Shu-Fen 美玲:Mei-Ling 惠如:Hui-Ju 佩珊:Pei-Shan 郁婷:Yu-Ting",
		last: "陳:Chen 林:Lin 黃:Huang 張:Chang 李:Lee 王:Wang 吳:Wu 劉:Liu 蔡:Tsai 楊:Yang 許:Hsu " +
			"鄭:Cheng 謝:Hsieh 郭:Kuo 洪:Hung 曾:Tseng 邱:Chiu 廖:Liao 賴:Lai 周:Chou"},
	{code: "yue", script: ScriptHan, familyFirst: true, noSpace: true, // Hong Kong and Macau: Cantonese spellings
		givenHead: 10, partsJoin: "-",
		maleParts: "家:Ka 偉:Wai 志:Chi 明:Ming 俊:Chun 文:Man 浩:Ho 子:Tsz 健:Kin 國:Kwok 永:Wing 華:Wah 耀:Yiu 傑:Kit " +
			"錦:Kam 德:Tak 兆:Siu 振:Chun 嘉:Ka 樂:Lok 朗:Long 軒:Hin 天:Tin 智:Chi 展:Chin 卓:Cheuk 康:Hong 俊:Tsun " +
			"啟:Kai 信:Shun",
		femaleParts: "慧:Wai 美:Mei 詠:Wing 淑:Suk 麗:Lai 欣:Yan 婷:Ting 雅:Nga 秀:Sau 玲:Ling 芷:Tsz 穎:Wing 敏:Man 寶:Po " +
			"翠:Chui 鳳:Fung 潔:Kit 恩:Yan 嘉:Ka 凱:Hoi 琳:Lam 佩:Pui 詩:Sze 曉:Hiu 碧:Pik 月:Yuet 綺:Yee 蕙:Wai " +
			"雪:Suet 芳:Fong",
		countries: "HK MO",
		male: "家明:Ka_Ming 志強:Chi_Keung 偉文:Wai_Man 俊傑:Chun_Kit 浩然:Ho_Yin 家豪:Ka_Ho 家樂:Ka_Lok " +
			"志明:Chi_Ming 建華:Kin_Wah 子軒:Tsz_Hin 嘉俊:Ka_Chun 偉強:Wai_Keung",
		female: "嘉欣:Ka_Yan 詠詩:Wing_Sze 美玲:Mei_Ling 嘉儀:Ka_Yee 穎欣:Wing_Yan 曉彤:Hiu_Tung " +
			"凱欣:Hoi_Yan 麗華:Lai_Wah 淑儀:Suk_Yee 慧敏:Wai_Man 嘉敏:Ka_Man 雅詩:Nga_Sze",
		last: "陳:Chan 黃:Wong 李:Lee 張:Cheung 劉:Lau 林:Lam 梁:Leung 何:Ho 吳:Ng 鄭:Cheng 郭:Kwok " +
			"馬:Ma 羅:Law 麥:Mak 葉:Yip 蔡:Choi 周:Chow 鄧:Tang 許:Hui 曾:Tsang"},
	{code: "zhsea", script: ScriptLatin, // the Chinese of Singapore, Malaysia and Brunei: Hokkien, Teochew and Cantonese spellings
		countries: "SG:75 MY:28 BN:20",
		male: "Wei_Ming Jun_Jie Kok_Leong Boon_Kiat Wee_Kiat Zhi_Hao Jian_Hong Kai_Xiang Yong_Sheng " +
			"Chee_Keong Jason Kelvin Daniel Ryan Marcus Benjamin Darren Gabriel",
		female: "Hui_Min Xin_Yi Li_Ting Pei_Shan Mei_Ling Shu_Fen Jia_Hui Siew_Ling Wan_Ting Michelle " +
			"Rachel Jasmine Cheryl Grace Joanne Melissa Stephanie",
		last: "Tan Lim Lee Ng Ong Wong Goh Chua Chan Koh Teo Ang Yeo Tay Ho Low Toh Sim Chong Chia Foo " +
			"Leong Lau Yap Liew Ooi Khoo Cheah"},
	{code: "ms", script: ScriptLatin, patronymic: 70, // Malays: a given name and the father's name
		countries: "MY:60 BN:80 SG:14",
		male: "Muhammad Ahmad Mohd_Hafiz Faizal Azman Aiman Haziq Amirul Syafiq Firdaus Hakim Izzat " +
			"Khairul Zulkifli Fadzil Rizal Azlan Syazwan Muhammad_Aiman Ahmad_Faiz " +
			"Adam Adib Afiq Aidil Aiman_Hakimi Akmal Amin Amir Anuar Ariff Arif Asyraf Azhar Aziz " +
			"Badrul Faiz Faris Fauzi Hafiz Haikal Hairul Hakimi Hamdan Hanafi Harith Hazwan Helmi Ikmal " +
			"Ilham Imran Irfan Iskandar Izwan Jamil Kamal Luqman Mahathir Mazlan Naim Nazri Nizam Rahim " +
			"Ridhwan Roslan Rusli Safwan Saiful Shahrul Shamsul Shukri Syahmi Taufiq Wan_Ahmad Yusri " +
			"Zaki Zamri Zikri",
		female: "Nur Nurul_Ain Siti_Aisyah Aisyah Farah Amira Nabila Syafiqah Aina Izzati Atiqah " +
			"Nurul_Hidayah Fatin Nadia Aqilah Liyana Hanis Syahirah " +
			"Adibah Afiqah Aida Aishah Alia Amalina Anis Asma Athirah Azura Balqis Dayana Diyana Effa " +
			"Fadhilah Farhana Fatimah Hajar Hana Haslinda Hidayah Husna Intan Izyan Jannah Khadijah " +
			"Maisarah Maryam Mazlina Munirah Najwa Natasha Noraini Norhayati Nurin Qistina Rabiatul " +
			"Rahmah Rosnah Rozita Safiya Salmah Shahida Sofea Suhaila Syazwani Wani Yasmin Zahirah " +
			"Zarina Zulaikha",
		last: "Abdullah Ismail Hassan Ibrahim Rahman Ahmad Yusof Omar Othman Ali Hamid Aziz Osman Razak " +
			"Salleh Mohamad Zainal Hashim Kassim Jaafar Halim Rahim Yaakob Mahmud Sulaiman " +
			"Abu_Bakar Ariffin Awang Bakar Daud Embong Hamzah Harun Husin Idris Ishak Jusoh Kamaruddin " +
			"Latif Mamat Mansor Mat Musa Mustafa Nordin Ramli Saad Samad Shafie Sidek Talib Wahab Yahya " +
			"Yusoff Zakaria"},
	{code: "id", script: ScriptLatin,
		countries: "ID",
		male: "Budi Agus Rizky Dimas Fajar Hendra Joko Bayu Arif Irfan Wahyu Andi Dedi Eko Yudi Rudi Adi " +
			"Teguh Bambang Aditya Muhammad Ahmad",
		female: "Siti Dewi Putri Ayu Indah Rina Sri Fitri Nurul Anisa Wulan Lestari Ratna Dian Yuni Novi " +
			"Rini Maya Intan Sari",
		last: "Santoso Wijaya Pratama Saputra Hidayat Kusuma Setiawan Gunawan Nugroho Wibowo Halim " +
			"Sutanto Susanto Kurniawan Hartono Purnomo Firmansyah Ramadhan Siregar Nasution Simanjuntak " +
			"Harahap Lubis Sitompul Hutapea Wahyudi Permana Suryadi"},
	{code: "lo", script: ScriptLatin, // Laos
		countries: "LA",
		male: "Khamphone Somphone Bounmy Sengphet Phoukhong Vilayphone Thongsavanh Souliya Kongkeo " +
			"Sisouk Anousone Phonesavanh Somsanith Khamla",
		female: "Manivone Phetsamone Vilayvanh Souksavanh Khampheng Chanthala Bouavanh Sengdao " +
			"Phoutsavanh Davone Keomany Malaythong",
		last: "Phommachanh Sisoulath Keomany Vongsa Sengsouliya Inthavong Phanthavong Souvannavong " +
			"Xayavong Chanthavong Sayavong Vongphachanh Khounvilay Sivongsay Phoummavong Douangmala"},
	{code: "km", script: ScriptLatin, familyFirst: true, // Cambodia: family name first
		countries: "KH",
		male: "Sokha Dara Vannak Piseth Rithy Sopheak Vuthy Sambath Veasna Bunthoeun Samnang Sovann " +
			"Chanthou Visal Sothea",
		female: "Sreymom Channary Sophea Bopha Sreyneang Chanthy Kanha Sreyleak Malis Sophal Rachana " +
			"Thida Sokunthea Leakhena Sreypich",
		last: "Sok Chan Kim Heng Seng Chea Ly Ouk Keo Nhem Phan Sam Touch Meas Mao Chhun Pich Hun Men " +
			"Nget Sun Ros Yim"},
	{code: "my", script: ScriptLatin, // Myanmar: no family names; the later syllables stand in for one
		countries: "MM",
		male:      "Aung Kyaw Min Zaw Htet Ye Soe Nay Myo Thura Hein Thet Wai Zin Kaung Pyae",
		female:    "Su Hnin Thandar May Ei Khin Nwe Yadanar Zin Thiri Phyu Wai Myat Hsu",
		last: "Kyaw_Moe/Myat_Mon Min_Htet/Hnin_Wai Zaw_Oo/Thu_Zar Naing/Mon Htun/Aye Win/Hlaing Oo/Phyu " +
			"Lwin/Nwe Myint/Yee Soe/San Tun/Khaing Paing/Htwe Kyaw/Thet Thant/Lin Htoo/Moe Phyo/Wai"},
	{code: "pg", script: ScriptLatin, givenFrom: "en", // Papua New Guinea: Christian given names, family names of its peoples
		countries: "PG",
		male:      "John Peter Michael Paul James Joseph David Thomas Samuel Kevin Jerry Moses Steven",
		female:    "Mary Elizabeth Grace Ruth Joyce Esther Rose Helen Janet Christine Dorothy Lucy",
		last: "Somare Namaliu Marape Kila Kaupa Wari Kuman Kapi Pato Polye Aisi Namah Wingti Temu Abal " +
			"Pundari Kaiah Siaguru"},
	// Sub-Saharan Africa. Many professionals carry a Christian or Muslim
	// given name with a family name of their people; the family names are
	// what set the cultures apart.
	{code: "yo", script: ScriptLatin, givenFrom: "en", // Nigeria's Yoruba
		countries: "NG:40",
		male: "Oluwaseun Tunde Adebayo Olumide Babatunde Oluwafemi Ayodeji Olusegun Adewale Kayode " +
			"Temitope Damilola Femi Gbenga Segun Tobi Kunle Wale Samuel David Emmanuel",
		female: "Folake Funmilayo Adunni Yetunde Bukola Titilayo Omolara Abimbola Temitope Damilola " +
			"Olamide Adenike Funke Kemi Bisola Oluwakemi Ronke Esther Grace",
		last: "Adeyemi Adebayo Ogunleye Balogun Adewale Ogunbiyi Oladipo Olawale Akinola Adeleke " +
			"Ogundipe Afolabi Ayodele Adeniyi Oyewole Bankole Alabi Ojo Adekunle Fashola Akinwale " +
			"Olaniyan Oyebanji Ogunsanya Adesanya Babatunde Onifade"},
	{code: "ig", script: ScriptLatin, givenFrom: "en", // Nigeria's Igbo
		countries: "NG:35",
		male: "Chinedu Emeka Chukwuemeka Obinna Ikenna Nnamdi Uchenna Chidi Ifeanyi Kelechi Chibuike " +
			"Okechukwu Chinonso Ebuka Somto Ugochukwu Michael Paul",
		female: "Ngozi Chioma Adaeze Amarachi Chiamaka Nneka Ifeoma Uchechi Obiageli Nkechi Chinwe " +
			"Ogechi Ebele Ezinne Oluchi Chidinma Blessing Gloria",
		last: "Okafor Okonkwo Eze Nwosu Chukwu Obi Okeke Nwankwo Onyeka Okoro Nwachukwu Uche Ibe Nnaji " +
			"Ani Agu Ugwu Okoye Onuoha Chukwuma Ezeh Ogbu Nwafor Igwe Madu Ezeani Anyanwu Iheanacho"},
	{code: "ha", script: ScriptLatin, // the Hausa and Fulani of northern Nigeria and Niger
		countries: "NG:25 NE:55",
		male: "Ibrahim Musa Abubakar Aliyu Usman Sani Bashir Yusuf Abdullahi Umar Mustapha Haruna Garba " +
			"Nasiru Shehu Aminu Suleiman Jibril Kabiru Murtala",
		female: "Aisha Fatima Hauwa Zainab Amina Maryam Hadiza Halima Khadija Rukayya Hafsat Binta Safiya " +
			"Salamatu Jamila Zulaihat Asma'u",
		last: "Abubakar Bello Danjuma Mohammed Ibrahim Musa Abdullahi Yusuf Sani Usman Aliyu Lawal " +
			"Suleiman Garba Shehu Umar Idris Abdulkadir Haruna Mahmud Yakubu Adamu Danladi Tanko Gambo"},
	{code: "ak", script: ScriptLatin, givenFrom: "en", // Ghana: Akan, Ga and Ewe family names
		countries: "GH",
		male: "Kwame Kofi Yaw Kwabena Kwaku Kwasi Kojo Kwadwo Emmanuel Samuel Isaac Ebenezer Prince Nana " +
			"Richard Francis Michael Eric Daniel Felix",
		female: "Abena Akosua Ama Efua Adwoa Afia Akua Yaa Esi Adjoa Gifty Grace Mercy Comfort Priscilla " +
			"Millicent Nana Linda Patience Esther",
		last: "Mensah Owusu Boateng Asante Osei Appiah Agyemang Adjei Amoah Ansah Darko Opoku Acheampong " +
			"Frimpong Kwarteng Ofori Sarpong Antwi Danquah Amponsah Tetteh Quaye Addo Nyarko Yeboah " +
			"Bonsu Gyamfi Asamoah Annan"},
	{code: "gbe", script: ScriptLatin, givenFrom: "fr", // the Ewe and Fon of Togo and Benin
		countries: "TG BJ",
		male: "Komlan Kossi Kodjo Koffi Yao Kokou Edem Sèna Sèdjro Romaric Rodrigue Fiacre Jean Serge " +
			"Gildas Arnaud Hervé Ulrich",
		female: "Ayélé Afi Akossiwa Abla Adjoa Enyonam Sènami Nadège Carine Pélagie Flora Reine Grâce " +
			"Mireille Judith Prisca",
		last: "Agbeko Amouzou Lawson d'Almeida Kpodar Adjovi Agbodjan Mensah Houngbo Dossou Hounkpatin " +
			"Agossou Ahouansou Akpovi Zinsou Sossa Gbaguidi Kpadonou Hounsou Tchibozo Akakpo Amegah Ayivi"},
	{code: "ci", script: ScriptLatin, givenFrom: "fr", // Côte d'Ivoire's Akan (Baoulé, Agni) and its south
		countries: "CI:70",
		male: "Jean Serge Yao Kouassi Koffi Konan Didier Franck Arnaud Hervé Olivier Christian Patrick " +
			"Éric Mathieu Kouadio Armel Ange",
		female: "Aya Adjoua Amenan Affoué Akissi Marie Christelle Carine Nadège Sandrine Ruth Esther " +
			"Flora Estelle Prisca Laetitia",
		last: "Kouassi Kouamé Koffi Konan Yao N'Guessan Kouadio Yapi Brou Kouakou N'Dri Aka Assi Gnagne " +
			"Tanoh Adou Ahoua Kra Gnahoré Zadi Dago Koné Bamba"},
	{code: "mos", script: ScriptLatin, // Burkina Faso's Mossi
		countries: "BF:70",
		male: "Issouf Souleymane Boukary Adama Salif Jean Pascal Aristide Abdoul Hamidou Lassané Rasmané " +
			"Idrissa Paul",
		female: "Aminata Mariam Salimata Awa Alimata Rasmata Clarisse Rosine Fatimata Pauline Edwige " +
			"Mariette Assétou",
		last: "Ouédraogo Sawadogo Compaoré Kaboré Zongo Ouattara Sana Tapsoba Zoungrana Nikiéma Ilboudo " +
			"Yaméogo Kiemdé Bationo Tiendrébéogo Ouoba Belem Simporé Bamogo"},
	{code: "sahel", script: ScriptLatin, // the Wolof, Mande and Fula of the western Sahel and the Upper Niger
		countries: "SN ML GN GM TD NE:45 BF:30 CI:30 MR:30",
		male: "Mamadou Moussa Ousmane Abdoulaye Ibrahima Cheikh Amadou Modou Souleymane Boubacar Aliou " +
			"Lamine Oumar Seydou Bakary Samba Adama Idrissa Pape Babacar Alassane",
		female: "Aminata Fatou Mariama Aïssatou Awa Khady Ndeye Coumba Astou Fatoumata Kadiatou Rokia " +
			"Oumou Bineta Dieynaba Mame Adja Maimouna Ramatoulaye",
		last: "Diallo Ndiaye Diop Fall Sow Ba Sy Traoré Keita Coulibaly Camara Touré Diarra Konaté Cissé " +
			"Sarr Gueye Faye Mbaye Diouf Sané Barry Bah Kouyaté Dembélé Sylla Condé Kanté Sidibé Thiam " +
			"Niang Seck Kane Maïga"},
	{code: "mende", script: ScriptLatin, // Sierra Leone and Liberia, whose Mende, Vai and Mandingo straddle the border
		countries: "SL LR",
		male: "Mohamed Ibrahim Abu Alhaji Alie Samuel Joseph Emmanuel Prince James Augustine Abdul " +
			"Sahr Momodu Foday Musa",
		female: "Fatmata Aminata Isatu Mariama Hawa Kadiatu Adama Christiana Marie Comfort Musu Princess " +
			"Fatu Yei Hannah",
		last: "Kamara Sesay Koroma Bangura Conteh Kargbo Turay Mansaray Jalloh Kanu Barrie Fofanah Kallon " +
			"Samura Kollie Flomo Massaquoi Kpoto Kromah Konneh Dolo Saah Gbessay"},
	{code: "cm", script: ScriptLatin, givenFrom: "fr", // Cameroon, Gabon and the Central African Republic: Beti, Fang, Bamileke
		countries: "CM GA CF",
		male: "Jean Paul Joseph Serge Christian Hervé Blaise Armand Patrice Franck Arnaud Rodrigue " +
			"Cyrille Landry Yannick Steve",
		female: "Marie Christelle Sandrine Carine Nadège Gisèle Brigitte Laure Vanessa Rosine Danielle " +
			"Joëlle Linda Raïssa Audrey",
		last: "Mbarga Ngono Atangana Essomba Fotso Kamga Mbida Onana Fouda Nkoulou Tchakounté Kamdem " +
			"Tagne Djoumessi Wamba Nguefack Talla Ngassa Simo Tchinda Foko Ekambi Mvondo Owona Ndong " +
			"Obame Nguema Mba Ondo Mintsa Nze"},
	{code: "ln", script: ScriptLatin, // the two Congos
		countries: "CD CG",
		male: "Jean Patrick Christian Jonathan Glody Héritier Jérémie Trésor Serge Fiston Junior Blaise " +
			"Cédric Dieudonné Gloire Israël",
		female: "Grâce Merveille Christelle Divine Ruth Esther Rachel Sarah Nadine Chancelle Gracia " +
			"Naomie Dorcas Exaucée Plamedie Bénédicte",
		last: "Mbuyi Kabongo Ilunga Tshibangu Mukendi Kasongo Lukusa Ngoy Kalala Mutombo Mwamba Kabeya " +
			"Tshimanga Kanku Mbala Mabiala Makosso Massamba Ngoma Moukoko Loubaki Malonga Mpiana Matondo " +
			"Nzuzi Mavungu Makiese Kiala"},
	{code: "ssd", script: ScriptLatin, patronymic: 80, // South Sudan's Dinka and Nuer: the father's name follows one's own
		countries: "SS",
		male:      "John Peter James Daniel Deng Garang Majok Akol Mabior Gabriel Stephen Michael Manyang",
		female:    "Mary Rebecca Nyandeng Achol Ayen Nyibol Abuk Adut Martha Elizabeth Angelina Nyakim",
		last: "Deng Garang Majok Akol Mabior Malual Kuol Mayen Ater Chol Lual Bol Madut Ajak Akec Wol " +
			"Dut Mading Makuei Riek Gatluak Puok"},
	{code: "am", script: ScriptLatin, patronymic: 90, // Ethiopia and Eritrea: the father's given name follows one's own
		countries: "ET ER",
		male: "Abebe Dawit Tesfaye Yohannes Solomon Getachew Samuel Biniam Henok Mulugeta Alemayehu " +
			"Bereket Daniel Tadesse Yonas Eyob Mesfin Girma Kidus Natnael",
		female: "Selam Hanna Meron Bethlehem Tigist Rahel Mahlet Helen Liya Hiwot Eden Saba Meseret Sara " +
			"Tsion Kalkidan Yordanos Ruth",
		last: "Tesfaye Girma Bekele Haile Alemu Tadesse Kebede Mengistu Assefa Wolde Gebre Abebe Desta " +
			"Mekonnen Tefera Getachew Worku Demissie Ayele Negash Berhane Hailu Lemma Teshome Yohannes"},
	{code: "so", script: ScriptLatin, patronymic: 90, // Somalia and Djibouti: the father's given name follows one's own
		countries: "SO DJ",
		male: "Abdi Mohamed Ahmed Abdullahi Hassan Ali Omar Yusuf Ismail Abdirahman Abdikarim Mahad Liban " +
			"Guled Farah",
		female: "Fadumo Hodan Hibo Ifrah Sahra Amina Asha Faiza Nasra Hawa Khadra Sagal Ayaan Deqa Halima",
		last: "Mohamed Ahmed Abdi Hassan Ali Omar Farah Warsame Jama Osman Hussein Yusuf Nur Aden Dahir " +
			"Elmi Egal Abdullahi Ismail Mohamud Hersi"},
	{code: "africa", script: ScriptLatin, givenFrom: "en", // Kenya: Kikuyu, Luo (Otieno for a man, Atieno for a woman), Kalenjin, Kamba
		countries: "KE",
		male: "Brian Kevin Dennis Collins Victor Peter John Joseph James Samuel David Daniel Emmanuel " +
			"Erick Felix Moses Isaac Geoffrey",
		female: "Faith Mercy Grace Esther Joyce Caroline Nancy Winnie Purity Ann Lucy Sharon Ruth " +
			"Cynthia Diana Mary",
		last: "Kamau Mwangi Njoroge Kariuki Kimani Maina Githinji Karanja Wambua Mutua Kiprono Kipchumba " +
			"Cheruiyot Kiplagat Otieno/Atieno Ochieng/Achieng Odhiambo/Adhiambo Onyango/Anyango " +
			"Owino/Awino Okoth/Akoth Ouma/Auma Omondi/Amondi"},
	{code: "ug", script: ScriptLatin, givenFrom: "en", // Uganda: Ganda, Nkole, Acholi
		countries: "UG",
		male: "Brian Joseph Ivan Ronald Moses Isaac Patrick Denis Emmanuel Allan Edward Henry Simon " +
			"Samuel Andrew",
		female: "Patricia Sarah Esther Grace Brenda Doreen Sharon Joan Agnes Harriet Juliet Gloria " +
			"Prossy Florence",
		last: "Mugisha Tumusiime Byaruhanga Okello Opio Ssempala Kiggundu Nsubuga Lubega Musoke Ssali " +
			"Mukasa Kato Ochieng Atwine Ainembabazi Tumwine Kasozi Ssekandi Kiwanuka Mugabe Asiimwe"},
	{code: "tz", script: ScriptLatin, givenFrom: "en", // Tanzania
		countries: "TZ",
		male: "Juma Hamisi Baraka Joseph John Emmanuel Daudi Godfrey Hassan Salim Amani Frank Elia " +
			"Peter Nassoro",
		female: "Neema Rehema Zawadi Upendo Esther Grace Mwanaisha Happiness Rose Anna Joyce Halima " +
			"Witness Agnes",
		last: "Mwakyusa Massawe Msuya Lyimo Kimaro Mushi Mollel Mrema Mwakalinga Shayo Temba Swai " +
			"Mbwambo Kombo Mfinanga Mwinyi Juma Salim Mwita Chacha Magesa Kisanga"},
	{code: "rw", script: ScriptLatin, // Rwanda and Burundi: one's own name, gendered
		countries: "RW BI",
		male: "Eric Jean_Claude Emmanuel Patrick Olivier Innocent Jean_Paul Fabrice Didier Aimable " +
			"Theoneste Alexis",
		female: "Alice Aline Diane Clarisse Jeanne Grace Josiane Divine Claudine Ange Solange Chantal",
		last: "Habimana/Mukamana Niyonzima/Uwase Hakizimana/Umutoni Nshimiyimana/Ingabire " +
			"Ndayisaba/Uwera Nsengimana/Mukamurenzi Mutabazi/Uwimana Nkurunziza/Iradukunda " +
			"Bizimana/Umuhoza Twagirimana/Mukeshimana Munyaneza/Uwamahoro Niyonsaba/Nyirahabimana"},
	{code: "za", script: ScriptLatin, givenFrom: "en", // South Africa's Nguni and Sotho–Tswana, also Botswana, Lesotho and Eswatini
		countries: "ZA:58 BW LS SZ",
		male: "Sipho Thabo Themba Lwazi Sibusiso Bongani Mandla Tshepo Kagiso Tumelo Andile Siyabonga " +
			"Nkosinathi Vusi Lindani Lesego Neo Kabelo",
		female: "Nomvula Zanele Thandiwe Lerato Palesa Nomsa Busisiwe Nokuthula Zodwa Refilwe Dineo " +
			"Boitumelo Naledi Lindiwe Precious Kgomotso",
		last: "Nkosi Dlamini Ndlovu Khumalo Mokoena Mahlangu Zulu Mthembu Sithole Ngcobo Buthelezi " +
			"Mkhize Molefe Shabalala Mabaso Zwane Cele Maseko Radebe Mtshali Ntuli Tshabalala Moloi " +
			"Mofokeng Baloyi Mathebula Masilela Modise Kgosi Simelane"},
	{code: "af", script: ScriptLatin, // Afrikaans: South Africa and Namibia
		countries: "ZA:20 NA:30",
		male: "Johan Pieter Jan Hendrik Willem Francois Gerhard Stefan Christo Danie Riaan Jaco Wikus " +
			"Hennie Louis Ruan Dewald Morné",
		female: "Anri Elmarie Annelie Marelize Liesl Mariska Chantelle Elsabé Karin Ilse Anneke Jana " +
			"Marlize Carien Ronel Esmé Nadia Lize",
		last: "van_der_Merwe Botha Pretorius Nel Smit Venter du_Plessis Steyn Fourie Coetzee van_Wyk " +
			"Potgieter Joubert du_Toit Kruger Swanepoel Jacobs le_Roux Vermeulen Louw Meyer Marais " +
			"Erasmus Nieuwoudt Oosthuizen Grobler"},
	{code: "owambo", script: ScriptLatin, // Namibia's Owambo
		countries: "NA:70",
		male: "Johannes Petrus Festus Matheus Elia Simon Abraham Josef Tangeni Tuhafeni Tomas " +
			"Gabriel Immanuel Paulus",
		female: "Hilma Ndinelao Selma Helvi Loide Frieda Martha Aina Ndapewa Maria Saima Emilia " +
			"Ndeshihafela Justina",
		last: "Shikongo Amupolo Haufiku Shilongo Iipumbu Nangolo Angula Nghipondoka Shiimi Kalimbo " +
			"Hamutenya Shivute Nghidinwa Amutenya Nambahu Shipanga Nekongo Iyambo"},
	{code: "sn", script: ScriptLatin, // Zimbabwe's Shona and Ndebele
		countries: "ZW",
		male: "Tendai Tatenda Farai Tinashe Tafadzwa Blessing Takudzwa Kudakwashe Tonderai Simbarashe " +
			"Tawanda Munyaradzi Brian Tichaona Nyasha",
		female: "Chipo Rutendo Nyasha Rumbidzai Tsitsi Ruvimbo Vimbai Fadzai Tariro Chiedza Nokuthula " +
			"Sibongile Precious Memory Tanaka",
		last: "Moyo Ncube Sibanda Dube Nyathi Ndlovu Mpofu Chikwanha Mutasa Chinembiri Gumbo Mlambo " +
			"Mhlanga Marufu Zhou Makoni Mapfumo Chigumba Chiweshe Shumba Murwira Chimombe Matongo"},
	{code: "ny", script: ScriptLatin, // Zambia and Malawi, whose Chewa, Nyanja and Bemba straddle the border
		countries: "ZM MW",
		male: "Chanda Mwila Bwalya Mulenga Brian Joseph Charles Patrick Moses Gift Mathews Chikondi " +
			"Kondwani Limbani Mphatso",
		female: "Mercy Chisomo Memory Esther Towela Mutinta Natasha Chikondi Loveness Tiwonge Thokozani " +
			"Mwape Chileshe Tamara",
		last: "Banda Phiri Mwale Tembo Zulu Mbewe Daka Lungu Chanda Mulenga Bwalya Mwansa Musonda " +
			"Chilufya Sakala Nkhoma Chirwa Kamanga Mhango Gondwe Kumwenda Msiska"},
	{code: "mg", script: ScriptLatin, // Madagascar
		countries: "MG",
		male:      "Hery Tiana Faly Rivo Haja Nirina Andry Mamy Tojo Rado Feno Ando Tahina Mickael Jean",
		female:    "Fanja Lalaina Mialy Voahangy Hanitra Soa Tiana Nirina Hasina Vola Fara Ony Noro Miora",
		last: "Rakoto Rabe Rasoanaivo Randrianarisoa Rakotomalala Razafindrakoto Andrianaivo Rakotondrabe " +
			"Rasolofo Ravelojaona Rakotoarisoa Andriamanantena Rasolonjatovo Ramanantsoa Rakotonirina " +
			"Randrianasolo Rajaonarison Andriambololona"},
}

// migrantCultures weighs the cultures of people who live outside their
// culture's countries (about one in eight people), by culture code.
var migrantCultures = map[string]int{
	"en": 20, "es": 10, "hi": 6, "ta": 2, "te": 2, "ml": 1, "gu": 1, "bn": 1, "zh": 6, "yue": 1,
	"tw": 1, "ar": 7, "pt": 5, "fr": 5, "de": 4, "it": 4, "pl": 4, "ru": 4, "uk": 3, "tr": 3,
	"tl": 3, "vi": 2, "ko": 2, "ja": 1, "el": 1, "he": 1, "fa": 2, "southasia": 3, "bd": 1,
	"yo": 1, "ig": 1, "ak": 1, "africa": 1, "so": 1, "am": 1, "ro": 2, "nl": 1, "sq": 1, "sr": 1,
	"bs": 1, "hr": 1,
}

// sexedFamilyNames are, by culture code, the family names only men and
// only women carry where a culture's names have no feminine form to pair
// with a masculine one: Indonesian names that say "son" (Putra, Saputra)
// or "daughter" (Putri), or are a man's or a woman's given name carried
// as a family name (Prabowo, Wulandari). Indonesia's clan names (Batak
// Siregar, Nasution) and its Chinese families' (Wijaya, Santoso, Halim)
// are carried by both.
var sexedFamilyNames = map[string]struct{ male, female string }{
	"id": {
		male: "Putra Saputra Abiputra Pratama Adhitama Utama Firmansyah Adriansyah Alamsyah Hardiansyah " +
			"Syahreza Ramadan Ramadhan Mahendra Maheswara Prabowo Prasetyo Prasetya Nugroho Wibowo Widodo " +
			"Waluyo Winarno Wibisono Wicaksono Suwarno Suryono Saptono Pranowo Kuswoyo Kusumo Haryanto " +
			"Hidayanto Budiyanto Supriyanto Yulianto Ardianto Gunarto Firgantoro Handoko Iswahyudi Wahyudi " +
			"Wahyudin Maryadi Purwadi Permadi Suryadi Aswandi Irfandi Najmudin Salahudin Nashiruddin " +
			"Saefullah Zulkarnain Mustofa Mansur Natsir Thamrin Habibi Haikal Ahmad Arifin Budiman Rayhan " +
			"Rendra Satria Yudhistira Abimanyu Airlangga Bagaskara Dirgantara Megantara Mahardika Prayoga " +
			"Pradana Pradipta Prakasa Prasasta Perdana Rajasa Rajata Sudrajat Darmawan Hermawan Himawan " +
			"Irawan Anggriawan Herlambang Lesmana Nugraha Oktavian Oktovian Agustian Fabian Febian Sabian " +
			"Yanuar Januar Rahardian Lazuardi Maulana Uwais Usamah Wardana Ardana Jailani",
		female: "Putri Saputri Pratiwi Pertiwi Ramadhani Agustina Andriani Anggraini Aryani Astuti Fujiati " +
			"Farida Handayani Hassanah Hartati Hasanah Haryanti Hariyah Hastuti Halimah Kusmawati " +
			"Kuswandari Laksmiwati Laksita Lestari Lailasari Mandasari Mardhiyah Mayasari Melani Mulyani " +
			"Maryati Nurdiyanti Novitasari Nuraini Nasyidah Nasyiah Palastri Pudjiastuti Puspasari Puspita " +
			"Purwanti Purnawati Permata Prastuti Padmasari Rahmawati Rahayu Riyanti Rahimah Suartini " +
			"Sudiati Suryatmi Susanti Safitri Oktaviani Utami Uyainah Yuniar Yuliarti Yulianti Yolanda " +
			"Wahyuni Wijayanti Widiastuti Winarsih Wulandari Wastuti Zulaika Afifah Andini Anjani Aqila " +
			"Ardiyanti Aryanti Aurelia Azizah Azzahra Damayanti Elvina Fathina Febrianti Harini Jelita " +
			"Juwita Leilani Maharani Mahestri Maheswari Melinda Mustika Nathania Ningrum Nurlaela " +
			"Rachmawati Salma Salsabilla Saraswati Zahrah",
	},
}
