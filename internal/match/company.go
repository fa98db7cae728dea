package match

import (
	"net/url"
	"slices"
	"strings"
)

// legalForms are the words of legal forms that end company names, as
// words folds them ("S.A. de C.V." is "sa de cv", "A/S" is "as").
var legalForms = set("inc", "incorporated", "llc", "llp", "lp", "ltd", "limited", "corp", "corporation",
	"co", "company", "plc", "gmbh", "ag", "kg", "sa", "sas", "sarl", "sl", "spa", "srl", "bv", "nv", "oy", "oyj",
	"ab", "as", "asa", "aps", "pty", "pvt", "kk", "ltda", "sp", "z", "oo", "de", "cv", "se", "ug", "mbh")

// CompanyKey returns the words that name a company, folded, without a
// leading "The" and without the legal form it ends with: "The Acme
// Company, Inc." and "ACME" have the same key. A name that is nothing but
// a legal form keeps its words.
func CompanyKey(name string) string {
	w := words(name)
	if len(w) > 1 && w[0] == "the" {
		w = w[1:]
	}
	for i := 1; i+1 < len(w); i++ {
		if andWords[w[i]] {
			w[i] = "and" // "Jäger und Neumann", "Pérez y Asociados"
		}
	}
	end := len(w)
	for end > 1 && legalForms[w[end-1]] {
		end--
		// "GmbH & Co. KG", "Ltd. & Co.": forms joined by "and".
		if end > 2 && w[end-1] == "and" && legalForms[w[end-2]] {
			end--
		}
	}
	// "de" only belongs to a legal form when one follows it ("S.A. de
	// C.V."): a name that ends "de" after the forms went keeps it.
	for end < len(w) && w[end] == "de" {
		end++
	}
	return strings.Join(w[:end], " ")
}

// CompaniesAgree reports whether the company a row gives is the one a
// candidate names: the same key (see CompanyKey), or, when the row gives
// a web address or domain ("acme.com", "https://www.acme-robotics.co.uk"),
// a domain whose name is the candidate's key written as one word.
func CompaniesAgree(row, candidate string) bool {
	key := CompanyKey(candidate)
	if key == "" {
		return false
	}
	if label, ok := domainName(row); ok {
		// "&" is spelt "and" in a name, and dropped or spelt in a domain;
		// a domain may keep the legal form ("kttcompany.com").
		whole := strings.Join(words(candidate), "")
		return label == strings.ReplaceAll(key, " ", "") || label == strings.ReplaceAll(strings.ReplaceAll(key, " and ", " "), " ", "") ||
			label == whole || label == strings.TrimPrefix(whole, "the")
	}
	return CompanyKey(row) == key
}

// secondLevel are the labels that stand before a country's code in
// registered names ("co.uk", "com.au").
// andWords are "and" in the languages of the company names sheets give,
// read so between two words of a name.
var andWords = set("und", "et", "y", "e", "en", "og", "och", "i", "ve")

var secondLevel = set("co", "com", "org", "net", "ac", "gov", "edu", "ltd", "plc")

// domainName returns the registered name of a web address or domain, its
// hyphens dropped: "https://www.acme-robotics.co.uk/about" gives
// "acmerobotics". ok is false when s is no domain.
func domainName(s string) (string, bool) {
	label, ok := domainLabel(s)
	name := strings.ReplaceAll(label, "-", "")
	return name, ok && name != ""
}

// domainLabel returns the name of a web address or domain as registered,
// hyphens kept: "golden-spark" of "https://www.golden-spark.co.uk/about".
func domainLabel(s string) (string, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	if strings.ContainsAny(s, " \t,") {
		return "", false
	}
	host := s
	if strings.Contains(s, "://") {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return "", false
		}
		host = u.Hostname()
	} else {
		host, _, _ = strings.Cut(host, "/")
	}
	labels := strings.Split(strings.TrimPrefix(host, "www."), ".")
	if len(labels) < 2 || labels[len(labels)-1] == "" {
		return "", false
	}
	labels = labels[:len(labels)-1] // the top-level domain
	if len(labels) > 1 && secondLevel[labels[len(labels)-1]] {
		labels = labels[:len(labels)-1]
	}
	label := strings.Trim(labels[len(labels)-1], "-")
	return label, label != ""
}

// CompanyOf returns what names the company a row gives: the name of its
// web domain, or the key of its name (see CompanyKey).
func CompanyOf(s string) string {
	if name, ok := domainName(s); ok {
		return name
	}
	return CompanyKey(s)
}

// IsDomain reports whether a row gives its company by web address or
// domain.
func IsDomain(s string) bool {
	_, ok := domainName(s)
	return ok
}

// DomainTerms returns the words a company's name may begin with, given
// its web address: each hyphenated part of the domain's name, and the
// beginnings of them of two letters or more ("oakworthsoftware.com":
// "oa", "oak", "oakw", …, "oakworthsoftware"), so that a search for any of them
// finds the company by the first word of its name; "get…" is set aside.
func DomainTerms(s string) []string {
	label, ok := domainLabel(s)
	if !ok {
		return nil
	}
	var out []string
	add := func(w string) {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	for _, part := range strings.Split(label, "-") {
		if rest, ok := strings.CutPrefix(part, "get"); ok && len(rest) >= 3 {
			part = rest
		}
		if len(part) < 3 {
			add(part)
			continue
		}
		// Initials or a short word first: "vecargo" is VE Cargo,
		// "rrenergy" RR Energy.
		add(part[:2])
		for n := 3; n <= len(part) && len(out) < 40; n++ {
			add(part[:n])
		}
	}
	return out
}
