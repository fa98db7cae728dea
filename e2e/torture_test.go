package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/enrich-dev/enrich/emulator"
	"github.com/enrich-dev/enrich/emulator/world"
	"github.com/enrich-dev/enrich/internal/redistest"
	"github.com/enrich-dev/enrich/report"
)

// The generative suite draws, for each seed, a sheet and a schedule of
// faults, runs the real binary until it reports the job complete, and
// checks what must hold whatever the draw. `make torture` runs 200 seeds;
// the default test run a slice of them.
var (
	seeds     = flag.Int("seeds", 10, "seeds of the generative suite to run")
	firstSeed = flag.Uint64("seed", 1, "first seed of the generative suite")
	keepDir   = flag.String("keep", "", "a folder to keep each seed's sheet, journal, outputs and logs in, in a folder named for the seed (removed otherwise)")
)

// schedule is the faults of one seed, and what the user does between
// runs.
type schedule struct {
	loss, duplicate, submitError, timeout, lostAnswer float64
	outage                                            *emulator.Outage
	delay                                             time.Duration
	creditShare                                       float64 // credits at the start, as a share of what the sheet needs
	kill                                              time.Duration

	// capShare and capFloor draw --max-credits: capShare of what the
	// sheet needs, and never under capFloor; capShare 0 is no cap.
	capShare float64
	capFloor int64
	// maxCredits is the cap drawn, once the sheet says what it needs.
	maxCredits int64
	// salvageAfter is the run after which `enrich journal salvage` copies
	// the journal and the job goes on with the copy; 0 is never.
	salvageAfter int
	// latency holds every answer of the API this long on its way back.
	latency time.Duration
	// damage, when not nil, damages the journal in place while the first
	// run holds it, once results have come; fullDisk puts the journal on
	// a small filesystem that fills during the job.
	damage   *damageKind
	fullDisk bool
	// machines, when 2, runs a second job on the account beside the
	// first run, as another machine (a state folder of its own), the two
	// sharing the account's budget through Redis.
	machines int
	// signal, when not nil, is sent to the first run after signalAt
	// (Ctrl-C or SIGTERM, while requests are in flight or given up on):
	// the process must end within 30 s of it. redisRestart restarts the
	// Redis two machines share, empty, that long into the first run.
	signal       os.Signal
	signalAt     time.Duration
	redisRestart time.Duration
	// failures tell one kind of failure from another (drawFailures).
	failures failures
	// byNameOff runs the job with --find-by-name off: rows without a
	// valid identifier are then invalid or without one, as the plan
	// counts them, whatever their name and company.
	byNameOff bool
	// hostile is the service's hostility (drawHostility).
	hostile hostility
	// namesakes is how many people in a thousand of the world have a
	// namesake at their company (drawNamesakesOf).
	namesakes int
}

// damageKind is a way to damage a journal in place while a run holds it.
type damageKind struct {
	name string
	do   func(t *testing.T, path, older string, r *rand.Rand)
}

func drawSchedule(r *rand.Rand) schedule {
	pick := func(vs ...float64) float64 { return vs[r.IntN(len(vs))] }
	s := schedule{
		loss:        pick(0, 0, 0.05, 0.2),
		duplicate:   pick(0, 0.2),
		submitError: pick(0, 0, 0.05, 0.15),
		timeout:     pick(0, 0, 0.05),
		lostAnswer:  pick(0, 0, 0.05, 0.15),
		delay:       time.Duration(10+r.IntN(90)) * time.Millisecond,
		creditShare: pick(2, 2, 2, 0.5, 0.9),
	}
	if r.IntN(3) == 0 {
		s.kill = time.Duration(200+r.IntN(1800)) * time.Millisecond
	}
	if r.IntN(4) == 0 {
		s.outage = &emulator.Outage{At: time.Duration(r.IntN(1500)) * time.Millisecond, For: time.Duration(500+r.IntN(2500)) * time.Millisecond}
	}
	return s
}

// drawLater draws the parts of a schedule added after the first ones: a
// cap on each run's credits, a salvage of the journal between runs, an
// outage from the first request, often longer than --service-wait, and
// answers that come back late, after the callbacks they caused. They
// come from a stream of their own, so that the sheet and the faults each
// seed drew before stay what they were.
func drawLater(r *rand.Rand, s *schedule) {
	if r.IntN(3) == 0 {
		s.capShare = []float64{0.1, 0.25, 0.5, 1, 1.5}[r.IntN(5)]
		s.capFloor = int64(24 + r.IntN(40))
	}
	if r.IntN(4) == 0 {
		s.salvageAfter = 1 + r.IntN(2)
	}
	if r.IntN(5) == 0 {
		o := emulator.Outage{For: time.Duration(300+r.IntN(2700)) * time.Millisecond}
		if r.IntN(2) == 0 {
			o.For = serviceWait + 2*time.Second + time.Duration(r.IntN(3000))*time.Millisecond
		}
		s.outage = &o
	}
	s.latency = []time.Duration{0, 0, 20 * time.Millisecond, 80 * time.Millisecond, 200 * time.Millisecond}[r.IntN(5)]
}

// drawDisk draws what happens to the journal's disk, from a stream of its
// own: the journal damaged in place under the first run (one seed in
// eight), or on a filesystem that fills (one in eight).
func drawDisk(r *rand.Rand, s *schedule) {
	if r.IntN(8) == 0 {
		s.damage = &midRunDamage[r.IntN(len(midRunDamage))]
	}
	s.fullDisk = r.IntN(8) == 0
}

