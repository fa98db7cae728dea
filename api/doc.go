// Package api holds the wire types of the profile service and the HTTP
// client for every endpoint of its interface.
//
// Decoding is lenient, because the service is: ratings arrive as numbers or
// strings, counts as numbers or "n/a", any field may be null or missing.
// Every result keeps the raw JSON the service sent, so that callers store
// exactly that and derive views from it later.
//
// Errors the service answers are *Error values that match a sentinel of
// their class (ErrNoCredits, ErrRateLimited, …) with errors.Is. Failures
// after a request may have reached the service match ErrMaybeDelivered.
package api
