package sweeprun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/sigprop/sigprop/internal/atomicfile"
	"github.com/sigprop/sigprop/lib/sweep"
)

// RunOptions configures Run. Zero values: one worker, the whole grid, no
// progress output, the wall clock.
type RunOptions struct {
	Workers     int
	Shard       sweep.Shard
	RetryFailed bool             // recompute points recorded as failed (default: leave them)
	Progress    io.Writer        // progress lines, at most one a second, and a summary
	Now         func() time.Time // clock for rates and the ETA (tests inject one)
	// Invocation is recorded in provenance.json (NewInvocation("run", …));
	// Run fills in its shard and, at the end, what it did.
	Invocation sweep.Invocation
}

// RunSummary says what a Run did, counting the points of its shard.
type RunSummary struct {
	Points       int  // in the whole grid
	InShard      int  // in this shard
	DoneBefore   int  // done when the run started (resumed)
	FailedBefore int  // recorded as failed before and left alone
	Computed     int  // finished by this run
	Failed       int  // failed in this run
	Interrupted  bool // the context was cancelled before the shard was done
}

// Incomplete reports whether the shard has points that are not done.
func (s RunSummary) Incomplete() bool {
	return s.Interrupted || s.Failed+s.FailedBefore > 0 || s.DoneBefore+s.Computed < s.InShard
}

// ErrInterrupted is returned by Run when its context is cancelled (a
// signal, or scancel of a Slurm task): the points in flight are lost, the
// finished ones are kept.
var ErrInterrupted = errors.New("interrupted")

// Run computes the points of opt.Shard that are not done yet, with
// opt.Workers goroutines, handing them out in grid order. Each point is
// computed and written as one file (DIR/<key>.json, or
// DIR/<key>.failed.json with the error when the computation returns one
// or panics); a point still computing after a second is claimed
// (DIR/<key>.running) until its file is written. Every write is atomic.
// Points recorded as failed are skipped unless opt.RetryFailed. Results
// do not depend on the number of workers or shards: each point is a
// function of the settings and the point alone. A run that computes
// anything appends its invocation to provenance.json and, at the end,
// what it did.
//
// Cancelling ctx stops the hand-out and returns ErrInterrupted at once,
// after the writes under way and with the claims of the points in flight
// removed (their computation is abandoned, as when the process is
// killed). An error writing a file stops the hand-out; Run waits for the
// points in flight and returns the error. Failed points are not an
// error: they are counted in the summary (see Incomplete).
func Run(ctx context.Context, dir string, opt RunOptions) (RunSummary, error) {
	var sum RunSummary
	prov, points, err := readPoints(dir)
	if err != nil {
		return sum, err
	}
	k, err := kindFor(prov)
	if err != nil {
		return sum, err
	}
	names, err := listNames(dir)
	if err != nil {
		return sum, err
	}
	states := sweep.Scan(names, points)
	// A result file counts only if it is its point's result; the others
	// are computed again (and replaced).
	for _, line := range verifyDone(dir, prov.KindName(), points, states) {
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, "sweep: %s: computing it again\n", line)
		}
	}
	sum.Points = len(points)
	var todo []int
	for i := range points {
		if !opt.Shard.Has(i) {
			continue
		}
		sum.InShard++
		switch {
		case states[i] == sweep.Done:
			sum.DoneBefore++
		case states[i] == sweep.Failed && !opt.RetryFailed:
			sum.FailedBefore++
		default:
			todo = append(todo, i)
		}
	}
	workers := max(opt.Workers, 1)
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	if len(todo) == 0 {
		// Nothing to add: provenance.json records invocations that added
		// to the sweep, so rerunning a finished one leaves it unchanged.
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, "sweep: shard %s: nothing to do (%d done, %d failed of %d points)\n",
				opt.Shard, sum.DoneBefore, sum.FailedBefore, sum.InShard)
		}
		return sum, nil
	}
	release, err := lockShard(dir, opt.Shard)
	if err != nil {
		return sum, err
	}
	defer release()
	inv := opt.Invocation
	if inv.ID == "" {
		inv = NewInvocation("run", workers)
	}
	inv.Action, inv.Shard, inv.Workers = "run", opt.Shard.String(), workers
	if err := updateProvenance(dir, func(p *sweep.Provenance) error {
		p.Invocations = append(p.Invocations, inv)
		return nil
	}); err != nil {
		return sum, err
	}
	finish := func() error {
		return updateProvenance(dir, func(p *sweep.Provenance) error {
			for i := range p.Invocations {
				if p.Invocations[i].ID == inv.ID {
					t := now().UTC()
					p.Invocations[i].Finished, p.Invocations[i].Computed = &t, sum.Computed
					p.Invocations[i].Failed, p.Invocations[i].Interrupted = sum.Failed, sum.Interrupted
				}
			}
			return nil
		})
	}
	if err := k.prepare(opt.Progress); err != nil {
		return sum, errors.Join(err, finish())
	}
	err = runPool(ctx, dir, points, todo, k, workers, &sum, opt.Progress, now, inv.ID)
	if opt.Progress != nil {
		fmt.Fprintf(opt.Progress, "sweep: shard %s: %d of %d points done (%d in this run), %d failed, %d not done\n",
			opt.Shard, sum.DoneBefore+sum.Computed, sum.InShard, sum.Computed, sum.Failed+sum.FailedBefore,
			sum.InShard-sum.DoneBefore-sum.Computed-sum.Failed-sum.FailedBefore)
	}
	return sum, errors.Join(err, finish())
}

