package world

// cultureSpecs are the naming traditions the world draws names from.
//
// Each list is space-separated. An entry is "Native" for Latin-script
// cultures or "Native:Roman" for the others, where Roman is the usual
// Latin spelling (the one a profile in Latin script, a slug or an e-mail
// would use). A slash separates the masculine and feminine forms of a
// surname that has both ("Kowalski/Kowalska", "Иванов/Иванова:Ivanov/Ivanova").
// An underscore stands for a space inside one name ("van_den_Berg").
var cultureSpecs = []cultureSpec{
	{code: "en", script: ScriptLatin,
		countries: "US GB CA AU NZ IE ZA SG JM TT BS BB MT GI IM JE GG BM KY",
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
	{code: "es", script: ScriptLatin, doubleSurname: 35,
		countries: "ES MX AR CO CL PE VE EC GT CU BO DO HN PY SV NI CR PA UY PR GQ",
		male: "José Juan Carlos Luis Javier Miguel Alejandro Diego Andrés Fernando Jorge Pablo Sergio Raúl " +
			"Manuel Francisco Antonio Ángel Rubén Iván Gonzalo Martín Tomás Joaquín Nicolás Óscar",
		female: "María Carmen Ana Laura Lucía Sofía Isabel Marta Elena Paula Valentina Camila Daniela " +
			"Gabriela Andrea Beatriz Cristina Inés Pilar Rocío Mónica Natalia Verónica Ximena Alejandra",
		last: "García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz " +
			"Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez " +
			"Ramos Gil Ramírez Serrano Blanco Castro Ortiz Rubio Morales Delgado Ortega Suárez Herrera " +
			"Medina Castillo Vargas Rojas Flores Peña Núñez"},
	{code: "pt", script: ScriptLatin,
		countries: "BR PT AO MZ CV GW ST TL",
		male: "João Pedro Lucas Gabriel Mateus Rafael Gustavo Felipe Bruno Thiago André Rodrigo Tiago " +
			"Ricardo Marcelo Luís Vinícius Leonardo Eduardo Caio Henrique Otávio Fábio",
		female: "Ana Maria Juliana Fernanda Beatriz Mariana Larissa Camila Letícia Patrícia Carolina Luana " +
			"Bárbara Inês Joana Rita Débora Vitória Natália Cecília Raquel Tânia Amanda",
		last: "Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro " +
			"Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Araújo " +
			"Moreira Cardoso Teixeira Correia Mendes Conceição Gonçalves Magalhães"},
	{code: "fr", script: ScriptLatin,
		countries: "FR BE LU MC SN CI CM HT MG ML BF NE TG BJ GA CG CD GN TD RE GP MQ GF NC PF",
		male: "Jean Pierre Michel Philippe Nicolas Julien Thomas Antoine Mathieu Olivier Sébastien François " +
			"Laurent Guillaume Maxime Alexandre Hugo Théo Lucas Clément Jérôme Benoît Loïc Rémi Cédric Étienne",
		female: "Marie Sophie Camille Julie Isabelle Nathalie Céline Claire Émilie Léa Manon Chloé Sandrine " +
			"Aurélie Élodie Amélie Hélène Inès Margaux Océane Anaïs Gaëlle Mélanie Noémie",
		last: "Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre " +
			"Michel Garcia David Bertrand Roux Vincent Fournier Morel Girard André Mercier Dupont Lambert " +
			"Bonnet Rousseau Blanc Guérin Chevalier Fontaine Rivière Ménard Prévost Carré Noël Benoît"},
	{code: "de", script: ScriptLatin,
		countries: "DE AT CH LI",
		male: "Lukas Jonas Felix Maximilian Leon Paul Jan Tobias Florian Sebastian Stefan Michael Andreas " +
			"Thomas Markus Christian Matthias Jürgen Uwe Dieter Björn Jörg Sven Tim Niklas Moritz",
		female: "Anna Lena Laura Julia Lea Sarah Katharina Sophie Hannah Johanna Sabine Claudia Petra Nicole " +
			"Stefanie Anja Jana Miriam Käthe Mareike Franziska Carolin Theresa Jördis",
		last: "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch " +
			"Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann " +
			"Lange Schmitt Werner Krause Meier Lehmann Köhler Groß Weiß Jäger Böhm"},
	{code: "it", script: ScriptLatin,
		countries: "IT SM VA",
		male: "Marco Giuseppe Giovanni Francesco Luca Alessandro Andrea Matteo Lorenzo Davide Stefano " +
			"Simone Federico Riccardo Paolo Roberto Niccolò Gabriele Fabio Massimo Emanuele Tommaso",
		female: "Giulia Francesca Chiara Sara Martina Valentina Alessia Elisa Federica Silvia Elena Laura " +
			"Paola Anna Beatrice Ilaria Roberta Noemi Aurora Benedetta",
		last: "Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti " +
			"De_Luca Mancini Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani " +
			"Rinaldi Caruso Ferrara Galli Martini Leone D'Angelo De_Santis Fabbri"},
	{code: "nl", script: ScriptLatin,
		countries: "NL SR AW CW",
		male: "Daan Sem Lucas Levi Thijs Jesse Bram Ruben Lars Pieter Jeroen Maarten Bas Sander Joost " +
			"Wouter Niels Stijn Koen Teun",
		female: "Emma Sophie Julia Anna Lotte Eva Fleur Sanne Lisa Femke Anouk Iris Marloes Noor Esmée " +
			"Chloë Maud Ilse",
		last: "de_Jong Jansen de_Vries van_den_Berg van_Dijk Bakker Janssen Visser Smit Meijer de_Boer " +
			"Mulder de_Groot Bos Vos Peters Hendriks van_Leeuwen Dekker Brouwer de_Wit Dijkstra Smits " +
			"de_Graaf van_der_Meer van_der_Linden Kok Jacobs de_Haan Vermeulen"},
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
		countries: "CZ SK",
		male: "Jan Petr Jiří Pavel Martin Tomáš Jakub Josef Lukáš Ondřej Michal David Vojtěch Miroslav " +
			"Radek Zdeněk",
		female: "Jana Eva Hana Anna Lenka Kateřina Lucie Petra Veronika Tereza Markéta Michaela Zuzana " +
			"Barbora Klára Šárka",
		last: "Novák/Nováková Svoboda/Svobodová Novotný/Novotná Dvořák/Dvořáková Černý/Černá " +
			"Procházka/Procházková Kučera/Kučerová Veselý/Veselá Horák/Horáková Němec/Němcová " +
			"Marek/Marková Pospíšil/Pospíšilová Pokorný/Pokorná Hájek/Hájková Král/Králová " +
			"Jelínek/Jelínková Růžička/Růžičková Beneš/Benešová"},
	{code: "nordic", script: ScriptLatin,
		countries: "SE NO DK FI IS EE FO GL AX",
		male: "Lars Anders Erik Johan Mikael Björn Henrik Magnus Nils Jonas Sören Søren Mats Olof " +
			"Kristian Jens Mikkel Frederik Ole Jukka Mikko Juha Väinö Sigurður Oskar Axel Emil",
		female: "Anna Maria Karin Eva Ingrid Kristina Sofia Astrid Sara Elin Ida Freja Mette Camilla Sanna " +
			"Liisa Päivi Tiina Åsa Maja Sigrid Ragnhild Hanne Linnéa",
		last: "Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson " +
			"Lindqvist Lindström Bergström Åberg Hansen Johansen Olsen Larsen Nielsen Jensen Pedersen " +
			"Kristiansen Sørensen Møller Virtanen Korhonen Mäkinen Nieminen Hämäläinen Järvinen Jónsson"},
	{code: "tr", script: ScriptLatin,
		countries: "TR AZ TM",
		male: "Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim Murat Emre Burak Can Oğuz Gökhan Serkan " +
			"Kerem Barış Çağrı Onur Yusuf Tolga",
		female: "Ayşe Fatma Emine Hatice Zeynep Elif Merve Büşra Özge Esra Gizem Şeyma Cansu Ebru Derya " +
			"Selin Gülşen Çağla İrem Tuğba",
		last: "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç " +
			"Aslan Çetin Kara Koç Kurt Özkan Şimşek Polat Korkmaz Erdoğan Güneş Aksoy"},
	{code: "ro", script: ScriptLatin,
		countries: "RO MD",
		male: "Andrei Alexandru Mihai Ionuț Ștefan Gabriel Florin Cristian Adrian Bogdan Marius Răzvan " +
			"Vlad Dragoș Radu Sorin",
		female: "Maria Elena Ioana Andreea Alexandra Cristina Mihaela Ana Raluca Gabriela Diana Oana " +
			"Roxana Irina Alina Simona Bianca Larisa",
		last: "Popescu Ionescu Popa Pop Radu Dumitru Stan Stoica Gheorghe Matei Ciobanu Rusu Munteanu " +
			"Constantin Moldovan Marin Lungu Dinu Barbu Tănase Vasilescu Florea Nistor Mureșan Șerban Diaconu"},
	{code: "hu", script: ScriptLatin,
		countries: "HU",
		male: "László István József János Zoltán Sándor Gábor Ferenc Attila Péter Tamás Balázs Dávid " +
			"Ádám Bence Márton Gergő Levente",
		female: "Mária Erzsébet Katalin Ilona Éva Anna Zsuzsanna Judit Ágnes Andrea Eszter Krisztina " +
			"Réka Zsófia Dóra Nóra Boglárka Lilla",
		last: "Nagy Kovács Tóth Szabó Horváth Varga Kiss Molnár Németh Farkas Balogh Papp Takács Juhász " +
			"Lakatos Mészáros Oláh Simon Rácz Fekete Szűcs Török"},
	{code: "hr", script: ScriptLatin,
		countries: "HR BA SI ME AL XK",
		male: "Ivan Marko Luka Petar Tomislav Josip Ante Nikola Stjepan Dario Goran Željko Matej Filip " +
			"Domagoj Miloš Dragan",
		female: "Ana Marija Ivana Petra Maja Martina Lucija Katarina Nikolina Jelena Mirjana Tea Dora " +
			"Željka Snježana Vesna Milica",
		last: "Horvat Kovačević Babić Marić Jurić Novak Kovačić Knežević Vuković Marković Petrović Matić " +
			"Tomić Pavlović Božić Blažević Grgić Perić Šarić Radić Lončar Kranjc Zupančič Hodžić Begović"},
	{code: "baltic", script: ScriptLatin,
		countries: "LT LV",
		male: "Tomas Mantas Lukas Darius Andrius Jonas Paulius Mindaugas Jānis Andris Mārtiņš Kristaps " +
			"Edgars Raimonds",
		female: "Rūta Greta Austėja Eglė Indrė Ieva Laura Agnė Līga Ilze Kristīne Inese Anna Dace",
		last: "Kazlauskas/Kazlauskienė Jankauskas/Jankauskienė Petrauskas/Petrauskienė " +
			"Stankevičius/Stankevičienė Vasiliauskas/Vasiliauskienė Žukauskas/Žukauskienė " +
			"Bērziņš/Bērziņa Kalniņš/Kalniņa Ozoliņš/Ozoliņa Jansons/Jansone Liepiņš/Liepiņa Kļaviņš/Kļaviņa"},
	{code: "vi", script: ScriptLatin, familyFirst: true,
		countries: "VN",
		male: "Văn_An Minh_Tuấn Quốc_Bảo Đức_Anh Hoàng_Nam Thanh_Tùng Minh_Quân Gia_Huy Hữu_Phước " +
			"Trọng_Nghĩa Quang_Huy Đình_Khoa",
		female: "Thị_Lan Thu_Trang Ngọc_Anh Minh_Châu Thanh_Hương Phương_Linh Thảo_Vy Bảo_Ngọc Kim_Ngân " +
			"Hồng_Nhung Mai_Anh Thùy_Dung",
		last: "Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý"},
	{code: "id", script: ScriptLatin,
		countries: "ID MY BN",
		male: "Budi Agus Rizky Dimas Fajar Hendra Joko Bayu Arif Irfan Wahyu Ahmad Muhammad Hafiz " +
			"Faisal Aiman Haziq",
		female: "Siti Dewi Putri Ayu Indah Rina Sri Fitri Nurul Anisa Aisyah Nur Amira Farah Intan Wulan " +
			"Lestari",
		last: "Santoso Wijaya Pratama Saputra Hidayat Kusuma Setiawan Gunawan Nugroho Wibowo Halim Rahman " +
			"Abdullah Ismail Hassan Ibrahim Hakim Sutanto Tan Lim"},
	{code: "tl", script: ScriptLatin,
		countries: "PH GU",
		male:      "Juan Jose Mark John_Paul Christian Angelo Paolo Miguel Carlo Rafael Jerome Renato Romeo Jomar",
		female: "Maria Kristine Angelica Mary_Grace Jasmine Camille Patricia Joy Princess Cherry Maricel " +
			"Jennylyn Rowena",
		last: "Santos Reyes Cruz Bautista Ocampo Garcia Mendoza Torres Tomas Andrada Castillo Flores " +
			"Villanueva Ramos Castro Rivera Aquino Navarro Salazar Mercado Dela_Cruz De_Leon Manalo " +
			"Soriano Pascual"},
	{code: "africa", script: ScriptLatin,
		countries: "NG GH KE UG TZ ET ZM ZW BW RW MW NA LS SZ SL LR GM SS",
		male: "Chinedu Emeka Oluwaseun Tunde Kwame Kofi Yaw Kwabena Samuel David Daniel Emmanuel Ibrahim " +
			"Musa Kamau Otieno Baraka Chukwuemeka Adebayo Olumide Godfrey Tendai Sipho Thabo",
		female: "Ngozi Chioma Aisha Fatima Amara Adaeze Folake Funmilayo Abena Akosua Ama Efua Wanjiru " +
			"Achieng Grace Esther Blessing Mercy Precious Zanele Nomvula Thandiwe",
		last: "Okafor Okonkwo Adeyemi Adebayo Ogunleye Balogun Eze Nwosu Chukwu Mensah Owusu Boateng " +
			"Asante Osei Appiah Kamau Otieno Mwangi Ochieng Wanjiku Njoroge Abubakar Bello Danjuma Nkosi " +
			"Dlamini Mokoena Moyo Banda"},
	{code: "southasia", script: ScriptLatin,
		countries: "PK BD LK MV",
		male: "Muhammad Ahmed Ali Hassan Hussain Usman Bilal Imran Faisal Asif Tariq Kamran Zain Hamza " +
			"Rashid Saad Arif Rahim Karim Tanvir Sajid Shahid",
		female: "Fatima Ayesha Sana Hina Maryam Amna Zainab Nadia Saima Rabia Farah Mahnoor Iqra Sadia " +
			"Nusrat Tasnim Farzana Sumaiya",
		last: "Khan Ahmed Ali Hussain Malik Sheikh Qureshi Chaudhry Butt Siddiqui Raza Shah Iqbal Akhtar " +
			"Rahman Hossain Islam Chowdhury Uddin Haque Mirza Abbasi Javed"},
	{code: "th", script: ScriptLatin,
		countries: "TH LA KH MM",
		male: "Somchai Somsak Prasert Anan Chaiwat Kittisak Nattapong Thanawat Wichai Surachai Pongsak " +
			"Sakda Weerapong Phakphum",
		female: "Siriporn Suda Nattaya Kanokwan Pimchanok Ratana Wanida Sasithorn Pornpimol Chanida " +
			"Apinya Kamonwan Duangjai",
		last: "Srisuk Saetang Wongsawat Chaiyaporn Thongchai Rattanakorn Suksawat Boonmee Kaewkla " +
			"Jantarasorn Sombat Phromma Prasertsak Thammasat Sukprasert"},
	{code: "ru", script: ScriptCyrillic,
		countries: "RU BY KZ KG UZ TJ",
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
		countries: "BG MK",
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
		countries: "RS",
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
	{code: "ar", script: ScriptArabic,
		countries: "SA AE EG MA DZ TN JO LB IQ KW QA BH OM SY LY YE PS SD MR",
		male: "محمد:Mohammed أحمد:Ahmed علي:Ali عمر:Omar خالد:Khalid يوسف:Youssef عبدالله:Abdullah " +
			"حسن:Hassan إبراهيم:Ibrahim مصطفى:Mostafa فهد:Fahad سعيد:Saeed طارق:Tariq كريم:Karim " +
			"ماجد:Majed وليد:Walid هشام:Hisham سامي:Sami",
		female: "فاطمة:Fatima مريم:Maryam نور:Nour سارة:Sara ليلى:Layla عائشة:Aisha هدى:Huda ريم:Reem " +
			"دينا:Dina ياسمين:Yasmin سلمى:Salma رنا:Rana منى:Mona لينا:Lina هالة:Hala أمل:Amal",
		last: "العتيبي:Al-Otaibi القحطاني:Al-Qahtani الشمري:Al-Shammari الحربي:Al-Harbi " +
			"الزهراني:Al-Zahrani المطيري:Al-Mutairi حسن:Hassan إبراهيم:Ibrahim محمود:Mahmoud " +
			"عبدالرحمن:Abdelrahman السيد:El-Sayed منصور:Mansour خليل:Khalil حداد:Haddad نصار:Nassar " +
			"سالم:Salem يوسف:Youssef الفاسي:El-Fassi بن_علي:Ben_Ali العلوي:Alaoui"},
	{code: "fa", script: ScriptArabic,
		countries: "IR AF",
		male: "محمد:Mohammad علی:Ali حسین:Hossein رضا:Reza مهدی:Mehdi امیر:Amir سعید:Saeed مجید:Majid " +
			"بهرام:Bahram آرش:Arash داریوش:Dariush کامران:Kamran",
		female: "فاطمه:Fatemeh زهرا:Zahra مریم:Maryam سارا:Sara نیلوفر:Niloufar شیرین:Shirin لیلا:Leila " +
			"پریسا:Parisa نازنین:Nazanin مهسا:Mahsa الهام:Elham ساناز:Sanaz",
		last: "محمدی:Mohammadi حسینی:Hosseini رضایی:Rezaei احمدی:Ahmadi کریمی:Karimi موسوی:Mousavi " +
			"جعفری:Jafari رحیمی:Rahimi صادقی:Sadeghi کاظمی:Kazemi نوری:Nouri تهرانی:Tehrani"},
	{code: "he", script: ScriptHebrew,
		countries: "IL",
		male: "יוסי:Yossi דוד:David משה:Moshe אברהם:Avraham יונתן:Yonatan איתי:Itai נועם:Noam עומר:Omer " +
			"אורי:Uri דניאל:Daniel אלון:Alon גיא:Guy רון:Ron עידו:Ido אריאל:Ariel",
		female: "נועה:Noa מיכל:Michal שירה:Shira תמר:Tamar רותם:Rotem מאיה:Maya יעל:Yael אורית:Orit " +
			"הילה:Hila ליאת:Liat שני:Shani דנה:Dana רחל:Rachel אביגיל:Avigail",
		last: "כהן:Cohen לוי:Levi מזרחי:Mizrahi פרץ:Peretz ביטון:Biton דהן:Dahan אברהם:Avraham " +
			"פרידמן:Friedman שפירא:Shapira גולדברג:Goldberg אזולאי:Azoulay מלכה:Malka כץ:Katz ברק:Barak " +
			"רוזנברג:Rosenberg"},
	{code: "hi", script: ScriptDevanagari,
		countries: "IN NP",
		male: "राहुल:Rahul अमित:Amit राजेश:Rajesh सुनील:Sunil विकास:Vikas अनिल:Anil संजय:Sanjay " +
			"रोहित:Rohit अर्जुन:Arjun विजय:Vijay आदित्य:Aditya प्रशांत:Prashant मनोज:Manoj दीपक:Deepak " +
			"नितिन:Nitin अभिषेक:Abhishek सौरभ:Saurabh करण:Karan",
		female: "प्रिया:Priya अंजलि:Anjali पूजा:Pooja नेहा:Neha सुनीता:Sunita कविता:Kavita दीपिका:Deepika " +
			"स्नेहा:Sneha श्रुति:Shruti आरती:Aarti रिया:Riya मीरा:Meera ऐश्वर्या:Aishwarya सीमा:Seema " +
			"पल्लवी:Pallavi दिव्या:Divya",
		last: "शर्मा:Sharma वर्मा:Verma गुप्ता:Gupta सिंह:Singh कुमार:Kumar पटेल:Patel जोशी:Joshi " +
			"मेहता:Mehta अग्रवाल:Agarwal यादव:Yadav मिश्रा:Mishra चौधरी:Chaudhary राव:Rao नायर:Nair " +
			"रेड्डी:Reddy अय्यर:Iyer देसाई:Desai कपूर:Kapoor मल्होत्रा:Malhotra बनर्जी:Banerjee"},
	{code: "zh", script: ScriptHan, familyFirst: true, noSpace: true,
		countries: "CN TW HK MO",
		male: "伟:Wei 强:Qiang 磊:Lei 军:Jun 洋:Yang 勇:Yong 杰:Jie 涛:Tao 明:Ming 超:Chao 浩然:Haoran " +
			"子轩:Zixuan 俊杰:Junjie 建华:Jianhua 志强:Zhiqiang 文博:Wenbo 宇航:Yuhang 嘉豪:Jiahao",
		female: "芳:Fang 娜:Na 敏:Min 静:Jing 丽:Li 艳:Yan 婷:Ting 雪:Xue 慧:Hui 欣怡:Xinyi 梓涵:Zihan " +
			"雨桐:Yutong 佳怡:Jiayi 晓燕:Xiaoyan 美玲:Meiling 淑芬:Shufen 思琪:Siqi",
		last: "王:Wang 李:Li 张:Zhang 刘:Liu 陈:Chen 杨:Yang 黄:Huang 赵:Zhao 吴:Wu 周:Zhou 徐:Xu 孙:Sun " +
			"马:Ma 朱:Zhu 胡:Hu 郭:Guo 何:He 林:Lin 罗:Luo 高:Gao 梁:Liang 郑:Zheng"},
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
		countries: "KR KP",
		male: "민준:Minjun 서준:Seojun 도윤:Doyun 예준:Yejun 시우:Siwoo 하준:Hajun 지호:Jiho 준서:Junseo " +
			"현우:Hyunwoo 성민:Sungmin 동현:Donghyun 재원:Jaewon 영호:Youngho 상훈:Sanghoon 진우:Jinwoo",
		female: "서연:Seoyeon 서윤:Seoyun 지우:Jiwoo 하은:Haeun 민서:Minseo 지민:Jimin 수빈:Subin 예은:Yeeun " +
			"은지:Eunji 혜진:Hyejin 지현:Jihyun 유진:Yujin 수진:Sujin 미영:Miyoung 소영:Soyoung",
		last: "김:Kim 이:Lee 박:Park 최:Choi 정:Jung 강:Kang 조:Cho 윤:Yoon 장:Jang 임:Lim 한:Han 오:Oh " +
			"서:Seo 신:Shin 권:Kwon 황:Hwang 안:Ahn 송:Song"},
}

// migrantCultures weighs the cultures of people who live outside their
// culture's countries (about one in eight people), by culture code.
var migrantCultures = map[string]int{
	"en": 20, "es": 10, "hi": 12, "zh": 8, "ar": 7, "pt": 5, "fr": 5, "de": 4, "it": 4, "pl": 4,
	"ru": 4, "uk": 3, "tr": 3, "tl": 3, "vi": 2, "ko": 2, "ja": 1, "el": 1, "he": 1, "fa": 2,
	"africa": 3, "southasia": 4, "ro": 2, "nl": 1,
}
