//go:build !race

package world

// raceDetector reports whether the tests run under the race detector.
const raceDetector = false
