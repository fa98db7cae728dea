package runsheet

import "github.com/enrich-dev/enrich/state"

// Waterfall decides a row from the answers of its identifiers, in the
// row's order of preference: the first identifier whose answer is not
// "nobody" (NotFound) decides it, with that answer: Found shows the
// person, Failed and CreditsOver say why there is none yet, and any
// other phase (Queued, InFlight: no answer yet) makes the row wait. It
// returns that identifier's index and phase, or -1 and NotFound when every
// identifier found nobody. phase(i) is asked in order, and never past the
// one that decides.
//
// The run (runsheet.advance) and the export (exporter.decide) both decide
// rows with it: the run to know what a row waits on, the export to know
// what it shows.
func Waterfall(n int, phase func(i int) state.Phase) (int, state.Phase) {
	for i := range n {
		if p := phase(i); p != state.NotFound {
			return i, p
		}
	}
	return -1, state.NotFound
}
