package rankexp

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/rankcollapse"
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
	if len(p[0].Checks) != 1 || len(p[1].Checks) != 2 || !strings.Contains(p[0].Checks[0].Note, "from ρ = 0 to ρ = 0.6") || !p[0].Checks[0].PaperOnly {
		t.Errorf("checks %+v, %+v", p[0].Checks, p[1].Checks)
	}
	if !strings.Contains(p[0].Caption, "ρ = 0.6, 0, 0.3 left to right, σ_x = 1, 2 bottom to top; inside a block n = 5, 10 left to right, d = 8, 16, 32") {
		t.Errorf("caption %q", p[0].Caption)
	}
	half := s
	half.Sx2 = []float64{0.5, 2}
	if c := madeGrid(half).Planes()[0].Caption; !strings.Contains(c, "σ_x = 0.7071, 1.414 bottom to top") {
		t.Errorf("σ_x² = 0.5, 2: caption %q", c)
	}
	one := s
	one.Rho = []float64{0.3}
	if p := madeGrid(one).Planes(); len(p[0].Checks) != 0 || len(p[1].Checks) != 1 || p[1].Checks[0].Name != "fig14-cubic-over-linear-in-sx2" {
		t.Errorf("one ρ: checks %+v, %+v", p[0].Checks, p[1].Checks)
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

// theoryGrid is a GridRun on the axes of s whose points carry only the
// printed theory, ln(eq. 18 / eq. 17) from rankcollapse, changed by
// mutate (nil: none) — no Monte Carlo.
func theoryGrid(t *testing.T, s GridSettings, mutate func(p *GridPoint)) GridRun {
	t.Helper()
	run := madeGrid(s)
	for i := range run.Points {
		p := &run.Points[i]
		lr, err := rankcollapse.LogRatioQV(p.N, p.D, p.Rho, p.Sx2, rankcollapse.FormPaper)
		if err != nil {
			t.Fatal(err)
		}
		p.LogRatioPaper = lr
		if mutate != nil {
			mutate(p)
		}
	}
	return run
}

// TestGridTheoryChecks: Fig. 14's two claims pass on the printed theory
// over the paper's grid (and the ρ order of the axis does not matter),
// and each fails the error a referee would plant: the ratio inverted
// (values over queries: rises with ρ) fails the first; queries quadratic
// instead of cubic in σ_x² (one power of σ_x² lost from eq. 18) fails
// the second, and only it.
func TestGridTheoryChecks(t *testing.T) {
	checks := func(run GridRun) map[string]result.Check {
		m := map[string]result.Check{}
		for _, c := range run.Planes()[1].Checks {
			m[c.Name] = c
		}
		return m
	}
	pass := func(c result.Check) bool {
		if c.Rule == result.AtLeast {
			return c.Value >= c.Tol
		}
		return c.Value <= c.Tol
	}
	s := Fig12()
	shuffled := s
	shuffled.Rho = []float64{s.Rho[2], s.Rho[0], s.Rho[3], s.Rho[1]}
	for _, s := range []GridSettings{s, shuffled} {
		m := checks(theoryGrid(t, s, nil))
		fall, cubic := m["fig14-falls-with-rho"], m["fig14-cubic-over-linear-in-sx2"]
		if len(m) != 2 || !pass(fall) || !pass(cubic) || fall.Value < 0.1 || cubic.Value > 1e-12 {
			t.Errorf("ρ = %v: %+v", s.Rho, m)
		}
	}
	inverted := checks(theoryGrid(t, s, func(p *GridPoint) { p.LogRatioPaper = -p.LogRatioPaper }))
	if pass(inverted["fig14-falls-with-rho"]) {
		t.Errorf("inverted ratio: %+v", inverted)
	}
	quadratic := checks(theoryGrid(t, s, func(p *GridPoint) { p.LogRatioPaper -= math.Log(p.Sx2) }))
	if !pass(quadratic["fig14-falls-with-rho"]) || pass(quadratic["fig14-cubic-over-linear-in-sx2"]) {
		t.Errorf("queries quadratic in σ_x²: %+v", quadratic)
	}
}
