package rankexp

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/result"
)

// madeGrid is a GridRun on the axes of s whose point (ir, is, in, id)
// has WQ = 1000 ir + 100 is + 10 in + id + 1 (so each cell names its own
// indices), WV = 1, Q = WQ and SE 10% of each norm.
func madeGrid(s GridSettings) GridRun {
	run := GridRun{GridSettings: s}
	for ir, r := range s.Rho {
		for is, sx2 := range s.Sx2 {
			for in, n := range s.N {
				for id, d := range s.D {
					g := GridPoint{Draws: s.Draws, Q: float64(1000*ir + 100*is + 10*in + id + 1), V: 1}
					g.N, g.D, g.Rho, g.Sx2 = n, d, r, sx2
					g.WQ, g.WQSE, g.WV, g.WVSE = g.Q, 0.1*g.Q, 1, 0.1
					g.LogRatioPaper = -g.Q
					run.Points = append(run.Points, g)
				}
			}
		}
	}
	return run
}

// TestGridPlanes: the planes nest the axes as Figs. 13–14 draw them:
// column ir·len(N) + in, row is·len(D) + id (ρ blocks left to right, σ_x
// blocks bottom to top, n and d inside a block), read on a grid whose
// every cell names its indices; Fig. 14's plane is the printed theory;
// Fig. 13's claim is read from the smallest ρ to the largest.
func TestGridPlanes(t *testing.T) {
	s := GridSettings{Rho: []float64{0.6, 0, 0.3}, Sx2: []float64{1, 4}, N: []int{5, 10}, D: []int{8, 16, 32}, Draws: 20}
	p := madeGrid(s).Planes()
	if len(p) != 2 {
		t.Fatalf("%d planes", len(p))
	}
	for _, q := range p {
		if err := q.Wellformed(); err != nil || len(q.Xs) != 6 || len(q.Ys) != 6 {
			t.Fatalf("plane %q: %v, %d × %d", q.ZName, err, len(q.Xs), len(q.Ys))
		}
	}
	for ir := range 3 {
		for is := range 2 {
			for in := range 2 {
				for id := range 3 {
					want := float64(1000*ir + 100*is + 10*in + id + 1)
					if got := p[0].Z[(is*3+id)*6+ir*2+in]; math.Abs(got-math.Log(want)) > 1e-12 {
						t.Fatalf("Fig. 13 at (ρ %d, σ_x %d, n %d, d %d) = %g, want ln %g", ir, is, in, id, got, want)
					}
					if got := p[1].Z[(is*3+id)*6+ir*2+in]; got != -want {
						t.Fatalf("Fig. 14 at (ρ %d, σ_x %d, n %d, d %d) = %g, want %g", ir, is, in, id, got, -want)
					}
				}
			}
		}
	}
	if len(p[0].Checks) != 1 || len(p[1].Checks) != 0 || !strings.Contains(p[0].Checks[0].Note, "from ρ = 0 to ρ = 0.6") || !p[0].Checks[0].PaperOnly {
		t.Errorf("checks %+v, %+v", p[0].Checks, p[1].Checks)
	}
	if !strings.Contains(p[0].Caption, "ρ = 0.6, 0, 0.3 left to right, σ_x = 1, 2 bottom to top; inside a block n = 5, 10 left to right, d = 8, 16, 32") {
		t.Errorf("caption %q", p[0].Caption)
	}
	one := s
	one.Rho = []float64{0.3}
	if p := madeGrid(one).Planes(); len(p[0].Checks) != 0 {
		t.Errorf("one ρ: checks %+v", p[0].Checks)
	}
}

// TestGridCurvesAndNotes: Fig. 12 has one line of points per σ_x and the
// identity, its z check reads the first σ_x's points with their SE (here
// 10% of each value); the notes are the ratios at n = 10, d = 16, σ_x = 1,
// one per ρ; the record claims the paper at Fig12's grid only.
func TestGridCurvesAndNotes(t *testing.T) {
	s := Fig12()
	g := madeGrid(s)
	c := g.Curves()
	if err := c.Wellformed(); err != nil || len(c.Lines) != 4 || c.Lines[3].Role != result.Theory || c.Lines[0].Name != "σ_x = 0.5" || len(c.Lines[0].X) != 64 {
		t.Fatalf("curves %v: %d lines", err, len(c.Lines))
	}
	k := c.Checks[0]
	if k.Test != result.MaxZ || len(k.Points.Y) != 64 || k.Points.SE[5] != 0.1*k.Points.Y[5] || k.Points.Theory[5] != k.Points.Y[5] || !c.Record.AtPaper {
		t.Errorf("check %+v, at paper %v", k, c.Record.AtPaper)
	}
	if n := g.Notes(); len(n.Notes) != 4 || len(n.Checks) != 0 || !strings.HasPrefix(n.Notes[1], "n = 10, d = 16, σ_x = 1, ρ = 0.3: ") {
		t.Errorf("notes %q", n.Notes)
	}
	s.Draws = 5
	if madeGrid(s).Curves().Record.AtPaper {
		t.Error("5 draws claim the paper's figure")
	}
}
