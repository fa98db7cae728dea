// Package search is the emulator's people search: the filters of
// searchByQuery (interface 4.2) over a world.World, the boolean query
// language of its text filters, the location filter with its gazetteer and
// 10 km radius, and the brief search profiles it returns.
//
// # Queries
//
// currentTitle, currentPastTitle, currentCompany, currentPastCompany,
// keywords and education take boolean queries:
//
//	query   = or
//	or      = and { "OR" and }
//	and     = unary { ["AND"] unary | "NOT" unary }
//	unary   = "NOT" unary | primary
//	primary = word | '"' phrase '"' | "(" or ")"
//
// AND binds tighter than OR; adjacent terms without an operator are joined
// by AND ("software engineer" is "software AND engineer"); NOT is unary
// ("NOT intern") and binary ("manager NOT assistant" is "manager AND NOT
// assistant"). Operators are recognized in any case ("and", "Or"); to
// search for the word itself, quote it ("\"and\""). Curly quotes work as
// straight ones. Matching is case- and accent-insensitive on words: runs
// of letters and digits, where "C++" and "C#" stay words and "Node.js" is
// the phrase "node js". A quoted phrase matches consecutive words. A
// malformed query (unbalanced parentheses or quotes, an operator without
// an operand, empty parentheses or phrase, a query of no words) is a 422
// whose message names the filter and the 1-based character position, such
// as `currentTitle: "(" is never closed at position 1`.
//
// What a query is matched against:
//
//   - currentTitle: each title the person holds in a current role, one
//     title at a time ("Manager NOT Senior" matches a person with a title
//     that has "manager" and not "senior"); currentPastTitle: each title of
//     any role, current or past. currentPastTitle wins: currentTitle is
//     then ignored.
//   - currentCompany and currentPastCompany: each employer's name, one at
//     a time, among current employers or all of them. Both may be given.
//   - keywords: the whole profile as one document (each term may match a
//     different field): skills, job titles and employers' names of every
//     role, the industry, the schools, fields of study and degrees, the
//     headline and the summary. A phrase must fall within one field; in the
//     headline and summary a phrase of three or more words is matched by
//     its pairs of neighbouring words.
//   - education: the schools, fields of study and degrees, as one document.
//   - fullName is not a query: every word of it must be a word of the
//     person's name (or of its other spelling), in any order.
//
// # Locations
//
// location takes a string or an array of strings (any may match):
//
//   - a country by English name ("Germany", "United States") or a common
//     alias ("USA", "UK", "Turkey");
//   - a US state or Canadian province or territory by name or postal
//     abbreviation, alone or with its country ("Texas", "TX",
//     "Texas, USA", "Ontario, Canada"): the people whose home is there;
//   - a city, with context or alone ("Austin, Texas", "Austin, TX, United
//     States", "Berlin, Germany", "London, England, United Kingdom",
//     "Paris"): the people whose home lies within 10 km of it, by the
//     haversine distance between the gazetteer's real coordinates.
//
// Case, accents, dots and extra spaces do not matter. Where several
// readings exist, a country wins over a state ("Georgia" is the country,
// "Georgia, USA" and "GA" the state), a state over a city ("New York" and
// "Washington" are states; "New York, NY" and "Washington, DC" cities),
// and among cities of one name the most populous that fits the context
// ("Paris" is in France, "Paris, TX" in Texas). Anything else is a 422
// "Location is not recognized". latitude and longitude (both or neither)
// search 10 km around a point, coordinates around each of several points;
// either overrides location, and latitude/longitude override coordinates.
//
// # Other filters
//
// industry and industries take names of the world's industry list
// (World.Industries; an unknown one is a 422) and match the industry of
// the current employer, or of the latest one for someone between jobs.
// department and level take the values of interface 4.2 (case-insensitive;
// anything else is a 422) and match the current role. The years filters
// bound whole years in the current role (people without one never match)
// and over all roles, counted up to the world's clock. openToWork true keeps those open to work, false
// those who are not. size is 1 to 100 (default 10). A search must have a
// filter other than the exclude* ones.
//
// # Exclusions
//
// excludeRevealed drops the people whose contacts the account fetched
// (the emulator knows them: lookups with contacts). The other exclude*
// filters read state of the service's web application, which the emulator
// does not have; instead each account has marked a fixed share of people,
// chosen by a hash of its API key and the person's uid (see Marked): 8%
// watched, 5% in lists, 3% in progress, 4% e-mailed.
//
// # The world's clock
//
// An Index is of a world at one date: every filter reads the world as of
// its clock (the current company and title of someone who moved are the
// new ones; their old company lists them among its past staff). A world
// advanced in time (world.World.Advance) is indexed anew.
//
// # Results and speed
//
// Matches come in ascending person order, so pages are stable and a
// scroll visits every match exactly once. Text filters are evaluated by
// set algebra over postings (dense bitmaps for common keys, two bytes a
// member otherwise); attributes such as home city, department and years
// are compact columns checked person by person. On a million people a
// typical filtered query takes about a millisecond, and the index takes a
// few seconds to build and about 140 MB (BENCHMARKS.md).
package search
