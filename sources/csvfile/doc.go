// Package csvfile reads delimited text files as spreadsheet programs and
// CRMs write them: UTF-8 with or without a BOM, UTF-16 LE or BE, or
// Windows-1252; comma, semicolon, tab or pipe, found by sniffing or by
// Excel's "sep=X" first line; quoted fields with newlines and delimiters;
// stray quotes; ragged rows. It streams: memory does not depend on the
// number of rows.
//
// It is apart from package sources so that its fuzz target runs without
// the instrumentation weight of the spreadsheet libraries.
package csvfile