// kindFor is newKind; tests stand in a kind of their own.
var kindFor = newKind

// outcome is one finished point.
type outcome struct {
	i       int
	failed  bool
	text    string // summary of the result, or the error
	err     error  // a file could not be written: stop
	skipped bool   // computed after the run was abandoned: not written
}

// gate orders a run's file writes against its abandonment (an interrupt):
// writes share it, abandon takes it alone, so that once abandon returns
// no write of the run is half done (no *.tmp left behind) and none starts.
type gate struct {
	rw       sync.RWMutex
	stopped  bool
	mu       sync.Mutex
	inFlight map[string]bool // claim files of points being computed
}

// do runs write unless the run was abandoned, and reports whether it ran.
func (g *gate) do(write func()) bool {
	g.rw.RLock()
	defer g.rw.RUnlock()
	if g.stopped {
		return false
	}
	write()
	return true
}

func (g *gate) claim(path string, on bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if on {
		g.inFlight[path] = true
	} else {
		delete(g.inFlight, path)
	}
}

// abandon waits for the writes under way, stops all later ones and
// removes the claims of the points in flight.
func (g *gate) abandon() {
	g.rw.Lock()
	g.stopped = true
	g.rw.Unlock()
	g.mu.Lock()
	defer g.mu.Unlock()
	for c := range g.inFlight {
		os.Remove(c)
	}
}

func runPool(ctx context.Context, dir string, points []sweep.Point, todo []int, k kind, workers int,
	sum *RunSummary, progress io.Writer, now func() time.Time, invID string) error {
	// feed stops the hand-out: on the parent's cancel (interrupt: return
	// at once) or on a write error (let the points in flight finish).
	feed, stopFeed := context.WithCancel(ctx)
	defer stopFeed()
	jobs := make(chan int)
	out := make(chan outcome, len(todo)) // buffered: an abandoned worker never blocks
	g := &gate{inFlight: map[string]bool{}}
	go func() {
		defer close(jobs)
		for _, i := range todo {
			select {
			case jobs <- i:
			case <-feed.Done():
				return
			}
		}
	}()
	claim := sweep.Claim{Host: hostname(), PID: os.Getpid(), Slurm: slurmTask(), Invocation: invID}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if feed.Err() != nil {
					continue // stopped: drain the hand-out without computing
				}
				o := computePoint(dir, points[i], i, k, claim, now, g)
				if o.err != nil {
					stopFeed() // at once, before another point starts
				}
				out <- o
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	start := now()
	var last time.Time
	var firstErr error
	for {
		select {
		case o, ok := <-out:
			if !ok {
				return firstErr
			}
			if o.err != nil {
				if firstErr == nil {
					firstErr = fmt.Errorf("point %s: %w", points[o.i].Key, o.err)
				}
				stopFeed()
				continue
			}
			if o.failed {
				sum.Failed++
			} else {
				sum.Computed++
			}
			t := now()
			if progress != nil && (t.Sub(last) >= time.Second || sum.Computed+sum.Failed == len(todo)) {
				last = t
				report(progress, sum, points[o.i].Key, o, t.Sub(start), len(todo))
			}
		case <-ctx.Done():
			g.abandon()
			for { // count what was written before the cancel
				select {
				case o, ok := <-out:
					if ok && o.err == nil && !o.skipped && o.failed {
						sum.Failed++
					} else if ok && o.err == nil && !o.skipped {
						sum.Computed++
					}
					if ok {
						continue
					}
				default:
				}
				break
			}
			sum.Interrupted = true
			return errors.Join(firstErr, ErrInterrupted)
		}
	}
}

