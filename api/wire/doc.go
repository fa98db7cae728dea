// Package wire holds what is on the profile service's wire: lookup
// results and their statuses, candidates, search queries and pages,
// company bodies, and the parsers of them. It imports nothing of enrich.
//
// Decoding is lenient, because the service is: ratings arrive as numbers or
// strings, counts as numbers or "n/a", any field may be null or missing.
// Every result keeps the raw JSON the service sent, so that callers store
// exactly that and derive views from it later.
package wire
