#!/usr/bin/env python3
"""Writes names-gimei.tsv from lib/data/names.yml of the gem gimei
(github.com/willnet/gimei, MIT): Japanese given and family names in kanji
with their readings, as rows of culture ja in the format of names.tsv,
"kanji:Romaji", weight 0 (names of the long tail).

Usage: names-extract-gimei.py names.yml > names-gimei.tsv

gimei writes a long o or u as "ou" and "uu" (Satou); profiles spell them
as one vowel (Sato, Yuki), which this script does, except before a vowel
(Inoue).

gimei lists some readings under both sexes; a reading that is a man's
name in life (Yasuo, Haruki) is left out of the women's names, and one
that is a woman's (Keiko, Haruka) out of the men's (WRONG_SEX). Readings
given to both in life (Aoi, Hikaru, Makoto) stay in both. A reading no
name has in life (MISREAD) is left out.
"""
import re
import sys

import yaml


def hepburn(romaji):
    s = romaji.lower()
    if s.startswith("oou"):  # 大内, おお・うち: Ouchi
        return "Ou" + hepburn(s[3:]).lower()
    return re.sub(r"(ou|uu|oo)(?![aeiou])", lambda m: m.group(1)[0], s).capitalize()


MALE_ONLY = set("""Yasuo Haruo Sumio Yukio Michio Sachio Eiichi Toru Hisashi Kiyoshi Minoru
Naoki Yoshiki Masaki Tomoki Haruki Koki Kosei Riku Raito Yuto Aoto Ayato Nanato Minato Riki
Go Chikara Mario Reiya Yuya Seiya Hodaka Yuga Ryoga Seiga Fuga Hiromu Shun Shuma Yuma Reo
Reon Keito Shu Kai Aito Kaname Seiki Keiki""".split())
FEMALE_ONLY = set("""Keiko Mayo Masayo Hitomi Natsumi Tomomi Risa Rima Mana Moe Ema Rara
Kaede Haruka Haruhi Asuka Tomoe Hidemi Motomi Azumi Narumi Maasa Miharu Yuua Madoka Kiyomi
Takami Yoshimi Seira Keika Kiho Mao Rio Sena Hikari Kokoro Michiru""".split())
WRONG_SEX = {"female": MALE_ONLY, "male": FEMALE_ONLY}
# Readings no Japanese name has: 萌美 reads Moemi, not Moyumi.
MISREAD = {"Moyumi"}

d = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
out = sys.stdout
out.write("culture\tkind\tname\tweight\n")
for kind, rows in (("male", d["first_name"]["male"]), ("female", d["first_name"]["female"]), ("last", d["last_name"])):
    seen = set()
    for kanji, _, _, romaji in rows:
        name = hepburn(romaji)
        if name in WRONG_SEX.get(kind, ()) or name in MISREAD:
            continue
        if name in seen:  # another writing of the same name: the first is kept
            continue
        seen.add(name)
        out.write(f"ja\t{kind}\t{kanji}:{name}\t0\n")
