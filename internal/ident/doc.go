// Package ident recognises and normalizes the identifiers a lead row can
// carry: a professional-network profile URL, an e-mail address, a phone
// number and a 32-hex profile uid.
//
// Normalization produces the one form that is submitted to the service and
// used as the key of a lookup, so that two spellings of the same person cost
// one credit. A value that cannot be normalized is rejected with an error
// whose text is the reason a user reads ("not a profile URL (/pub/ path)");
// reasons never contain the value itself, so that they group well in a
// summary.
package ident
