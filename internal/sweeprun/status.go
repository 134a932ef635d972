package sweeprun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/sigprop/sigprop/lib/sweep"
)

// PointStatus is one point in a status report.
type PointStatus struct {
	Key    string            `json:"key"`
	Index  int               `json:"index"`
	Params map[string]string `json:"params"`
	State  sweep.State       `json:"state"`
	Error  string            `json:"error,omitempty"` // of a failed point
	// Claim is the claim of a running point, or the stale claim left by
	// a process that died computing a missing one (Stale).
	Claim *sweep.Claim `json:"claim,omitempty"`
	Stale bool         `json:"stale,omitempty"`
}

// Totals counts points by state.
type Totals struct {
	Points  int `json:"points"`
	Done    int `json:"done"`
	Running int `json:"running"`
	Failed  int `json:"failed"`
	Missing int `json:"missing"`
}

// Complete reports whether every point is done.
func (t Totals) Complete() bool { return t.Done == t.Points }

// StatusReport is where a sweep stands: per point and in total, and, if
// it was submitted to Slurm, what squeue and sacct say about its jobs.
type StatusReport struct {
	Dir         string        `json:"dir"`
	Kind        string        `json:"kind"`
	Description string        `json:"description"`
	Totals      Totals        `json:"totals"`
	Points      []PointStatus `json:"points"`
	Slurm       *SlurmStatus  `json:"slurm,omitempty"`
}

// Status reads the sweep in dir. A claim is reported as running unless it
// is known to be stale: its process (on this host) no longer exists, or
// its Slurm task is no longer in squeue; a stale claim's point counts as
// missing. If the sweep was submitted to Slurm (slurm.json), squeue and
// sacct are asked about its jobs through ex (nil: the real commands);
// their failures are reported in the Slurm section, not returned.
func Status(ctx context.Context, dir string, ex Runner) (StatusReport, error) {
	rep := StatusReport{Dir: dir}
	prov, points, err := readPoints(dir)
	if err != nil {
		return rep, err
	}
	rep.Kind, rep.Description = prov.KindName(), describe(prov, len(points))
	names, err := listNames(dir)
	if err != nil {
		return rep, err
	}
	states := sweep.Scan(names, points)
	verifyDone(dir, prov.KindName(), points, states) // a file that is not its point's result is missing
	subs, err := readSubmissions(dir)
	if err != nil {
		return rep, err
	}
	// Claims first: their Slurm tasks join the squeue query.
	claims := map[int]*sweep.Claim{}
	jobs := map[string]bool{}
	for _, s := range subs {
		jobs[s.JobID] = true
	}
	for i, p := range points {
		if states[i] != sweep.Running {
			continue
		}
		var c sweep.Claim
		b, err := os.ReadFile(filepath.Join(dir, sweep.ClaimFile(p.Key)))
		if err != nil || json.Unmarshal(b, &c) != nil {
			continue // finished (or torn) between the listing and now; the next status knows
		}
		claims[i] = &c
		if c.Slurm != "" {
			jobs[baseJob(c.Slurm)] = true
		}
	}
	if len(jobs) > 0 {
		if ex == nil {
			ex = DefaultRunner
		}
		rep.Slurm = querySlurm(ctx, ex, sortedKeys(jobs))
		rep.Slurm.Submissions = subs
	}
	host := hostname()
	rep.Totals.Points = len(points)
	rep.Points = make([]PointStatus, len(points))
	for i, p := range points {
		ps := PointStatus{Key: p.Key, Index: p.Index, Params: p.Params, State: states[i]}
		if c := claims[i]; c != nil {
			ps.Claim = c
			switch {
			case c.Host == host && c.PID > 0 && !processAlive(c.PID):
				ps.Stale = true
			case c.Slurm != "" && rep.Slurm != nil && rep.Slurm.SqueueError == "" && !rep.Slurm.running(c.Slurm):
				ps.Stale = true
			}
			if ps.Stale {
				ps.State = sweep.Missing
			}
		}
		if ps.State == sweep.Failed {
			var f sweep.Failure
			if b, err := os.ReadFile(filepath.Join(dir, sweep.FailedFile(p.Key))); err == nil && json.Unmarshal(b, &f) == nil {
				ps.Error = f.Error
			}
		}
		switch ps.State {
		case sweep.Done:
			rep.Totals.Done++
		case sweep.Running:
			rep.Totals.Running++
		case sweep.Failed:
			rep.Totals.Failed++
		default:
			rep.Totals.Missing++
		}
		rep.Points[i] = ps
	}
	return rep, nil
}

// processAlive reports whether a process with this pid exists on this
// host (signal 0; EPERM means it exists but is someone else's).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// WriteText renders the report for a terminal: the totals, then the
// failed points with their errors, the running ones with their process,
// the missing ones (all of them with every, else the first 20), the
// Slurm jobs; every=true also lists the done points.
func (r StatusReport) WriteText(w io.Writer, every bool) error {
	t := r.Totals
	fmt.Fprintf(w, "%s: %s\n", r.Dir, r.Description)
	fmt.Fprintf(w, "  %d done, %d running, %d failed, %d missing (of %d)\n", t.Done, t.Running, t.Failed, t.Missing, t.Points)
	byState := map[sweep.State][]PointStatus{}
	for _, p := range r.Points {
		byState[p.State] = append(byState[p.State], p)
	}
	label := func(p PointStatus) string {
		var kv []string
		for k, v := range p.Params {
			kv = append(kv, k+"="+v)
		}
		sort.Strings(kv)
		return p.Key + " (" + strings.Join(kv, " ") + ")"
	}
	section := func(st sweep.State, detail func(PointStatus) string) {
		ps := byState[st]
		if len(ps) == 0 {
			return
		}
		fmt.Fprintf(w, "%s:\n", st)
		for k, p := range ps {
			if !every && k == 20 {
				fmt.Fprintf(w, "  … and %d more (--all lists every point)\n", len(ps)-20)
				break
			}
			fmt.Fprintf(w, "  %s%s\n", label(p), detail(p))
		}
	}
	section(sweep.Failed, func(p PointStatus) string { return ": " + firstLines(p.Error, 1) })
	section(sweep.Running, func(p PointStatus) string { return claimText(p.Claim) })
	section(sweep.Missing, func(p PointStatus) string {
		if p.Stale {
			return "; stale claim" + claimText(p.Claim)
		}
		return ""
	})
	if every {
		section(sweep.Done, func(PointStatus) string { return "" })
	}
	if r.Slurm != nil {
		r.Slurm.writeText(w)
	}
	return nil
}

func claimText(c *sweep.Claim) string {
	if c == nil {
		return ""
	}
	s := fmt.Sprintf(" on %s pid %d since %s", c.Host, c.PID, c.Started.Format("2006-01-02 15:04:05Z"))
	if c.Slurm != "" {
		s += ", Slurm task " + c.Slurm
	}
	return s
}
