package fault

// Exit codes of a command, as the README documents them; a run's report
// carries its run's.
const (
	ExitOK          = 0   // every row is final
	ExitError       = 1   // an error stopped the run
	ExitUsage       = 2   // bad usage, bad input, or a key or account the service refuses
	ExitIncomplete  = 3   // rows left pending, in error or without credits; the next run resumes
	ExitLocked      = 4   // another process holds the journal
	ExitInterrupted = 130 // interrupted by a signal
)

// ExitMeanings say what each exit code means, in a few words.
var ExitMeanings = map[int]string{
	ExitOK: "complete", ExitError: "an error stopped the job", ExitUsage: "bad command line or input",
	ExitIncomplete: "stopped early, resumable", ExitLocked: "another process holds the journal", ExitInterrupted: "interrupted",
}
