package ident

import "sync/atomic"

// slowOnly switches the fast paths off (profile URLs, e-mails, phones):
// every value goes to the general parsers. The answers are the same
// either way (TestFastLinkedInAgrees, TestFastEmailAgrees,
// TestFastPhoneAgrees value by value); tests of whole sheets read them
// both ways through UseFastPaths.
var slowOnly atomic.Bool

// UseFastPaths switches the fast paths on or off for the whole process
// and returns the previous setting. It exists for tests that read the
// same sheets both ways.
func UseFastPaths(on bool) (was bool) { return !slowOnly.Swap(!on) }
