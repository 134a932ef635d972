package meanfield

import (
	"errors"
	"math"
	"testing"
)

// TestPhaseDiagram: the grid agrees with Net.Phase point by point, and
// with the edge of chaos where it exists: at each σ_b² with an edge point
// σ_w²_c (EoCSigmaW2), the grid points below σ_w²_c − 0.01 are ordered
// and those in (σ_w²_c + 0.01, 2) chaotic, for tanh and GELU. GELU is
// divergent from q = 1 at every σ_w² > 2 with σ_b² ≥ 0.3 (its q-map grows
// like ReLU's, by σ_w²/2 per layer; at σ_b² = 0.01 and σ_w² = 2.1 a small
// attracting q* still catches q = 1: the phase depends on the start), and
// at σ_b² = 0.01 has no chaotic point at all.
func TestPhaseDiagram(t *testing.T) {
	w2 := []float64{0.8, 1.2, 1.6, 1.9, 1.95, 1.97, 1.99, 2.1, 2.5, 3, 3.5}
	b2 := []float64{0.01, 0.3, 0.6}
	for _, name := range []string{"tanh", "gelu"} {
		phi := mustAct(t, name)
		g, err := PhaseDiagram(phi, w2, b2, nil)
		if err != nil {
			t.Fatal(err)
		}
		for j, b := range b2 {
			wc, _, eocErr := EoCSigmaW2(phi, b)
			if eocErr != nil && !errors.Is(eocErr, ErrNoEdge) {
				t.Fatal(eocErr)
			}
			for i, w := range w2 {
				ps, _ := Net{Phi: phi, SigmaW2: w, SigmaB2: b}.Phase()
				got := g.Phase[j][i]
				if got != ps.Phase || g.Chi1[j][i] != ps.Chi1 {
					t.Errorf("%s (%v, %v): grid %v, Phase %v", name, w, b, got, ps.Phase)
				}
				if name == "gelu" && w > 2 && b >= 0.3 && got != Divergent {
					t.Errorf("gelu (%v, %v): %v, want divergent", w, b, got)
				}
				if eocErr == nil && w < wc-0.01 && got != Ordered {
					t.Errorf("%s (%v, %v): %v, want ordered below σ_w²_c = %v", name, w, b, got, wc)
				}
				if eocErr == nil && w > wc+0.01 && (name == "tanh" || w < 2) && got != Chaotic {
					t.Errorf("%s (%v, %v): %v, want chaotic above σ_w²_c = %v", name, w, b, got, wc)
				}
				if name == "gelu" && b == 0.01 && got == Chaotic {
					t.Errorf("gelu (%v, 0.01): chaotic, but σ_b² = 0.01 is in the divergent region", w)
				}
			}
		}
		if g.Count(Ordered)+g.Count(Chaotic)+g.Count(Divergent)+g.Count(Critical) != len(w2)*len(b2) {
			t.Errorf("%s: counts do not add up", name)
		}
	}
}

// TestEoCRegions: GELU's curve over σ_b² ∈ {0.01, 0.1, 0.16, 0.5, 1}
// keeps the last two (attracting: χ_q < 1) and lists the first three as
// divergent; tanh keeps all five; ReLU at σ_b² > 0 is an error.
func TestEoCRegions(t *testing.T) {
	b := []float64{0.01, 0.1, 0.16, 0.5, 1}
	c, err := EoCRegions(mustAct(t, "gelu"), b)
	if err != nil || len(c.SigmaB2) != 2 || len(c.Divergent) != 3 || c.Divergent[2] != 0.16 {
		t.Fatalf("gelu: %+v %v", c, err)
	}
	for i, x := range c.ChiQ {
		if !(x < 1) {
			t.Errorf("gelu σ_b²=%v: χ_q = %v on the curve", c.SigmaB2[i], x)
		}
	}
	if c, err := EoCRegions(mustAct(t, "tanh"), b); err != nil || len(c.SigmaB2) != 5 || len(c.Divergent) != 0 {
		t.Errorf("tanh: %+v %v", c, err)
	}
	if _, err := EoCRegions(mustAct(t, "relu"), b); !errors.Is(err, ErrNoEdge) || errors.Is(err, ErrDivergentRegion) {
		t.Errorf("relu: %v", err)
	}
}

// TestEoCAtQ: the stability EoCAtQ reports agrees with EoCSigmaW2's
// verdict at the same point (an edge point exactly where q* attracts):
// SiLU's q* = 1 repels (χ_q ≈ 1.099) and its q* = 30 attracts (0.988);
// tanh's q* = 0.5 attracts.
func TestEoCAtQ(t *testing.T) {
	for _, c := range []struct {
		act  string
		q    float64
		want Stability
	}{{"smoothed_relu", 1, Repelling}, {"smoothed_relu", 30, Attracting}, {"tanh", 0.5, Attracting}} {
		p, err := EoCAtQ(mustAct(t, c.act), c.q)
		if err != nil || p.FixedPoint.Stability != c.want || p.FixedPoint.Q != c.q {
			t.Errorf("%s q*=%v: %+v %v, want %v", c.act, c.q, p, err, c.want)
			continue
		}
		_, q, err := EoCSigmaW2(mustAct(t, c.act), p.SigmaB2)
		if (err == nil) != (c.want == Attracting) || (err == nil && math.Abs(q-c.q) > 1e-9*c.q) {
			t.Errorf("%s q*=%v: EoCSigmaW2 at σ_b² = %v gives q* %v, %v", c.act, c.q, p.SigmaB2, q, err)
		}
	}
}