// drawMachines draws, from a stream of its own, whether the job shares
// the account's budget with a second machine through Redis (one seed in
// four).
func drawMachines(r *rand.Rand, s *schedule) {
	s.machines = 1
	if r.IntN(4) == 0 {
		s.machines = 2
	}
}

// drawStops draws, from a stream of its own, a signal to the first run
// (one seed in four) and, with two machines, a restart of their Redis
// inside a window (one in two).
func drawStops(r *rand.Rand, s *schedule) {
	if r.IntN(4) == 0 {
		s.signal = []os.Signal{os.Interrupt, syscall.SIGTERM}[r.IntN(2)]
		s.signalAt = time.Duration(300+r.IntN(2500)) * time.Millisecond
	}
	if s.machines == 2 && r.IntN(2) == 0 {
		s.redisRestart = time.Duration(200+r.IntN(1500)) * time.Millisecond
	}
}

// stopStream names the stream drawStops draws from: one whose first ten
// seeds draw Ctrl-C four times and SIGTERM once (seeds 1, 2, 4, 8; 9),
// and a restart of the shared Redis twice (seeds 7 and 9).
const stopStream = 0x73746f70

// signalBound is the longest a run may take to end after Ctrl-C or
// SIGTERM: Kubernetes sends SIGKILL 30 s after SIGTERM.
const signalBound = 30 * time.Second

// capFor is the --max-credits of a sheet that needs need credits; 0 is
// none.
func (s schedule) capFor(need int64) int64 {
	if s.capShare == 0 {
		return 0
	}
	return max(s.capFloor, int64(s.capShare*float64(need)))
}

// capRuns bounds the runs --max-credits may stop before the job is
// complete: twice as many as the cap divides what the sheet needs, for
// the credits that faults make a job pay again, and a few more.
func (s schedule) capRuns(need int64) int {
	if s.maxCredits == 0 {
		return 0
	}
	return 4 + int(2*need/s.maxCredits)
}

func (s schedule) String() string {
	outage := "none"
	if s.outage != nil {
		outage = fmt.Sprintf("%v for %v", s.outage.At, s.outage.For)
	}
	damage := "none"
	if s.damage != nil {
		damage = s.damage.name
	}
	limit := "none"
	if s.maxCredits > 0 {
		limit = fmt.Sprint(s.maxCredits)
	}
	salvage := "never"
	if s.salvageAfter > 0 {
		salvage = fmt.Sprintf("after run %d", s.salvageAfter)
	}
	signal := "none"
	if s.signal != nil {
		signal = fmt.Sprintf("%v after %v", s.signal, s.signalAt)
	}
	return fmt.Sprintf("loss %.2f, duplicates %.2f, 500s %.2f, answers lost %.2f, timeouts %.2f, delay %v, answers late by %v, credits ×%.1f, kill after %v, outage %s, max credits %s, salvage %s, damage %s, full disk %v, machines %d, signal %s, Redis restarted after %v, finding by name off %v, namesakes %d‰; %v; %v",
		s.loss, s.duplicate, s.submitError, s.lostAnswer, s.timeout, s.delay, s.latency, s.creditShare, s.kill, outage, limit, salvage, damage, s.fullDisk, s.machines, signal, s.redisRestart, s.byNameOff, s.namesakes, s.failures, s.hostile)
}

func TestTorture(t *testing.T) {
	for seed := *firstSeed; seed < *firstSeed+uint64(*seeds); seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			torture(t, seed)
		})
	}
}

// seedDir is the folder of one seed's files: a temporary one, or with
// -keep one that stays for reading after the run.
func seedDir(t *testing.T, seed uint64) string {
	if *keepDir == "" {
		return t.TempDir()
	}
	dir := filepath.Join(*keepDir, fmt.Sprintf("seed-%d", seed))
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("files kept in %s", dir)
	return dir
}

// laterStream names the stream drawLater draws from. Of the streams
// tried, it is one whose first ten seeds, the slice `make test` runs,
// draw every addition at least once (a cap that runs reach, with answers
// late; a salvage; an outage longer than --service-wait) on sheets small
// enough to keep the slice about as fast as before them.
const laterStream = 0x6c62c0

// diskStream names the stream drawDisk draws from: one whose first ten
// seeds draw a damage (seed 1, the journal cut short) and a full disk
// (seed 2).
const diskStream = 0x6469736e

// machineStream names the stream drawMachines draws from: one whose
// first ten seeds draw a second machine twice (seeds 7 and 9).
const machineStream = 0x6d616371

// flagStream is the stream of the flags a seed's runs are given.
const flagStream = 0x666c6167

// tortureBudget is the compressed budget of the suite: a 3,000-row sheet
// takes seconds.
const tortureBudget = 1000

// outageStop is the summary of a run that stopped because the service did
// not answer for --service-wait. The summary's next command line names
// the flag too: the reason is the one in parentheses.
var outageStop = regexp.MustCompile(`: incomplete \([^)]*--service-wait[^)]*\)`)

// serviceWait is the runs' --service-wait: a longer outage stops a run as
// incomplete.
const serviceWait = 5 * time.Second

