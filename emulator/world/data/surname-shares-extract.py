#!/usr/bin/env python3
"""Writes surname-shares.tsv: the measured shares of the commonest family
names of countries, in parts per billion of the country's people, from
common-surnames-by-country.csv of github.com/sigpwned/popular-names-by-country-dataset
(CC0; its names and counts are Wikipedia's lists of most common surnames,
which cite each country's statistics office or registry).

Usage: surname-shares-extract.py common-surnames-by-country.csv > surname-shares.tsv

A row's share is its Percent where given, else its Count over the
country's population (POPULATION: the UN's World Population Prospects
2022, people in 2020, rounded). Italy's counts are left out: they are in
an unstated unit. Each country is written with the naming culture of
names_data.go whose family names it measures; a name is written as the
world spells it (its romanized form, without tone marks for Chinese and
Japanese; a count the source gives two spellings, "Huỳnh/Hoàng", is
shared evenly between them) and, for cultures whose women carry a feminine form, with that
form after a slash.
"""
import csv
import sys
import unicodedata

CULTURE = {
    "AR": "es", "BR": "pt", "CL": "es", "CN": "zh", "CO": "es", "CZ": "cs", "DE": "de",
    "DK": "da", "EE": "et", "ES": "es", "FI": "fi", "FR": "fr", "GE": "ka", "HR": "hr",
    "IL": "he", "IS": "is", "JP": "ja", "KZ": "kk", "LK": "si", "MT": "mt", "MX": "es",
    "NL": "nl", "NO": "no", "PE": "es", "PH": "tl", "PL": "pl", "PT": "pt", "RU": "ru",
    "SI": "sl", "SK": "sk", "TW": "tw", "US": "en", "VN": "vi", "XK": "sq", "BE": "vls",
    "AT": "de", "CH": "de", "CU": "es", "DO": "es", "GT": "es", "SV": "es", "PY": "es",
    "BG": "bg",
}
POPULATION = {  # millions, 2020
    "AR": 45.0, "CL": 19.3, "CN": 1424.9, "CO": 50.9, "CZ": 10.7, "DK": 5.8, "EE": 1.3,
    "FR": 64.5, "GE": 3.8, "HR": 4.1, "KZ": 18.8, "LK": 21.7, "MX": 125.9, "NO": 5.4,
    "PH": 112.2, "PL": 38.4, "SI": 2.1, "SK": 5.5, "TW": 23.8, "US": 335.9, "XK": 1.8,
    "BE": 11.6, "CH": 8.6, "CU": 11.3, "DO": 10.9, "GT": 17.4, "SV": 6.3, "BG": 6.9,
    "IS": 0.37, "MT": 0.52, "JP": 125.8, "IL": 9.2, "RU": 145.6, "BY": 9.4,
}


# cultures of names_data.go in another script than Latin: their names are
# written "Native:Roman", the native spelling being the dataset's.
NATIVE = {"zh", "tw", "ja", "ru", "kk", "bg", "he"}


def fold(s):
    """Drops tone marks and macrons: Wáng → Wang, Satō → Sato."""
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


def feminine(culture, m):
    if culture == "pl":
        return m[:-1] + "a" if m.endswith(("ski", "cki", "dzki")) else m
    if culture in ("cs", "sk"):
        if m.endswith("ý"):
            return m[:-1] + "á"
        if m.endswith("a"):
            return m[:-1] + "ová"
        if m.endswith("ek"):
            return m[:-2] + "ková"
        if m.endswith("ec"):
            return m[:-2] + "cová"
        return m + "ová"
    if culture in ("ru", "kk", "bg"):
        return m + ("а" if m[-1] in "вн" else "a") if m.endswith(("ov", "ev", "in", "ов", "ев", "ин")) else m
    return m


# Korea's commonest family names, which the dataset lists without counts:
# Statistics Korea, 2015 census (people of each family name, of 49.7
# million), as the world spells them.
KOREA = [("Kim", 10689959), ("Lee", 7306828), ("Park", 4192074), ("Choi", 2333927), ("Jung", 2151879),
         ("Kang", 1176847), ("Cho", 1055567), ("Yoon", 1020547), ("Jang", 992721), ("Lim", 823921)]

# Counts the dataset gives wrong: Norway's Larsens are counted 38, their
# thousands lost (Statistics Norway counts about 38,000, as many as its
# neighbours in the list).
COUNT_FIXES = {("NO", "Larsen"): 38000}

out = sys.stdout
out.write("country\tculture\tname\tweight\n")
seen = set()
for row in csv.DictReader(open(sys.argv[1], encoding="utf-8-sig")):
    cc = row["Country"]
    if cc not in CULTURE:
        continue
    name = (row["Romanized Name"] or row["Localized Name"]).strip()
    native = row["Localized Name"].strip().replace("\u0301", "")  # no stress marks
    if cc in ("CN", "JP", "TW"):
        name = fold(name)
    if not name or not all(c in "'’ -/" or "LATIN" in unicodedata.name(c, "") for c in name):
        continue
    if row["Percent"]:
        share = float(row["Percent"])
    elif row["Count"] and cc in POPULATION:
        share = float(COUNT_FIXES.get((cc, name), row["Count"])) / (POPULATION[cc] * 1e6)
    else:
        continue
    key = (cc, row["Name Group"])
    if key in seen:  # another spelling of the same name: its first is kept
        continue
    seen.add(key)
    culture = CULTURE[cc]
    # "Huỳnh/Hoàng": one count for two names, shared evenly.
    variants = name.split("/")
    for name in variants:
        f = feminine(culture, name)
        nf = feminine(culture, native) if culture in ("ru", "kk", "bg") else native
        if f != name:
            name += "/" + f
        if culture in NATIVE:
            if not native or len(variants) > 1:
                continue
            name = (native + "/" + nf if nf != native else native) + ":" + name
        out.write(f"{cc}\t{culture}\t{name}\t{round(share * 1e9 / len(variants))}\n")
for name, people in KOREA:
    out.write(f"KR\tko\t{name}\t{round(people / 49_705_663 * 1e9)}\n")
