// Writes names-fakerjs.tsv from the name lists of @faker-js/faker 9.9.0
// (MIT): npm pack @faker-js/faker@9.9.0, unpack it, and run
// `node names-extract-fakerjs.mjs PATH/TO/package > names-fakerjs.tsv`.
// Only a locale's own lists are taken (not those it inherits from
// English), only in Latin script, with Vietnamese given names of two words. Where a culture gives women the
// feminine form of a family name (Czech, Slovak, Polish, Azerbaijani,
// Uzbek), a family name is written "Masculine/Feminine" when the
// locale's lists hold both forms, and left out otherwise.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const pkg = process.argv[2];
const faker = await import(pathToFileURL(path.join(pkg, 'dist/index.js')).href);

// culture code of names_data.go -> faker-js locales
const SOURCES = {
  it: ['it'], fr: ['fr'], de: ['de', 'de_AT', 'de_CH'], es: ['es', 'es_MX'],
  pt: ['pt_BR', 'pt_PT'], nl: ['nl'], vls: ['nl_BE'], pl: ['pl'], tr: ['tr'], cs: ['cs_CZ'],
  sk: ['sk'], hu: ['hu'], ro: ['ro', 'ro_MD'], hr: ['hr'], nordic: ['sv'], da: ['da'],
  no: ['nb_NO'], fi: ['fi'], id: ['id_ID'], az: ['az'], uz: ['uz_UZ_latin'], yo: ['yo_NG'], vi: ['vi'],
  lv: ['lv'], af: ['af_ZA'], za: ['zu_ZA'], ak: ['en_GH'],
};
// Ghana's locale lists English given names too: only its Akan day names
// and its family names are Ghana's own (the others the culture borrows
// from English already).
const AKAN_GIVEN = /^(Abeiku|Akwasi|Akwesi|Ekow|Eyram|Fiifi|Joojo|Kofi|Kojo|Kwabena|Kwadwo|Kwaku|Kwame|Kwamena|Kwasi|Kweku|Kwesi|Yaw|Aba|Abena|Adwoa|Akofa|Akorfa|Akosua|Akua|Akumaa|Ama|Esi|Yaa|Efua|Afua|Adjoa|Araba|Ekua)$/;
// feminine forms of a masculine family name, by culture
const FEMININE = {
  cs: (m) => [m + 'ová', m.slice(0, -1) + 'ová', m.replace(/ý$/, 'á'), m.replace(/ek$/, 'ková'), m.replace(/ec$/, 'cová')],
  sk: (m) => [m + 'ová', m.slice(0, -1) + 'ová', m.replace(/ý$/, 'á'), m.replace(/ek$/, 'ková'), m.replace(/ec$/, 'cová')],
  pl: (m) => (/(ski|cki|dzki)$/.test(m) ? [m.replace(/i$/, 'a')] : [m]),
  az: (m) => [m + 'a'],
  uz: (m) => [m + 'a'],
  lv: (m) => !/[sš]$/.test(m) ? [m] : [m.slice(0, -1) + 'a', m.slice(0, -1) + 'e', m.slice(0, -2) + 'e', m.slice(0, -2) + 'a', m.slice(0, -3) + 'iece', m],
};
// Georgian and Armenian names, listed in their own scripts, are written
// in the Latin spelling their bearers use (Abashidze, Grigoryan).
const GEORGIAN = {
  ა: 'a', ბ: 'b', გ: 'g', დ: 'd', ე: 'e', ვ: 'v', ზ: 'z', თ: 't', ი: 'i', კ: 'k', ლ: 'l', მ: 'm',
  ნ: 'n', ო: 'o', პ: 'p', ჟ: 'zh', რ: 'r', ს: 's', ტ: 't', უ: 'u', ფ: 'p', ქ: 'k', ღ: 'gh', ყ: 'q',
  შ: 'sh', ჩ: 'ch', ც: 'ts', ძ: 'dz', წ: 'ts', ჭ: 'ch', ხ: 'kh', ჯ: 'j', ჰ: 'h',
};
const ARMENIAN = {
  ա: 'a', բ: 'b', գ: 'g', դ: 'd', ե: 'e', զ: 'z', է: 'e', ը: 'y', թ: 't', ժ: 'zh', ի: 'i', լ: 'l',
  խ: 'kh', ծ: 'ts', կ: 'k', հ: 'h', ձ: 'dz', ղ: 'gh', ճ: 'ch', մ: 'm', յ: 'y', ն: 'n', շ: 'sh',
  ո: 'o', չ: 'ch', պ: 'p', ջ: 'j', ռ: 'r', ս: 's', վ: 'v', տ: 't', ր: 'r', ց: 'ts', փ: 'p', ք: 'k',
  օ: 'o', ֆ: 'f', և: 'ev',
};
// armenianLatin spells an Armenian name as its bearers do: ու is u, an
// initial ե ye and ո vo, յան -yan.
function armenianLatin(name) {
  let s = name.toLowerCase().replace(/ու/g, 'u');
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (i === 0 && c === 'ե') out += 'ye';
    else if (i === 0 && c === 'ո') out += 'vo';
    else out += ARMENIAN[c] ?? c;
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}
function georgianLatin(name) {
  const out = [...name].map((c) => GEORGIAN[c] ?? c).join('');
  return out.charAt(0).toUpperCase() + out.slice(1);
}
// culture code -> [faker-js locale, its Latin spelling, whether its given
// names are told apart by sex]
const SPELT = { ka: ['ka_GE', georgianLatin, false], hy: ['hy', armenianLatin, true] };
// Vietnamese given names are two words ("Minh Tuấn"); other names are one.
// Names in Cyrillic or Greek script are written "Native:Roman", the roman
// spelling by the plain transliteration profiles use (Ivanov, Hnatiuk,
// Papadopoulos); Serbian names, listed in Latin, get their Cyrillic
// spelling by Serbian's one-to-one alphabets.
const CYRILLIC = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  ѓ: 'gj', ѕ: 'dz', ј: 'j', љ: 'lj', њ: 'nj', ќ: 'kj', џ: 'dzh',
};
const UKRAINIAN = { ...CYRILLIC, г: 'h', ґ: 'g', и: 'y', і: 'i', ї: 'yi', є: 'ye', 'ʼ': '', "'": '' };
const MACEDONIAN = { ...CYRILLIC, х: 'h', ц: 'c', ж: 'zh' };
const GREEK = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm',
  ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};