func torture(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 0x746f72))
	sch := drawSchedule(r)
	drawLater(rand.New(rand.NewPCG(seed, laterStream)), &sch)
	drawDisk(rand.New(rand.NewPCG(seed, diskStream)), &sch)
	drawMachines(rand.New(rand.NewPCG(seed, machineStream)), &sch)
	drawStops(rand.New(rand.NewPCG(seed, stopStream)), &sch)
	drawFailures(rand.New(rand.NewPCG(seed, failStream)), &sch)
	sch.byNameOff = rand.New(rand.NewPCG(seed, flagStream)).IntN(4) == 0
	drawHostility(rand.New(rand.NewPCG(seed, hostileStream)), &sch)
	drawNamesakesOf(rand.New(rand.NewPCG(seed, decideStream)), &sch)
	replay := fmt.Sprintf("replay: go test ./e2e/ -run 'TestTorture/seed=%d$' -seed %d -seeds 1", seed, seed)
	cfg := fastService(0)
	cfg.Seed = int64(1 + seed%3)
	// Searches by name have daily quotas of their own, which these runs
	// do not test: a sheet of 3,000 rows may search for hundreds.
	cfg.SearchQueriesPerDay, cfg.SearchProfilesPerDay = 1000000, 100000000
	cfg.Default.ItemsPerMinute = tortureBudget
	cfg.CallbackLoss, cfg.DuplicateRate, cfg.SubmitErrorRate, cfg.TimeoutRate = sch.loss, sch.duplicate, sch.submitError, sch.timeout
	cfg.LostAnswerRate, cfg.ReusedIDRate = sch.lostAnswer, sch.failures.reusedIDs
	cfg.HostileText = sch.hostile.text
	cfg.Namesakes = sch.namesakes
	if sch.outage != nil {
		cfg.Outages = []emulator.Outage{*sch.outage}
	}
	cfg.CallbackDelay, cfg.MaxCallbackDelay = sch.delay, 20*sch.delay
	cfg.LateAfter = callbackTimeout(sch)
	cfg.RetryGaps = []time.Duration{100 * time.Millisecond, 300 * time.Millisecond, 500 * time.Millisecond}
	emu, err := emulator.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The receiver's address must survive restarts: callbacks for a killed
	// run reach the next one.
	listen := freePort(t)
	fr := newFront(lateAnswers(emu, sch.latency), sch.failures, seed, listen)
	srv := httptest.NewServer(fr)
	t.Cleanup(func() { srv.Close(); emu.Close() })

	sheet := drawSheet(r, emu.World())
	dir := seedDir(t, seed)
	input := filepath.Join(dir, "sheet."+sheet.format)
	output := filepath.Join(dir, "enriched"+sheet.out)
	if err := sheet.write(input); err != nil {
		t.Fatal(err)
	}
	data := sheet.dataRows()
	need := int64(0)
	for _, row := range data {
		if len(row.people) > 0 {
			need++
		}
	}
	sch.maxCredits = sch.capFor(need)
	topUp(t, srv.URL, int64(float64(need)*sch.creditShare)+1)
	t.Logf("seed %d: %d rows (%d data) as %s → %s, %d identifier columns of %v; %s", seed, len(sheet.rows), len(data), sheet.format, sheet.out, len(sheet.header)-3, sheet.header, sch)

	j := &job{emu: emu, srv: srv, url: srv.URL, dir: dir, input: input, output: output, journal: filepath.Join(dir, "job.journal")}
	if sch.fullDisk {
		// About half of what the job's journal needs, past the room a new
		// journal takes (its first pages, the owner and status files): a
		// disk too small for that stops the first run before anything is
		// sent, which is no test of a disk that fills.
		j.journal = filepath.Join(smallDisk(t, max(256<<10, 96<<10+int(need)*1024)), "job.journal")
	}
	run := 0 // the run under way
	runArgs := func() []string {
		args := []string{"run", input, "-o", output, "--journal", j.journal,
			"--items-per-minute", fmt.Sprint(tortureBudget), "--rate-window", window.String(),
			"--callback-timeout", sch.callbackWait(run).String(), "--retry-wait", "400ms", "--drain-timeout", "3s", "--service-wait", serviceWait.String(),
			"--default-region", "US", "--progress", "log", "--listen", listen}
		if sch.maxCredits > 0 {
			args = append(args, "--max-credits", fmt.Sprint(sch.maxCredits))
		}
		if sch.byNameOff {
			args = append(args, "--find-by-name", "off")
		}
		return args
	}

	// With two machines, every run of the job is machine A's, and machine
	// B runs a job of other people beside the first, from the
	// without-contacts pool (so that the credits of the job stay its
	// own); the two share the account's budget through Redis.
	var env []string
	var other *machineB
	var redis *redistest.Server
	if sch.machines == 2 {
		redis = redistest.Start(t)
		env = []string{"ENRICH_STATE_DIR=" + filepath.Join(dir, "machine-a"), "ENRICH_BUDGET_URL=" + redis.URL}
		other = secondMachine(t, j, redis.URL, listen, runArgs)
	}

	stateEnv, untouched := tamperedState(t, sch.hostile, j)
	env = append(env, stateEnv...)

	if len(data) == 0 {
		res := j.enrichEnv(t, env, runArgs()...)
		if res.code != 2 || j.stats().Requests != 0 {
			t.Fatalf("a sheet without data rows: exit %d, %d requests; want 2 and none\n%s\n%s", res.code, j.stats().Requests, res.stderr, replay)
		}
		return
	}
	var log strings.Builder
	meter := &creditMeter{emu: emu, max: sch.maxCredits, replay: replay}
	// Four runs complete the job, not counting those that stop because
	// the credits ran out (each is followed by a top-up) or because
	// --max-credits was reached (a small cap needs many runs): where a
	// fault schedule discards many paid deliveries, their re-lookups can
	// eat a top-up or two, and a cap's share of every run.
	complete, salvaged := false, sch.salvageAfter == 0
	// completed is the output of the run that completed the job, which
	// read its input into its model to send what the journal lacked.
	completed := output + ".completed"
	gaveUp, gaveUpItems := 0, 0 // requests given up on for want of a callback, and their items
	// A submission whose answer trickles past --service-wait stops its run
	// as an outage: each may take a run of its own.
	counts := 4 + int(sch.failures.trickle)
	counted, capped, lastRun := 0, 0, 8+sch.capRuns(need)+int(sch.failures.trickle)
	for run = 1; counted < counts && run <= lastRun && !complete; run++ {
		if sch.failures.misconfig != "" && run == sch.failures.misconfigBefore {
			misconfigured(t, j, fr, sch.failures, env, runArgs(), &log, replay)
		}
		if run == 1 && sch.hostile.lockLink {
			refusedLockLink(t, j, fr, env, runArgs(), &log, replay)
		}
		release := func() {}
		if run == 1 && sch.hostile.held {
			release = holdLocks(t, strings.TrimPrefix(stateEnv[0], "ENRICH_STATE_DIR="), accountOf(t, j))
		}
		fr.run.Store(int32(run))
		meter.next(t, fmt.Sprintf("run %d", run), &log)
		before, _ := os.Stat(output)
		began := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		cmd := j.command(ctx, runArgs()...)
		cmd.Env = append(cmd.Env, env...)
		if run == 1 {
			other.start()
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		killed := false
		if run == 1 && sch.kill > 0 {
			timer := time.AfterFunc(sch.kill, func() { cmd.Process.Signal(syscall.SIGKILL) })
			defer timer.Stop()
		}
		var signalled atomic.Int64 // when the signal went, in Unix nanoseconds
		if run == 1 && sch.signal != nil && sch.kill == 0 {
			// Once the run has sent a request: a signal earlier stops a
			// run that has nothing to wait for. A late signal comes once
			// the first requests are given up on.
			signalAt := sch.signalAt
			if sch.failures.lateSignal {
				signalAt = callbackTimeout(sch) + 500*time.Millisecond
			}
			go func() {
				for ctx.Err() == nil && emu.Stats().Accounts[0].Requests == 0 {
					time.Sleep(10 * time.Millisecond)
				}
				select {
				case <-ctx.Done():
				case <-time.After(signalAt):
					signalled.Store(time.Now().UnixNano())
					cmd.Process.Signal(sch.signal)
				}
			}()
		}
		if run == 1 && redis != nil && sch.redisRestart > 0 {
			restarted := make(chan struct{})
			time.AfterFunc(sch.redisRestart, func() { defer close(restarted); redis.Restart() })
			defer func() { <-restarted }()
		}
		damaged := make(chan bool, 1)
		if run == 1 && sch.damage != nil {
			go damageWhileRunning(t, j, sch.damage, rand.New(rand.NewPCG(seed, 0xda)), ctx, damaged)
		} else {
			damaged <- false
		}
		err := cmd.Wait()
		ended := time.Now()
		cancel()
		release()
		code := cmd.ProcessState.ExitCode()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			killed, code = true, 137
		}
		requests, items := givenUpOn(stderr.String())
		gaveUp, gaveUpItems = gaveUp+requests, gaveUpItems+items
		fmt.Fprintf(&log, "run %d: exit %d (%v); %d requests given up on, of %d items (no callback in --callback-timeout)\n%s\n",
			run, code, err, requests, items, lastLines(stderr.String(), 12))
		if at := signalled.Load(); at != 0 && code == 130 {
			if took := time.Since(time.Unix(0, at)); took > signalBound {
				t.Fatalf("run %d ended %v after %v; a stop never idles: within %v\n%s\n%s", run, took.Round(time.Second), sch.signal, signalBound, log.String(), replay)
			}
			checkWritten(t, run, output, before, log.String()+replay)
			if !checkTorture(t, sheet, emu.World(), output, false, fmt.Sprintf("the output of run %d (interrupted)\n%s%s", run, log.String(), replay)) {
				t.FailNow()
			}
			code = 3 // counted as an incomplete run
		}
		if strings.Contains(stderr.String(), "panic:") || strings.Contains(stderr.String(), "DATA RACE") || strings.Contains(stderr.String(), "fatal error") {
			t.Fatalf("run %d crashed:\n%s\n%s", run, stderr.String(), replay)
		}
		checkHostile(t, sch.hostile, run, output, stderr.String(), log.String()+replay)
		wasDamaged := <-damaged
		// A journal that could not be written ends the run 1 before the
		// searches held can end it 3.
		journalFailed := code == 1 && (wasDamaged || sch.fullDisk) && strings.Contains(stderr.String(), "journal")
		if held := strings.Contains(stderr.String(), "the account's searches are held"); held && (run != 1 || !sch.hostile.held || code != 3 && !journalFailed) {
			t.Fatalf("run %d exited %d saying the account's searches are held; only run 1 has them held, and it must end incomplete (3)\n%s\n%s", run, code, log.String(), replay)
		}
		// A journal that could not be written (a full disk, or damaged
		// under the run) stops the run with exit 1, its output written
		// with every result that came; the job goes on with the journal
		// moved to a disk with room, or salvaged.
		if journalFailed {
			checkWritten(t, run, output, before, log.String()+replay)
			if !checkTorture(t, sheet, emu.World(), output, false, fmt.Sprintf("the output of run %d (journal not written)\n%s%s", run, log.String(), replay)) {
				t.FailNow()
			}
			code = 3 // counted as an incomplete run
		}
		if wasDamaged {
			if check, res := j.stdout(t, "journal", "check", j.journal); res.code != 0 {
				out := j.salvage(t, replay)
				fmt.Fprintf(&log, "after run %d, damaged (%s): %s\n", run, strings.TrimSpace(lastLines(check, 3)), strings.TrimSpace(out))
			}
		}
		if sch.fullDisk && filepath.Dir(j.journal) != dir && exists(j.journal) {
			roomy := filepath.Join(dir, "job.journal")
			copyFile(t, j.journal, roomy)
			j.journal = roomy
		}
		// A run that meets an outage longer than --service-wait stops for
		// it: it can do nothing else meanwhile.
		stoppedForOutage := code == 3 && outageStop.MatchString(stderr.String())
		if down := downAtStart(sch, emu.Stats(), began); !killed && !stoppedForOutage && down > serviceWait+time.Second {
			t.Fatalf("run %d met an outage of %v from its start, longer than --service-wait %v, and exited %d without saying it stopped for it; want 3 (incomplete, --service-wait) with the output written\n%s\n%s",
				run, down.Round(time.Millisecond), serviceWait, code, log.String(), replay)
		}
		if code == 3 {
			checkWritten(t, run, output, before, log.String()+replay)
			if !checkTorture(t, sheet, emu.World(), output, false, fmt.Sprintf("the output of run %d (incomplete)\n%s%s", run, log.String(), replay)) {
				t.FailNow()
			}
		}
		switch {
		case killed:
			counted++
		case code == 0 && wasDamaged:
			// Complete, then damaged (salvaged, or rolled back to an older
			// copy that reads as sound): the journal has lost what the
			// damage took, and the next run looks it up again.
			counted++
		case code == 0:
			complete = true
			copyFile(t, output, completed)
			copyFile(t, output+".report.json", completed+".report.json")
		case code == 3 && strings.Contains(stderr.String(), "incomplete: credits exhausted"):
			topUp(t, srv.URL, need+1)
		case code == 3 && sch.maxCredits > 0 && strings.Contains(stderr.String(), "incomplete (--max-credits reached"):
			fr.checkStopBound(t, run, ended, log.String(), replay)
			capped++
		case code == 2 && run == 1 && sch.failures.searchRefused && strings.Contains(stderr.String(), "people search"):
			// The people search refused for good: the rows found by
			// their identifiers are done, the others say why.
			if strings.Contains(stderr.String(), "running the same command again resumes") {
				t.Fatalf("run %d: a search refused for good claims that running again resumes\n%s\n%s", run, log.String(), replay)
			}
			if !checkTorture(t, sheet, emu.World(), output, false, fmt.Sprintf("the output of run %d (people search refused)\n%s%s", run, log.String(), replay)) {
				t.FailNow()
			}
			counted++
		case code == 3:
			counted++
		default:
			t.Fatalf("run %d exited %d; only 0 and 3 are expected\n%s\n%s", run, code, log.String(), replay)
		}
		if !salvaged && (run >= sch.salvageAfter || complete) && exists(j.journal) {
			out := j.salvage(t, replay)
			fmt.Fprintf(&log, "after run %d: %s\n", run, strings.TrimSpace(out))
			salvaged = true
		}
	}
	if !complete {
		meter.next(t, "", &log)
		t.Fatalf("not complete after %d counted runs, %d stopped by --max-credits (at most %d) and the top-ups of credits\n%s\n%s",
			counted, capped, sch.capRuns(need), log.String(), replay)
	}
	checkTorture(t, sheet, emu.World(), output, true, log.String()+replay)
	// A further run sends nothing and stays complete; after a salvage, it
	// is the first run to write the output from the new journal alone.
	if res, ok := other.wait(); ok && res.code != 0 && res.code != 3 {
		t.Errorf("machine B exited %d\n%s\n%s", res.code, lastLines(res.stderr, 20), replay)
	}
	meter.next(t, "a further run", &log)
	before := emu.Stats().Accounts[0].ItemsAccepted
	res := j.enrichEnv(t, env, runArgs()...)
	if res.code != 0 {
		t.Errorf("a further run exited %d\n%s\n%s%s", res.code, res.stderr, log.String(), replay)
	}
	if after := emu.Stats().Accounts[0].ItemsAccepted; after != before {
		t.Errorf("a further run sent %d items\n%s", after-before, replay)
	}
	meter.next(t, "", &log)
	checkTorture(t, sheet, emu.World(), output, res.code == 0, fmt.Sprintf("the output of a further run\n%s%s", log.String(), replay))
	forgotten := 0 // people forgotten after the job: their answers no longer count in distinctFound
	// The matches paid before forget erased any: a namesake's search by
	// name is erased with the person's, and its row is found no more.
	var paid int64
	if res.code == 0 {
		paid = distinctFound(t, j)
		sameFurther(t, output, completed, res.stderr, replay)
		sameExport(t, j, sheet, sch, input, completed, replay)
		checkFills(t, j, sheet, sch, emu.World(), input, seed, replay)
		again := func(extra ...string) result { return j.enrichEnv(t, env, append(runArgs(), extra...)...) }
		checkDecisions(t, j, sheet, again, output, seed, replay)
		forgotten = checkForget(t, j, sch, input, again, seed, replay)
	}
	st := emu.Stats().Accounts[0]
	if st.Requests > 0 && fr.submitted.Load() == 0 {
		t.Errorf("the front saw none of the job's %d submissions: its checks see nothing\n%s", st.Requests, replay)
	}
	if st.RateLimited != 0 || st.MaxWindowItems > tortureBudget || st.LargestRequest > 100 {
		t.Errorf("budget broken: %d 429s, a window of %d items (limit %d), a request of %d items (limit 100)\n%s",
			st.RateLimited, st.MaxWindowItems, tortureBudget, st.LargestRequest, replay)
	}
	if sch.damage != nil || sch.fullDisk || sch.hostile.held || sch.hostile.lockLink {
		t.Logf("the runs of a journal damaged or on a full disk, or of a state folder tampered with or searches held:\n%s", log.String())
	}
	if untouched != nil {
		untouched("after every run of the job")
	}
	t.Logf("credits used %d; %d requests given up on for want of a callback, of %d items; %d answered 500 unprocessed; %d deliveries discarded, of %d credits; %d credits delivered later than --callback-timeout",
		st.CreditsUsed["standard"], gaveUp, gaveUpItems, st.SubmitErrors, st.Discarded, st.DiscardedCharged, st.LateCharged)
	// A delivery later than --callback-timeout (the emulator's is never
	// so slow, but a loaded machine's receiver can be) comes after the
	// run gave its request up and sent the items again: paid twice, as
	// the README says.
	bound := max(paid, distinctFound(t, j)) + int64(forgotten) + int64(st.DiscardedCharged) + int64(st.LostAnswerCharged) + int64(st.LateCharged)
	if sch.damage != nil {
		// What the damage destroyed was looked up again: each person at
		// most twice.
		bound += distinctFound(t, j)
	}
	if used := st.CreditsUsed["standard"]; used > bound {
		t.Errorf("credits used %d, more than %d distinct matches, paid discarded deliveries, answers lost and late deliveries\n%s", used, bound, replay)
	}
}

