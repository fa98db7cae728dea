package assistant

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/enrich-dev/enrich/internal/clock"
	"github.com/enrich-dev/enrich/pipeline"
	"github.com/enrich-dev/enrich/report"
)

// Job states.
const (
	stateRunning    = "running"
	stateComplete   = "complete"   // every row is final
	stateIncomplete = "incomplete" // stopped early (credits, limits, interrupted); running it again resumes
	stateFailed     = "failed"     // could not run or go on; see error
)

// job is a run started by the run tool. It is the run's progress display:
// the pipeline hands it a snapshot about once a second.
type job struct {
	id                     string
	seq                    int        // order of creation
	input, output, journal string     // confined
	files                  *openFiles // what the pipeline opens them by
	started                time.Time
	clock                  clock.Clock   // what waits for the job wait on
	done                   chan struct{} // closed when the run returned

	mu      sync.Mutex
	snap    *pipeline.Snapshot
	changed chan struct{} // closed, and replaced, when snap changes
	report  *report.Run
	err     error
}

var _ pipeline.Progress = (*job)(nil)

func newJob(seq int, input, output, journal string, files *openFiles, clk clock.Clock) *job {
	return &job{id: "job-" + strconv.Itoa(seq), seq: seq, input: input, output: output, journal: journal, files: files,
		started: clk.Now(), clock: clk, done: make(chan struct{}), changed: make(chan struct{})}
}

// Update records a snapshot of the running job.
func (j *job) Update(s pipeline.Snapshot) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.snap = &s
	close(j.changed)
	j.changed = make(chan struct{})
}

// Done records the last snapshot.
func (j *job) Done(s pipeline.Snapshot) { j.Update(s) }

// finish records how the run ended.
func (j *job) finish(r *report.Run, err error) {
	j.mu.Lock()
	j.report, j.err = r, err
	j.mu.Unlock()
	close(j.done)
}

// latest returns the last snapshot (nil before the first) and a channel
// closed when a newer one arrives.
func (j *job) latest() (*pipeline.Snapshot, <-chan struct{}) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.snap, j.changed
}

// jobStatus is what the run and status tools answer about a job.
type jobStatus struct {
	JobID    string             `json:"job_id"`
	State    string             `json:"state"`
	Input    string             `json:"input"`
	Output   string             `json:"output"`
	Journal  string             `json:"journal"`
	Started  time.Time          `json:"started"`
	Progress *pipeline.Snapshot `json:"progress,omitempty"`
	Report   *report.Run        `json:"report,omitempty"`
	Error    string             `json:"error,omitempty"`
}

func (j *job) status() jobStatus {
	j.mu.Lock()
	defer j.mu.Unlock()
	st := jobStatus{JobID: j.id, State: stateRunning, Input: j.input, Output: j.output, Journal: j.journal,
		Started: j.started.UTC()}
	// The pipeline knows the files by the names it was given.
	if j.snap != nil {
		snap := *j.snap
		snap.Input, snap.Output = j.input, j.output
		st.Progress = &snap
	}
	if j.report != nil {
		report := *j.report
		report.Input, report.Output, report.Journal = j.input, j.output, j.journal
		st.Report = &report
	}
	select {
	case <-j.done:
		switch {
		case j.err != nil:
			st.State, st.Error = stateFailed, j.err.Error()
		case j.report != nil && j.report.Complete:
			st.State = stateComplete
		default:
			st.State = stateIncomplete
		}
	default:
	}
	return st
}

// wait waits up to d for the job to end, reporting each new snapshot to
// progress; it returns early when ctx is done.
func (j *job) wait(ctx context.Context, d time.Duration, progress func(pipeline.Snapshot)) {
	if d <= 0 {
		return
	}
	timer := j.clock.NewTimer(d)
	defer timer.Stop()
	for {
		snap, changed := j.latest()
		if snap != nil {
			progress(*snap)
		}
		select {
		case <-j.done:
			if snap, _ := j.latest(); snap != nil {
				progress(*snap)
			}
			return
		case <-changed:
		case <-timer.C():
			return
		case <-ctx.Done():
			return
		}
	}
}

// progressReporter sends the snapshots of a job as MCP progress
// notifications for the tool call req, if its caller asked for progress
// (a progress token): rows final of rows. Progress must grow with each
// notification, so a snapshot with no more final rows is not sent.
func progressReporter(ctx context.Context, req *mcp.CallToolRequest) func(pipeline.Snapshot) {
	token := req.Params.GetProgressToken()
	if token == nil || req.Session == nil {
		return func(pipeline.Snapshot) {}
	}
	last := -1
	return func(s pipeline.Snapshot) {
		if s.Resolved <= last {
			return
		}
		last = s.Resolved
		msg := fmt.Sprintf("%d of %d rows final; %d lookups queued, %d in flight; %d profiles received", s.Resolved, s.Rows, s.Queued, s.InFlight, s.ProfilesReceived)
		if s.Finished {
			msg = fmt.Sprintf("finished: %d of %d rows final; %d profiles received", s.Resolved, s.Rows, s.ProfilesReceived)
		}
		req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
			ProgressToken: token,
			Progress:      float64(s.Resolved),
			Total:         float64(s.Rows),
			Message:       msg,
		})
	}
}

// addJob registers a new job and returns it; the caller starts it.
func (s *Server) addJob(input, output, journal string, files *openFiles) (*job, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, j := range s.jobs {
		if j.journal == journal && j.status().State == stateRunning {
			return nil, fmt.Errorf("%s is already running with the journal %s: follow it with status, or give another journal", j.id, journal)
		}
	}
	s.nextJob++
	j := newJob(s.nextJob, input, output, journal, files, s.cfg.Clock)
	s.jobs[j.id] = j
	return j, nil
}

// job returns the job of an id.
func (s *Server) job(id string) (*job, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	j, ok := s.jobs[id]
	if !ok {
		return nil, fmt.Errorf("no job %q in this server; the jobs are %s", id, s.jobIDs())
	}
	return j, nil
}

// jobOf returns the latest job of this server with the journal, or nil.
func (s *Server) jobOf(journal string) *job {
	s.mu.Lock()
	defer s.mu.Unlock()
	var latest *job
	for _, j := range s.jobs {
		if j.journal == journal && (latest == nil || j.seq > latest.seq) {
			latest = j
		}
	}
	return latest
}

// jobIDs lists the jobs' ids; s.mu is held.
func (s *Server) jobIDs() string {
	if len(s.jobs) == 0 {
		return "none yet"
	}
	ids := make([]string, 0, len(s.jobs))
	for id := range s.jobs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return strings.Join(ids, ", ")
}

// allJobs returns the status of every job, oldest first.
func (s *Server) allJobs() []jobStatus {
	s.mu.Lock()
	jobs := make([]*job, 0, len(s.jobs))
	for _, j := range s.jobs {
		jobs = append(jobs, j)
	}
	s.mu.Unlock()
	sort.Slice(jobs, func(a, b int) bool { return jobs[a].seq < jobs[b].seq })
	out := make([]jobStatus, len(jobs))
	for i, j := range jobs {
		out[i] = j.status()
	}
	return out
}