const GREEK_PAIRS = [['ου', 'ou'], ['αι', 'ai'], ['ει', 'ei'], ['οι', 'oi'], ['αυ', 'av'], ['ευ', 'ev'], ['γγ', 'ng'], ['γκ', 'gk'], ['μπ', 'mp'], ['ντ', 'nt']];
function transliterate(name, table, pairs = []) {
  let s = name.normalize('NFD').replace(/[\u0301\u0308]/g, '').normalize('NFC');
  let out = '';
  for (let i = 0; i < s.length; ) {
    const lower = s.slice(i, i + 2).toLowerCase();
    const pair = pairs.find(([g]) => g === lower);
    const c = s[i];
    let r = pair ? pair[1] : (table[c.toLowerCase()] ?? c);
    if (c !== c.toLowerCase()) r = r.charAt(0).toUpperCase() + r.slice(1);
    out += r;
    i += pair ? 2 : 1;
  }
  // Initial Greek μπ, ντ, γκ are b, d, g.
  if (pairs.length) out = out.replace(/^Mp/, 'B').replace(/^Nt/, 'D').replace(/^Gk/, 'G');
  return out;
}
const SERBIAN = [['lj', 'љ'], ['nj', 'њ'], ['dž', 'џ'], ['a', 'а'], ['b', 'б'], ['c', 'ц'], ['č', 'ч'], ['ć', 'ћ'], ['d', 'д'], ['đ', 'ђ'], ['e', 'е'], ['f', 'ф'], ['g', 'г'], ['h', 'х'], ['i', 'и'], ['j', 'ј'], ['k', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['r', 'р'], ['s', 'с'], ['š', 'ш'], ['t', 'т'], ['u', 'у'], ['v', 'в'], ['z', 'з'], ['ž', 'ж']];
function serbianCyrillic(name) {
  let out = '';
  for (let i = 0; i < name.length; ) {
    const two = name.slice(i, i + 2).toLowerCase();
    const one = name[i].toLowerCase();
    const hit = SERBIAN.find(([l]) => l === two) ?? SERBIAN.find(([l]) => l === one);
    if (!hit) return null;
    const up = name[i] !== name[i].toLowerCase();
    out += up ? hit[1].toUpperCase() : hit[1];
    i += hit[0].length;
  }
  return out;
}
// culture code -> [faker-js locale, the native spelling of a name and its roman one]
const SCRIPTED = {
  ru: ['ru', (n) => [n, transliterate(n, CYRILLIC)]],
  uk: ['uk', (n) => [n, transliterate(n, UKRAINIAN)]],
  mk: ['mk', (n) => [n, transliterate(n, MACEDONIAN)]],
  el: ['el', (n) => [n, transliterate(n, GREEK, GREEK_PAIRS)]],
  sr: ['sr_RS_latin', (n) => [serbianCyrillic(n), n]],
};
// feminine forms of masculine family names in the scripted cultures,
// taken when the locale lists them
const SCRIPTED_FEMININE = (m) => [m + 'а', m.replace(/ий$/, 'а'), m.replace(/ки$/, 'ка'), m.replace(/ης$/, 'ου'), m.replace(/ος$/, 'ου'), m.replace(/ας$/, 'α'), m.replace(/ής$/, 'ού'), m.replace(/ός$/, 'ού')];

// greekFeminine returns a woman's form of a Greek man's family name, or
// null for a name that is not a man's.
function greekFeminine(m) {
  const rules = [[/όπουλος$/, 'οπούλου'], [/ίδης$/, 'ίδου'], [/ιάδης$/, 'ιάδου'], [/άκης$/, 'άκη'], [/ης$/, 'η'], [/ος$/, 'ου'], [/ας$/, 'α'], [/ής$/, 'ή'], [/ός$/, 'ού'], [/άς$/, 'ά']];
  for (const [re, f] of rules) if (re.test(m)) return m.replace(re, f);
  return null;
}

const latin = (n, code) => /^[\p{Script=Latin}ʻ’'-]+$/u.test(code === 'vi' ? n.replace(' ', '') : n);

const out = ['culture\tkind\tname\tweight'];
for (const [code, locales] of Object.entries(SOURCES)) {
  const seen = new Set();
  const add = (kind, name) => {
    name = name.trim();
    if (!name || !latin(name.replace('/', ''), code) || /[ɔɛ]/.test(name) || seen.has(kind + name)) return;
    if (code === 'ak' && kind !== 'last' && !AKAN_GIVEN.test(name)) return;
    seen.add(kind + name);
    out.push(`${code}\t${kind}\t${name}\t0`);
  };
  for (const loc of locales) {
    const p = faker[loc]?.person;
    if (!p) continue;
    for (const [kind, list] of [['male', p.first_name?.male], ['female', p.first_name?.female]]) {
      for (const n of list ?? []) add(kind, n);
    }
    const last = p.last_name ?? {};
    if (FEMININE[code]) {
      const fem = new Set(last.female ?? last.generic ?? []);
      for (const m of last.male ?? last.generic ?? []) {
        // Polish forms follow a rule; the others are taken only when the
        // locale lists the feminine form too.
        const forms = FEMININE[code](m);
        const f = code === 'pl' ? forms[0] : forms.find((x) => fem.has(x));
        if (f === m) add('last', m);
        else if (f) add('last', `${m}/${f}`);
      }
      continue;
    }
    for (const n of last.generic ?? []) add('last', n);
  }
}
for (const [code, [loc, spell, bySex]] of Object.entries(SPELT)) {
  const p = faker[loc].person;
  const kinds = bySex ? [['male', p.first_name.male], ['female', p.first_name.female]] : [];
  for (const [kind, list] of [...kinds, ['last', p.last_name.generic]]) {
    for (const n of new Set(list.map(spell))) if (/^[A-Za-z]+$/.test(n)) out.push(`${code}\t${kind}\t${n}\t0`);
  }
}
for (const [code, [loc, spell]] of Object.entries(SCRIPTED)) {
  const p = faker[loc].person;
  const seen = new Set();
  const write = (kind, m, f) => {
    const [nm, rm] = spell(m);
    if (!nm || seen.has(kind + rm)) return;
    seen.add(kind + rm);
    if (f && f !== m) {
      const [nf, rf] = spell(f);
      if (!nf) return;
      out.push(`${code}\t${kind}\t${nm}/${nf}:${rm}/${rf}\t0`);
      return;
    }
    out.push(`${code}\t${kind}\t${nm}:${rm}\t0`);
  };
  for (const kind of ['male', 'female']) {
    for (const n of p.first_name?.[kind] ?? []) if (!n.includes(' ')) write(kind, n);
  }
  const last = p.last_name ?? {};
  if (code === 'el') {
    // Greek lists mix the forms; a woman's is the genitive of a man's.
    for (const m of last.generic ?? []) {
      const f = greekFeminine(m);
      if (f) write('last', m, f);
    }
    continue;
  }
  const males = last.male ?? last.generic ?? [];
  const fem = new Set(last.female ?? last.generic ?? []);
  const all = new Set(last.generic ?? []);
  for (const m of males) {
    const f = SCRIPTED_FEMININE(m).find((x) => x !== m && fem.has(x));
    // A feminine form listed alone is written with its masculine.
    if (!f && last.male === undefined && SCRIPTED_FEMININE(m).some((x) => x !== m && m === x)) continue;
    if (f) {
      write('last', m, f);
    } else if (!males.some((x) => SCRIPTED_FEMININE(x).includes(m) && x !== m)) {
      write('last', m);
    }
  }
  void all;
}
process.stdout.write(out.join('\n') + '\n');