// sameFurther checks that a further run over a complete job writes the
// output, and reports the rows, lookups and match rates, of the run that
// completed it (whose copy is completed): the further run writes its
// output straight from the journal when it settles every row, the run
// that completed the job through its model of the input.
func sameFurther(t *testing.T, output, completed, stderr, replay string) {
	t.Helper()
	got, err := os.ReadFile(output)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(completed)
	if err != nil {
		t.Fatal(err)
	}
	settled := strings.Contains(stderr, "every row is settled")
	t.Logf("a further run over the complete job, settled by its journal: %v", settled)
	if !bytes.Equal(got, want) {
		t.Errorf("a further run over the complete job wrote another output than the run that completed it (settled by its journal: %v)\n%s", settled, replay)
	}
	counts := func(path string) string {
		var r report.Run
		b, err := os.ReadFile(path + ".report.json")
		if err == nil {
			err = json.Unmarshal(b, &r)
		}
		if err != nil {
			t.Fatal(err)
		}
		c, _ := json.Marshal([]any{r.Complete, r.Rows, r.RowsByStatus, r.Lookups, r.MatchRate, r.Coverage, r.Fix})
		return string(c)
	}
	if a, b := counts(output), counts(completed); a != b {
		t.Errorf("a further run over the complete job reports\n%s\nthe run that completed it\n%s\n%s", a, b, replay)
	}
}

