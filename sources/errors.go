package sources

// InputError is an error about the input: the file cannot be read, is not
// a spreadsheet enrich reads, is malformed, or the options do not fit it
// (a sheet or column that is not there). Commands report it as bad input,
// not as a failure of their own. Its text names the file and, where it
// applies, the row and the field.
type InputError struct {
	Path string
	Err  error
}

// Error returns the message, which already names the file.
func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

func inputError(path string, err error) error {
	if err == nil {
		return nil
	}
	return &InputError{Path: path, Err: err}
}
