// Package gctarget sets the garbage collector's target for a stretch of
// work, within what the user set: a command that holds little and makes
// garbage fast raises it, one whose peak memory is bounded lowers it.
package gctarget

import (
	"os"
	"runtime/debug"
)

// Lower sets the collector's target to percent, unless it is lower
// already or off (GOGC), and returns what sets it back.
func Lower(percent int) (restore func()) {
	old := debug.SetGCPercent(percent)
	if old < 0 || old <= percent {
		debug.SetGCPercent(old)
		return func() {}
	}
	return func() { debug.SetGCPercent(old) }
}

// Raise sets the collector's target to percent, unless GOGC set one, and
// returns what sets it back.
func Raise(percent int) (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(percent)
	return func() { debug.SetGCPercent(old) }
}
