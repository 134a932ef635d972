package publish

import (
	"math"
	"slices"
	"time"

	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/render"
)

// newTiming is the timing of an executed notebook, nil when it ran no
// kernel (it could not be loaded or has no code cell).
func newTiming(res execute.Result) *NotebookTiming {
	if res.Start == 0 {
		return nil
	}
	t := &NotebookTiming{KernelStartS: seconds(res.Start), Cells: []CellTiming{}}
	cpu := res.StartCPU
	var compile, gobuild, cells time.Duration
	for _, c := range res.Cells {
		if c.Status == execute.CellNotCode || c.Status == execute.CellSkipped {
			continue
		}
		ct := CellTiming{Cell: c.Index, WallS: seconds(c.Duration), CompileS: seconds(c.Compile), GoBuildS: seconds(c.GoBuild)}
		if c.CPUKnown {
			ct.CPUS = ptr(seconds(c.CPU))
		}
		t.Cells = append(t.Cells, ct)
		compile += c.Compile
		gobuild += c.GoBuild
		cells += c.Duration - c.Compile
		cpu += c.CPU
	}
	t.CompileS, t.GoBuildS, t.CellsS = seconds(compile), seconds(gobuild), seconds(cells)
	if res.CPUKnown {
		t.CPUS = ptr(seconds(cpu))
	}
	return t
}

// seconds is d in seconds, rounded to the millisecond (a whole number of
// milliseconds divided by 1000, so that it prints as such: 2.712, not
// the 2.7119999999999997 of Duration.Seconds's sum of two parts).
func seconds(d time.Duration) float64 { return math.Round(float64(d)/1e6) / 1e3 }

func ptr[T any](v T) *T { return &v }

// WithoutTiming returns a copy of m without what differs between two runs
// of one commit however deterministic the notebooks: each notebook's
// DurationS and Timing. Two reports of one commit executed afresh encode
// (EncodeManifest) to the same bytes once both are removed.
func (m *Manifest) WithoutTiming() *Manifest {
	c := *m
	c.Notebooks = slices.Clone(m.Notebooks)
	for i := range c.Notebooks {
		c.Notebooks[i].DurationS, c.Notebooks[i].Timing = 0, nil
	}
	return &c
}

// pageTiming is t as its notebook's page of ncells cells shows it; nil
// when t is.
func pageTiming(t *NotebookTiming, ncells int) *render.Timing {
	if t == nil {
		return nil
	}
	d := func(s float64) time.Duration { return time.Duration(math.Round(s*1e3)) * time.Millisecond }
	p := &render.Timing{Start: d(t.KernelStartS), Compile: d(t.CompileS), Run: d(t.CellsS), Cells: make([]render.CellTime, ncells)}
	if t.CPUS != nil {
		p.CPU, p.CPUKnown = d(*t.CPUS), true
	}
	for _, c := range t.Cells {
		if c.Cell < 0 || c.Cell >= ncells {
			return nil // not this page's: a cell beyond its end
		}
		ct := render.CellTime{Wall: d(c.WallS), Compile: d(c.CompileS)}
		if c.CPUS != nil {
			ct.CPU, ct.CPUKnown = d(*c.CPUS), true
		}
		p.Cells[c.Cell] = ct
	}
	return p
}
