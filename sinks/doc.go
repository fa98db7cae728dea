// Package sinks writes enriched tables: every input row in input order
// with all its original cells unchanged, then the appended columns an
// export chooses (DefaultColumns: enrich_status … enrich_error), whose
// values the export derives from the journal (see package profile). The
// format follows the output's extension: .csv, .xlsx, .jsonl or .parquet
// (typed columns), or the output is a database's table, written by key
// in one transaction (dbtable.go). One
// writer per format serves both the enriched sheet and the typed tables
// of search and company exports (Table, columns from gocsv tags). Files
// are written atomically (temporary file, fsync, rename, fsync of the
// directory), so a crash never leaves half an output behind.
//
// A CSV input written as CSV keeps its bytes: each record as the file
// held it, its line ending, the delimiter, BOM and sep= line, and an
// encoding the same spreadsheet program reads. An .xlsx input written as
// .xlsx keeps its workbook: the package is copied and only the data
// sheet's XML is rewritten, as a stream, each row's cells as they were.
//
// An export may fill cells of the user's own columns (Outcome.Fills):
// those cells, and nothing else of the user's, change. A CSV record keeps
// the bytes of every field it does not fill; a workbook keeps the XML of
// every other cell, and a filled cell keeps its reference and style.
//
// Values from the service are untrusted text: in CSV a cell that a
// spreadsheet would run as a formula is neutralized (Formulaic), and
// appended XLSX cells are always text, never formulas. Package sinks
// reads neither the input nor the service's JSON: it takes rows and
// layouts of package sheet and values already derived.
package sinks