// claimDelay is how long a point computes before it is claimed: claims
// serve status and resubmission, which care about points that take a
// while, and writing one for a point that takes microseconds would
// double the file traffic of a fast sweep.
var claimDelay = time.Second

// computePoint computes and writes one point, claiming it if it takes
// longer than claimDelay; after the run is abandoned it writes nothing.
// Once the result is written, any claim on the point (this run's, or a
// stale one of a killed process) is removed.
func computePoint(dir string, p sweep.Point, i int, k kind, claim sweep.Claim, now func() time.Time, g *gate) outcome {
	o := outcome{i: i}
	cpath := filepath.Join(dir, sweep.ClaimFile(p.Key))
	var cmu sync.Mutex
	finished := false
	timer := time.AfterFunc(claimDelay, func() {
		cmu.Lock()
		defer cmu.Unlock()
		if finished {
			return
		}
		g.do(func() {
			c := claim
			c.Started = now().UTC()
			if writeJSON(cpath, c) == nil { // advisory: a claim that cannot be written is no error
				g.claim(cpath, true)
			}
		})
	})
	b, cerr := safeCompute(k, p)
	timer.Stop()
	cmu.Lock()
	finished = true
	cmu.Unlock()
	if !g.do(func() {
		if cerr != nil {
			o.failed, o.text = true, cerr.Error()
			o.err = writeJSON(filepath.Join(dir, sweep.FailedFile(p.Key)), sweep.Failure{
				Key: p.Key, Index: p.Index, Params: p.Params, Error: cerr.Error(),
				Host: claim.Host, Slurm: claim.Slurm, Time: now().UTC()})
		} else {
			o.text = k.summary(b)
			if o.err = atomicfile.Write(filepath.Join(dir, sweep.DoneFile(p.Key)), b); o.err == nil {
				os.Remove(filepath.Join(dir, sweep.FailedFile(p.Key))) // a retried failure
			}
		}
		os.Remove(cpath)
		g.claim(cpath, false)
	}) {
		o.skipped = true
	}
	return o
}

// safeCompute turns a panic of the computation (a library's caller-bug
// check hit by an unusual parameter) into the point's error.
func safeCompute(k kind, p sweep.Point) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, firstLines(string(debug.Stack()), 12))
		}
	}()
	return k.compute(p)
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// report prints one progress line: a bar over the shard, the counts, the
// last point, the wall time per point and the ETA of this run.
func report(w io.Writer, sum *RunSummary, key string, o outcome, elapsed time.Duration, todo int) {
	finished := sum.Computed + sum.Failed
	per := elapsed / time.Duration(finished)
	eta := per * time.Duration(todo-finished)
	const width = 20
	have := sum.DoneBefore + sum.FailedBefore + finished
	fill := width * have / max(sum.InShard, 1)
	what := o.text
	if o.failed {
		what = "failed: " + firstLines(what, 1)
	}
	fmt.Fprintf(w, "sweep [%s%s] %d/%d (%d resumed, %d failed) %s: %s | %.3g s/point wall, ETA %s\n",
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), have, sum.InShard, sum.DoneBefore,
		sum.Failed+sum.FailedBefore, key, what, per.Seconds(), eta.Round(time.Second))
}

// listNames lists the directory's file names.
func listNames(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		n := e.Name()
		if strings.HasSuffix(n, ".json") && !json.Valid(readOrNil(filepath.Join(dir, n))) {
			// A point file cut short (a full disk, a copy interrupted, a
			// file system that lost the tail): not done, computed again.
			continue
		}
		names = append(names, n)
	}
	return names, nil
}

func readOrNil(path string) []byte {
	b, _ := os.ReadFile(path)
	return b
}
