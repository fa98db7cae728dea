#!/usr/bin/env python3
"""Writes names.tsv from the name lists of Faker as Debian packages it
(python3-fake-factory 0.9.3: apt-get install python3-fake-factory; run
with /usr/bin/python3). Only lists in Latin script are taken; a list with
frequencies (the US lists: Social Security Administration baby names and
US Census Bureau surnames, public domain) keeps them, in parts per
billion; the others are written with weight 0 (a name of the long tail).
"""
import importlib
import sys

# culture code of names_data.go -> Faker locales, each with the lists taken
SOURCES = {
    "en": [("en_US", "mfl"), ("en_GB", "mfl"), ("en_NZ", "mfl")],
    "es": [("es_ES", "mfl"), ("es_MX", "l")],
    "pt": [("pt_BR", "mfl"), ("pt_PT", "l")],
    "fr": [("fr_FR", "mfl")],
    "de": [("de_DE", "mfl"), ("de_AT", "l")],
    "it": [("it_IT", "l")],
    "nl": [("nl_NL", "mfl")],
    "tr": [("tr_TR", "mfl")],
    "id": [("id_ID", "mfl")],
    "pl": [("pl_PL", "mf")],
    "hu": [("hu_HU", "mfl")],
    "fi": [("fi_FI", "mfl")],
}
LISTS = {"m": ("male", "first_names_male"), "f": ("female", "first_names_female"), "l": ("last", "last_names")}


def latin(name):
    return all(ord(c) < 0x250 or c in "ʻ’'" for c in name) and not any(c in name for c in " .")


out = sys.stdout
out.write("culture\tkind\tname\tweight\n")
for code, locales in SOURCES.items():
    seen = set()
    for loc, kinds in locales:
        p = importlib.import_module("faker.providers.person." + loc).Provider
        for k in kinds:
            kind, attr = LISTS[k]
            names = p.__dict__.get(attr)
            if names is None:
                continue
            weighted = hasattr(names, "items") and loc == "en_US"
            for name in names:
                name = name.strip()
                if not name or not latin(name) or (kind, name) in seen:
                    continue
                seen.add((kind, name))
                w = int(round(names[name] * 1e9)) if weighted else 0
                out.write(f"{code}\t{kind}\t{name}\t{w}\n")
