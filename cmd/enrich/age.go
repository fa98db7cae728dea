package main

import (
	"fmt"
	"time"

	"github.com/enrich-dev/enrich/pipeline"
)

// ageValue is a duration flag that also takes days and weeks (90d, 2w,
// 1w3d, 36h), as ages of data are said (pipeline.ParseAge).
type ageValue struct{ d *time.Duration }

// Set implements pflag.Value.
func (a ageValue) Set(s string) error {
	d, err := pipeline.ParseAge(s)
	if err != nil {
		return err
	}
	*a.d = d
	return nil
}

// String implements pflag.Value.
func (a ageValue) String() string {
	if a.d == nil || *a.d == 0 {
		return "0"
	}
	d := *a.d
	if d%(24*time.Hour) == 0 {
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	}
	return d.String()
}

// Type implements pflag.Value.
func (a ageValue) Type() string { return "age" }
