package pipeline

// SetModelOnly has every run read its input into its model, as a run
// whose journal does not settle its rows does; it returns what sets it
// back.
func SetModelOnly(on bool) (restore func()) {
	old := modelOnly
	modelOnly = on
	return func() { modelOnly = old }
}
