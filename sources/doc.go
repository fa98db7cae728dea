// Package sources reads lead spreadsheets as users really have them: CSV
// in UTF-8 (with or without a BOM), UTF-16 or Windows-1252, with any of the
// usual delimiters, and Excel workbooks (.xlsx). It streams: memory does not
// grow with the number of rows.
//
// Open returns a Table that yields the rows one at a time, each with every
// original cell exactly as read (and, for CSV, the record's text as the
// file held it) and the identifiers found in it, normalized and in
// waterfall order. Which columns hold identifiers is decided once, from the
// header and from a sample of the first rows bounded in memory; a column
// of mixed identifiers is read cell by cell. Rows are read ahead and
// normalized on every core, and come out in file order.
//
// A CSV file's encoding is decided on the evidence of the whole file; a
// workbook's sheet XML is read once, cells as stored and as displayed.
// Every error Open and Next return is an *InputError that names the file
// and, where it applies, the row.
package sources
