package sources

// FileProgress is told how far a pass over the input is: which pass
// (PassRead, PassWrite), the rows it has done so far, and the rows of the
// input, -1 while they are not known.
type FileProgress func(pass string, rows int, total int64)

// The passes over the input a FileProgress is told of.
const (
	PassRead  = "rows read"    // the identifiers, before anything is sent
	PassWrite = "rows written" // the output
)