// sameExport checks that enrich export writes, from the journal of a
// complete job, what the run that completed it wrote: the export reads
// the journal's answers whole and the input once, the run reads them
// through its model of the input.
func sameExport(t *testing.T, j *job, s *tsheet, sch schedule, input, output, replay string) {
	t.Helper()
	exported := strings.TrimSuffix(output, s.out) + ".exported" + s.out
	args := []string{"export", input, "-o", exported, "--journal", j.journal, "--default-region", "US"}
	if sch.byNameOff {
		args = append(args, "--find-by-name", "off")
	}
	if res := j.enrich(t, args...); res.code != 0 {
		t.Fatalf("export exited %d\n%s\n%s", res.code, res.stderr, replay)
	}
	got, err := os.ReadFile(exported)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("enrich export wrote %s, not what the run wrote in %s\n%s", exported, output, replay)
	}
}

// givenUp matches the log's line for a request whose callback did not
// come in --callback-timeout, and its count of items.
var givenUp = regexp.MustCompile(`no callback in time[^\n]* items=(\d+)`)

// givenUpOn counts the requests a run's log says it gave up on, and
// their items.
func givenUpOn(stderr string) (requests, items int) {
	for _, m := range givenUp.FindAllStringSubmatch(stderr, -1) {
		n, _ := strconv.Atoi(m[1])
		requests, items = requests+1, items+n
	}
	return requests, items
}

