// Package sources reads lead spreadsheets as users really have them: CSV
// in UTF-8 (with or without a BOM), UTF-16 or Windows-1252, with any of the
// usual delimiters, and Excel workbooks (.xlsx). It streams: memory does not
// grow with the number of rows.
//
// Open returns a Table that yields the rows one at a time, each with every
// original cell exactly as read and the identifiers found in it, normalized
// and in waterfall order. Which columns hold identifiers is decided once,
// from the header and from a sample of the first rows.
package sources
