// Package world generates the emulator's synthetic population: people and
// the companies they work for, built deterministically from a seed.
//
// The same Config always yields the same world, byte for byte, on every
// platform: randomness comes from math/rand/v2's PCG seeded from the config
// (never from the clock or map order), weights are integers (so no fused
// multiply-add can move a boundary), and hash-based indexes use a fixed hash.
//
// People are stored compactly: names and vocabulary values are interned
// strings or small integer codes, slices are cut from shared slabs, and
// anything that only the profile JSON needs (job descriptions, summaries,
// projects, other contacts) is derived on demand from a per-person seed
// inside Candidate rather than kept in memory.
//
// The world aims to read as real to someone who knows profiles: people
// spread over countries as the network's members are, with given and
// family names of one culture of their country; names in Latin script,
// places under their conventional English names (with the neighbourhoods
// of a city counted as the city), phone numbers of the person's area
// code, real universities, degrees that fit the field, the school and
// the date; careers that keep to one role of one line of work (clinical
// staff in health care), take a year or more between changes, begin no
// earlier than their employer, and climb a pyramid (a peak drawn for each
// person, one holder of each chief office per company, founders of young
// companies since their founding, self-employed owners of a business of
// one); and companies whose names, domains (no digits), sizes, ages and
// offices fit their country and industry, the biggest in big cities. The
// realism check (realism_test.go) counts each of these over a drawn world.
//
// A world moves in time (clock.go): it is generated as of its start
// (Config.Now), and Advance returns the same world later, when career
// events drawn from the seed have moved people to new titles and new
// companies. A world at a date is a pure function of the config and the
// date, however its clock got there.
//
// Places, countries, US and Canadian states, the industry list, the
// universities and the +1 area codes come from the embedded files under
// data/ (see data/README.md for sources and licences). Contains data from
// GeoNames (https://www.geonames.org/), licensed under CC BY 4.0.
package world
