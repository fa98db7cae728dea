// Package sinks writes enriched tables: every input row in input order
// with all its original cells unchanged, then the enrich_* columns derived
// from the raw profile the service returned. The format follows the
// output's extension: .csv, .xlsx or .jsonl. Files are written atomically
// (temporary file, fsync, rename, fsync of the directory), so a crash never
// leaves half an output behind.
//
// Values from the service are untrusted text: in CSV an appended cell that
// a spreadsheet would take for a formula is neutralized, and XLSX cells are
// always text, never formulas.
package sinks
