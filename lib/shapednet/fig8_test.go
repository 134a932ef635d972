package shapednet

import (
	"slices"
	"testing"
)

// TestFig8Plane: on Fig. 8's grid the three claims are checked, the last
// carrying Fig8Beyond with the seeds of the two cells it reads (γ indices
// 5 and 7 at τ₀ index 4 of an 8 × 5 grid: Seed + 37 and Seed + 39), the
// declaration itself left without data seeds; on another grid the claims
// are not applicable and nothing is declared.
func TestFig8Plane(t *testing.T) {
	f := Fig8()
	g := StopGrid{Gammas: f.Gammas, Tau0s: f.Tau0s, Z: make([]float64, 40), SE: make([]float64, 40), Config: f.Config, Study: f.Study, Q: f.Q, Seed: 1400}
	for k := range g.Z {
		g.Z[k], g.SE[k] = 1-float64(k%8)/10, 0.01
	}
	p := g.Plane()
	if err := p.Wellformed(); err != nil || !p.Record.AtPaper || len(p.Checks) != 3 || p.ZMin != 0 || p.ZMax != 1 {
		t.Fatalf("at the paper's grid: %v, at paper %v, %d checks, range [%g, %g]", err, p.Record.AtPaper, len(p.Checks), p.ZMin, p.ZMax)
	}
	d := p.Checks[2].Disagreement
	if d == nil || !slices.Equal(d.Declared.DataSeeds, []uint64{1437, 1439}) || d.Paper != Fig8Beyond.Paper || Fig8Beyond.Declared.DataSeeds != nil {
		t.Errorf("beyond γ = 0.5: %+v (the declaration's own seeds %v)", d, Fig8Beyond.Declared.DataSeeds)
	}
	if p.Checks[0].Disagreement != nil || p.Checks[1].Disagreement != nil || !p.Checks[0].Central {
		t.Error("only the check beyond γ = 0.5 is declared, the first is central")
	}
	// A fall of 0.5 over γ indices 0 → 5 at SE 0.01: DiffZ = −0.5/(0.01√2).
	if v := p.Checks[0].Value; v > -35 || v < -36 {
		t.Errorf("least fall %v, want −0.5/(0.01·√2) ≈ −35.36", v)
	}
	small := StopGrid{Gammas: []float64{0.1, 0.5}, Tau0s: []float64{1}, Z: []float64{0.9, 0.5}, SE: []float64{0.1, 0.1}, Config: f.Config, Study: f.Study, Seed: 3}
	q := small.Plane()
	if q.Record.AtPaper || len(q.Checks) != 3 || q.Record.NotPaper == "" {
		t.Fatalf("a 2 × 1 grid: at paper %v, %d checks", q.Record.AtPaper, len(q.Checks))
	}
	for _, c := range q.Checks {
		if c.NotApplicable == "" || c.Disagreement != nil {
			t.Errorf("%s: applicable or declared off the paper's grid", c.Name)
		}
	}
}
