package world

import (
	"fmt"
	"time"
)

// Config chooses the world to build. The zero value is a valid config.
type Config struct {
	// Seed selects the world; the same seed always builds the same world.
	// Zero means 1.
	Seed int64
	// People is how many people to generate. Zero means 20000.
	People int
	// Now is the world's start: the "today" the generated histories lead
	// up to (current roles, years of experience, graduation years), from
	// which World.Advance moves the clock on. Only its date counts (in
	// UTC). Zero means 2026-01-01, a fixed date, so that a world does not
	// change from day to day: the wall clock is never read. CheckStart
	// tells which dates are allowed.
	Now time.Time
	// Namesakes is how many people in a thousand of the start are given,
	// on purpose, the full name of a colleague at their current company,
	// for tests of telling namesakes apart (see namesakes.go); with names
	// at real-world frequencies chance makes a few in a thousand. Zero
	// adds none; at most MaxNamesakes.
	Namesakes int
}

// MaxNamesakes is the most Config.Namesakes asks for: a quarter of the
// world renamed as colleagues (each renaming makes a pair).
const MaxNamesakes = 250

// Defaults applied by New to zero fields of Config.
const (
	DefaultSeed   = 1
	DefaultPeople = 20000
)

// DefaultStart is the world's start when Config.Now is zero.
var DefaultStart = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// The years a world may start in: the generated histories (founding
// years of internet companies, graduation years) read as real from 2000
// on, and a clock must stay well inside what a Month holds.
const (
	MinStartYear = 2000
	MaxStartYear = 2100
)

// CheckStart returns an error naming the allowed range when a world
// cannot start on t.
func CheckStart(t time.Time) error {
	if y := t.UTC().Year(); y < MinStartYear || y > MaxStartYear {
		return fmt.Errorf("a world starts between %d-01-01 and %d-12-31, not on %s", MinStartYear, MaxStartYear, t.UTC().Format(time.DateOnly))
	}
	return nil
}

// withDefaults returns cfg with its zero fields filled in, and its start
// at midnight UTC.
func (cfg Config) withDefaults() Config {
	if cfg.Seed == 0 {
		cfg.Seed = DefaultSeed
	}
	if cfg.People <= 0 {
		cfg.People = DefaultPeople
	}
	if cfg.Now.IsZero() {
		cfg.Now = DefaultStart
	}
	cfg.Namesakes = min(max(cfg.Namesakes, 0), MaxNamesakes)
	y, m, d := cfg.Now.UTC().Date()
	cfg.Now = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return cfg
}
