// Package api is the HTTP client for every endpoint of the profile
// service's interface, and the parser of the callbacks it posts.
//
// What travels on the wire (results, candidates, statuses, search and
// company bodies) is package wire's, which imports nothing of the client:
// the journal and the writers see those types without linking HTTP.
//
// Errors the service answers are *Error values that match a sentinel of
// their class (ErrNoCredits, ErrRateLimited, …) with errors.Is. Failures
// after a request may have reached the service match ErrMaybeDelivered.
package api
