package fault

import "fmt"

// Stop reasons: why a job ended before every row was final.
const (
	StopCredits     = "credits exhausted"
	StopMaxCredits  = "--max-credits reached"
	StopMaxDuration = "--max-duration reached"
	StopInterrupted = "interrupted"
	StopOutage      = "the service did not answer for --service-wait"
	StopBudget      = "the shared budget (Redis) did not answer for --service-wait"
	StopAccount     = "the service refused the account"
	StopRefused     = "refused for good: no wait mends it"
	StopRejected    = "the service rejected a lookup request"
	StopStorage     = "the journal could not be written"
	StopReceiver    = "the callback receiver failed"
	StopAttempts    = "identifiers given up after --max-attempts"
	// StopWaiting is a run that ended with rows still waiting and no
	// other reason.
	StopWaiting = "rows left waiting"
)

// StopErrors is a run that ended with n rows in error and no other
// reason.
func StopErrors(n int) string { return fmt.Sprintf("%d rows in error", n) }