// callbackTimeout outlasts the emulator's slowest delivery: its delays'
// tail (cut at 20 times the typical delay) and its retries. A shorter one
// would pay for late results twice; those a loaded machine makes late all
// the same the credit bound counts (Config.LateAfter).
func callbackTimeout(s schedule) time.Duration {
	return 20*s.delay + 2*time.Second
}

// topUp adds credits to the emulator's account.
func topUp(t *testing.T, url string, n int64) {
	t.Helper()
	resp, err := http.Post(url+"/_emulator/credits", "application/json", strings.NewReader(fmt.Sprintf(`{"add": %d}`, n)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}

// distinctFound is the number of distinct identifiers the journal found
// someone for: what the run paid for at least.
func distinctFound(t *testing.T, j *job) int64 {
	t.Helper()
	out, res := j.stdout(t, "status", "--journal", j.journal, "--json")
	if res.code != 0 {
		t.Fatalf("status: %s", res.stderr)
	}
	var st struct {
		Journal struct {
			Lookups map[string]map[string]int64 `json:"lookups"`
		} `json:"journal"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	return st.Journal.Lookups["with contacts"]["found"]
}

// outRow is what the checks need of one output row.
type outRow struct {
	cells   []string // the original cells, as the output holds them
	status  string
	uid     string
	foundBy string // enrich_found_by
	err     string // enrich_error
	// confidence is enrich_confidence: how sure a match by name is.
	confidence string
}

// checkTorture checks an output against the sheet, and reports whether
// it passed: one row for each row, the original cells unchanged, and no
// row that shows someone who is none of its people. Rows of a complete
// job are all final; an incomplete one may leave rows pending, in error
// or without credits.
func checkTorture(t *testing.T, s *tsheet, w *world.World, output string, complete bool, context string) bool {
	t.Helper()
	rows := readOutput(t, s, output)
	data := s.dataRows()
	if len(rows) != len(data) {
		t.Fatalf("%d output rows for %d input rows\n%s", len(rows), len(data), context)
	}
	bad := 0
	defer func() {
		if bad > 0 {
			t.Log(context)
		}
	}()
	for i, got := range rows {
		want := data[i]
		for c := range s.header {
			// A workbook's text cell that would run as a formula in a CSV is
			// guarded there: it gains an apostrophe, and nothing else.
			guarded := s.format == "xlsx" && s.out == ".csv" && cell(got.cells, c) == "'"+want.cells[c]
			if cell(got.cells, c) != want.cells[c] && !guarded {
				t.Errorf("row %d, column %q: %q became %q", i+2, s.header[c], want.cells[c], cell(got.cells, c))
				bad++
				break
			}
		}
		switch got.status {
		case "success":
			if got.foundBy == "name+company" {
				// Found by name: only a row whose identifiers found nobody,
				// and only someone of the row's name at the row's company.
				if len(want.people) > 0 || !s.names(w, want, got.uid) {
					t.Errorf("row %d: found by name as %s, whose name and company are not the row's %q (its identifiers name %v)", i+2, got.uid, want.cells, want.people)
					bad++
				}
			} else if !want.people[got.uid] {
				t.Errorf("row %d: success with %s, who is none of the row's people %v", i+2, got.uid, want.people)
				bad++
			}
		case "not_found", "ambiguous":
			if len(want.people) > 0 {
				t.Errorf("row %d: not_found, but its identifiers name %v", i+2, want.people)
				bad++
			}
		case "no_identifier", "invalid_identifier":
			// As the plan counts them: a row whose identifier cells
			// hold only junk is invalid, and says why.
			switch {
			case want.valid:
				t.Errorf("row %d: %s, but it has a valid identifier: %q", i+2, got.status, want.cells)
				bad++
			case want.junk && got.status != "invalid_identifier":
				t.Errorf("row %d: %s, but an identifier cell holds junk, which the plan counts invalid: %q", i+2, got.status, want.cells)
				bad++
			case !want.junk && got.status == "invalid_identifier":
				t.Errorf("row %d: invalid_identifier, but no identifier cell holds junk: %q", i+2, want.cells)
				bad++
			case want.junk && got.err == "":
				t.Errorf("row %d: invalid_identifier without saying why: %q", i+2, want.cells)
				bad++
			}
		case "pending", "error", "credits_exhausted":
			if complete {
				t.Errorf("row %d: status %q in a complete job", i+2, got.status)
				bad++
			}
		default:
			t.Errorf("row %d: status %q", i+2, got.status)
			bad++
		}
		if bad >= 5 {
			return false
		}
	}
	return bad == 0
}

func cell(cells []string, i int) string {
	if i >= 0 && i < len(cells) {
		return cells[i]
	}
	return ""
}

// readOutput reads an output with readers of its own format, not
// enrich's: the sheet must read back as the user's program reads it.
func readOutput(t *testing.T, s *tsheet, path string) []outRow {
	t.Helper()
	var header []string
	var records [][]string
	switch s.out {
	case ".csv":
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		b = bytes.TrimPrefix(b, []byte("\uFEFF"))
		comma := ','
		if s.format == "csv" {
			comma = s.delim
		}
		// encoding/csv drops the CR of a CRLF inside a quoted cell: the
		// sheet's own bytes are read with a reader that keeps them.
		all, err := parseCSV(string(b), comma)
		if err != nil {
			t.Fatalf("read %s: %v", path, err)
		}
		header, records = all[0], all[1:]
	case ".xlsx":
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, name := range f.GetSheetList() {
			all, err := f.GetRows(name)
			if err != nil {
				t.Fatal(err)
			}
			if len(all) > 0 && index(all[0], "enrich_status") >= 0 {
				header, records = all[0], all[1:]
			}
		}
	case ".jsonl":
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 64<<20)
		var out []outRow
		for sc.Scan() {
			var line struct {
				Input      map[string]string `json:"input"`
				Status     string            `json:"enrich_status"`
				FoundBy    string            `json:"enrich_found_by"`
				Confidence string            `json:"enrich_confidence"`
				Error      string            `json:"enrich_error"`
				Candidate  struct {
					UID string `json:"uid"`
				} `json:"candidate"`
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			row := outRow{status: line.Status, uid: line.Candidate.UID, foundBy: line.FoundBy, err: line.Error, confidence: line.Confidence}
			for _, h := range s.header {
				row.cells = append(row.cells, line.Input[h])
			}
			out = append(out, row)
		}
		return out
	}
	st, uid, by, errc := index(header, "enrich_status"), index(header, "enrich_uid"), index(header, "enrich_found_by"), index(header, "enrich_error")
	conf := index(header, "enrich_confidence")
	if st < 0 || uid < 0 {
		t.Fatalf("%s has no enrich_status or enrich_uid column: %v", path, header)
	}
	var out []outRow
	for _, rec := range records {
		// A blank row of a workbook is kept as it was, without enrich
		// cells: it is no data row.
		if strings.Join(rec, "") == "" {
			continue
		}
		out = append(out, outRow{cells: rec, status: cell(rec, st), uid: cell(rec, uid), foundBy: cell(rec, by), err: cell(rec, errc), confidence: cell(rec, conf)})
	}
	return out
}

// parseCSV reads RFC 4180 CSV, keeping every byte of every cell: quoted
// cells may hold the delimiter, quotes doubled, CR and LF.
func parseCSV(text string, comma rune) ([][]string, error) {
	var rows [][]string
	var row []string
	var cell strings.Builder
	i, n := 0, len(text)
	for i < n {
		if text[i] == '"' { // quoted cell
			i++
			for {
				if i >= n {
					return nil, fmt.Errorf("unterminated quote")
				}
				if text[i] == '"' {
					if i+1 < n && text[i+1] == '"' {
						cell.WriteByte('"')
						i += 2
						continue
					}
					i++
					break
				}
				cell.WriteByte(text[i])
				i++
			}
		}
		for i < n && rune(text[i]) != comma && text[i] != '\n' && text[i] != '\r' {
			cell.WriteByte(text[i])
			i++
		}
		row = append(row, cell.String())
		cell.Reset()
		switch {
		case i >= n:
		case rune(text[i]) == comma:
			i++
			if i == n {
				row = append(row, "")
			}
			continue
		case text[i] == '\r' && i+1 < n && text[i+1] == '\n':
			i += 2
		default:
			i++
		}
		rows = append(rows, row)
		row = nil
	}
	if row != nil {
		rows = append(rows, row)
	}
	return rows, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// machineB is a second machine's job beside the first run of a seed.
type machineB struct {
	j    job
	args []string
	env  []string
	done chan result
}

// secondMachine prepares machine B's job: a sheet of people of the
// world's far end, looked up without contacts (so that the credits of the
// seed's job stay its own), as another machine on the account (its own
// state folder, journal and receiver), sharing its budget through Redis.
func secondMachine(t *testing.T, j *job, redisURL, listenA string, runArgs func() []string) *machineB {
	w := j.emu.World()
	var b strings.Builder
	b.WriteString("Email\n")
	for i, n := w.Len()-1, 0; n < 300 && i > 0; i-- {
		if p := w.Person(i); len(p.Emails) > 0 {
			b.WriteString(p.Emails[0].Address + "\n")
			n++
		}
	}
	m := &machineB{j: *j}
	m.j.input, m.j.output, m.j.journal = filepath.Join(j.dir, "machine-b.csv"), filepath.Join(j.dir, "machine-b.jsonl"), filepath.Join(j.dir, "machine-b.journal")
	writeFile(t, m.j.input, b.String())
	resp, err := http.Post(j.url+"/_emulator/credits", "application/json", strings.NewReader(`{"pool": "withoutContacts", "add": 1000}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	m.args = runArgs()
	for i, a := range m.args {
		switch a {
		case j.input:
			m.args[i] = m.j.input
		case j.output:
			m.args[i] = m.j.output
		case j.journal:
			m.args[i] = m.j.journal
		case listenA:
			m.args[i] = freePort(t)
		}
	}
	m.args = append(m.args, "--without-contacts")
	m.env = []string{"ENRICH_STATE_DIR=" + filepath.Join(j.dir, "machine-b"), "ENRICH_BUDGET_URL=" + redisURL}
	return m
}

// start starts machine B's job; nil does nothing.
func (m *machineB) start() {
	if m == nil || m.done != nil {
		return
	}
	m.done = make(chan result, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		cmd := m.j.command(ctx, m.args...)
		cmd.Env = append(cmd.Env, m.env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		res := result{stderr: stderr.String()}
		if err != nil {
			res.code = cmd.ProcessState.ExitCode()
		}
		m.done <- res
	}()
}

// wait waits for machine B's job, and reports whether it ran.
func (m *machineB) wait() (result, bool) {
	if m == nil || m.done == nil {
		return result{}, false
	}
	return <-m.done, true
}
