package world

import "time"

// Config chooses the world to build. The zero value is a valid config.
type Config struct {
	// Seed selects the world; the same seed always builds the same world.
	// Zero means 1.
	Seed int64
	// People is how many people to generate. Zero means 20000.
	People int
	// Now is the reference "today" for dates (current roles, years of
	// experience, graduation years). Zero means 2026-01-01T00:00:00Z. The
	// wall clock is never read, so a world does not change from day to day.
	Now time.Time
}

// Defaults applied by New to zero fields of Config.
const (
	DefaultSeed   = 1
	DefaultPeople = 20000
)

// defaultNow is the reference date used when Config.Now is zero.
var defaultNow = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// withDefaults returns cfg with its zero fields filled in.
func (cfg Config) withDefaults() Config {
	if cfg.Seed == 0 {
		cfg.Seed = DefaultSeed
	}
	if cfg.People <= 0 {
		cfg.People = DefaultPeople
	}
	if cfg.Now.IsZero() {
		cfg.Now = defaultNow
	}
	cfg.Now = cfg.Now.UTC()
	return cfg
}
