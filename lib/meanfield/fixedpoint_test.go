package meanfield

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// iterate runs the q-map from q0 for at most maxIter steps, stopping when
// a step changes q by less than 1e-15 relative, and reports whether q
// left [0, 1e8].
func iterate(n Net, q0 float64, maxIter int) (q float64, diverged bool) {
	q = q0
	for i := 0; i < maxIter; i++ {
		next := n.QMap(q)
		if next > 1e8 {
			return next, true
		}
		if math.Abs(next-q) <= 1e-15*q {
			return next, false
		}
		q = next
	}
	return q, false
}

// TestFixedPointAgainstIteration: q* of FixedPoint against 20 000 steps of
// the map itself from the same start q = 1 (an independent method: no
// bracketing, no root finder). Tolerance 1e-9 relative: the iteration's
// error after convergence is ~ε/(1−χ_q) with χ_q ≤ 0.99 here.
func TestFixedPointAgainstIteration(t *testing.T) {
	cases := []struct {
		act      string
		sw2, sb2 float64
	}{
		{"tanh", 1.5, 0.05}, {"tanh", 3, 0.3}, {"erf", 2, 0.1}, {"hardtanh", 1.4, 0.2},
		{"relu", 1.5, 0.1}, {"shifted_relu", 1.8, 0.05}, {"smoothed_relu", 1.9, 0.5},
		{"smoothed_relu", 1.97, 1.2}, {"linear", 0.5, 0.3},
	}
	for _, c := range cases {
		n := Net{Phi: mustAct(t, c.act), SigmaW2: c.sw2, SigmaB2: c.sb2}
		fp, err := n.FixedPoint()
		if err != nil {
			t.Errorf("%s (%v, %v): %v", c.act, c.sw2, c.sb2, err)
			continue
		}
		qi, div := iterate(n, 1, 20000)
		if div || math.Abs(fp.Q-qi) > 1e-9*qi {
			t.Errorf("%s (%v, %v): q* = %.15g, iteration from 1 gives %.15g (diverged %v)", c.act, c.sw2, c.sb2, fp.Q, qi, div)
		}
		if fp.Stability != Attracting || !(fp.ChiQ < 1) || fp.From != 1 {
			t.Errorf("%s (%v, %v): %+v, want attracting from q = 1", c.act, c.sw2, c.sb2, fp)
		}
	}
	// From another start: Settings.Q0 is the reported basin point.
	n := Net{Phi: mustAct(t, "tanh"), SigmaW2: 2, SigmaB2: 0.05, Settings: &Settings{Q0: 7}}
	fp, err := n.FixedPoint()
	if qi, _ := iterate(n, 7, 20000); err != nil || fp.From != 7 || math.Abs(fp.Q-qi) > 1e-9*qi {
		t.Errorf("tanh from q = 7: %+v %v, iteration %v", fp, err, qi)
	}
}

// TestEoCRepellingCases are the cases of issue 27, which failed before
// FixedPoint's check: SiLU (and GELU) at σ_b ≤ 0.4 had "edge-of-chaos"
// points whose q* repels (SiLU: χ_q = dq′/dq = 1.05–1.10), e.g. σ_b = 0.1 gave
// σ_w = 1.820, q* = 0.2597 where the q-map diverges. Each must now be an
// error wrapping ErrDivergentRegion that names the repelling q*, and the
// map iterated from just above that q* must indeed run away.
func TestEoCRepellingCases(t *testing.T) {
	silu := mustAct(t, "smoothed_relu")
	for _, c := range []struct {
		phi          activation.Func
		chiLo, chiHi float64
	}{{silu, 1.04, 1.11}, {mustAct(t, "gelu"), 1, math.Inf(1)}} {
		testRepelling(t, c.phi, c.chiLo, c.chiHi)
	}
	// The first case in the words: σ_b = 0.1.
	_, _, err := EoCSigmaW2(silu, 0.01)
	if err == nil || !strings.Contains(err.Error(), "q* = 0.2597") {
		t.Errorf("SiLU σ_b = 0.1: %v, want the repelling q* = 0.2597… named", err)
	}
}

func testRepelling(t *testing.T, phi activation.Func, chiLo, chiHi float64) {
	silu := phi
	for _, sb := range []float64{0.1, 0.2, 0.3, 0.4} {
		w, q, err := EoCSigmaW2(silu, sb*sb)
		var div *DivergentRegionError
		if !errors.As(err, &div) || !errors.Is(err, ErrDivergentRegion) || !errors.Is(err, ErrNoEdge) {
			t.Errorf("%v σ_b=%v: (σ_w² %v, q* %v, %v), want a DivergentRegionError", phi, sb, w, q, err)
			continue
		}
		if !(div.ChiQ > chiLo && div.ChiQ < chiHi) || !(div.QStar > 0) || !strings.Contains(err.Error(), "repels") {
			t.Errorf("%v σ_b=%v: %v: want the repelling q* with χ_q in (%v, %v)", phi, sb, err, chiLo, chiHi)
		}
		t.Logf("%v σ_b=%v: repelling q* = %.4g at σ_w² = %.4g, χ_q = %.4f", phi, sb, div.QStar, div.SigmaW2, div.ChiQ)
		// Independent check by iterating the map: from q*(1 + 1e-6)
		// the iterates leave q*, growing without bound (σ_w² > 2) or
		// to a larger attracting q* (GELU at σ_b = 0.4, σ_w² < 2).
		n := Net{Phi: silu, SigmaW2: div.SigmaW2, SigmaB2: sb * sb}
		if qi, diverged := iterate(n, div.QStar*(1+1e-6), 5000); !diverged && !(qi > 1.01*div.QStar) {
			t.Errorf("%v σ_b=%v: iteration from just above q* = %v ends at %v", phi, sb, div.QStar, qi)
		}
		n.Settings = &Settings{Q0: div.QStar * (1 + 1e-3)}
		if ps, err := n.Phase(); err != nil || (ps.Phase != Divergent && !(ps.FixedPoint.Q > 1.01*div.QStar)) || ps.Phase == Critical {
			t.Errorf("%v σ_b=%v at σ_w² = %v from above q*: phase %v (q* %v) %v, want divergent or a larger q*", phi, sb, div.SigmaW2, ps.Phase, ps.FixedPoint.Q, err)
		}
		// From below q* the iteration settles at a smaller attracting
		// q*, in the ordered phase: χ₁ = 1 is not met at any q* that
		// attracts.
		n.Settings = &Settings{Q0: div.QStar * (1 - 1e-3)}
		if ps, err := n.Phase(); err != nil || ps.Phase != Ordered || !(ps.FixedPoint.Q < div.QStar) {
			t.Errorf("%v σ_b=%v at σ_w² = %v from below q*: phase %v (q* %v) %v, want ordered below %v", phi, sb, div.SigmaW2, ps.Phase, ps.FixedPoint.Q, err, div.QStar)
		}
	}
}

// TestEoCNeverRepels: along σ_b² ∈ [0, 4] for every shipped activation,
// each point EoCSigmaW2 returns has χ_q ≤ 1 + StabilityTol (0 points with
// χ_q > 1 beyond rounding), is reached by the q-map from q = 1 and is
// Critical by Net.Phase; every other point is an ErrNoEdge (wrapping
// ErrDivergentRegion where q* would repel). The only χ_q = 1 points are
// the σ_b² = 0 ends with q* = 0 (tanh, erf: marginal, approached like
// 1/ℓ) and the homogeneous φ's single points.
func TestEoCNeverRepels(t *testing.T) {
	grid := []float64{0, 1e-4, 0.01, 0.05, 0.1, 0.16, 0.3, 0.5, 0.7, 1, 1.5, 2, 4}
	edges := map[string]int{}
	for _, spec := range activation.Specs() {
		name, phi := spec.Name, spec.WithDefault()
		if name == "shtanh" {
			phi = activation.Shtanh(2)
		}
		for _, b := range grid {
			w, q, err := EoCSigmaW2(phi, b)
			if err != nil {
				if !errors.Is(err, ErrNoEdge) {
					t.Errorf("%s σ_b²=%v: %v, want ErrNoEdge", name, b, err)
				}
				continue
			}
			n := Net{Phi: phi, SigmaW2: w, SigmaB2: b}
			chiQ := n.ChiQ(q)
			if chiQ > 1+StabilityTol {
				t.Errorf("%s σ_b²=%v: EoC point (σ_w² %v, q* %v) has χ_q = %v > 1", name, b, w, q, chiQ)
			}
			if chiQ >= 1-StabilityTol && q != 0 && b != 0 {
				t.Errorf("%s σ_b²=%v: marginal χ_q = %v away from the σ_b² = 0 end", name, b, chiQ)
			}
			ps, err := n.Phase()
			if err != nil || ps.Phase != Critical {
				t.Errorf("%s σ_b²=%v (σ_w² %v): phase %v %v (χ₁ %v), want critical", name, b, w, ps.Phase, err, ps.Chi1)
			}
			edges[name]++
		}
	}
	// SiLU's curve exists only above σ_b² ≈ 0.555, where χ_q on the
	// curve drops below 1 (q* ≈ 14).
	if edges["smoothed_relu"] < 4 || edges["smoothed_relu"] > 6 || edges["tanh"] != len(grid) {
		t.Errorf("edge points per activation %v: want tanh on all %d, SiLU on σ_b² ≥ 0.7 only", edges, len(grid))
	}
}

// TestPhase: one network per phase, and the phase boundary on tanh's
// curve (lib/sources/tanner2024.md#check-9 row: σ_w² = 1.5 ordered, 2 chaotic at σ_b² = 0.05).
func TestPhase(t *testing.T) {
	cases := []struct {
		act          string
		sw2, sb2, q0 float64
		want         Phase
	}{
		{"tanh", 1.5, 0.05, 1, Ordered}, {"tanh", 2, 0.05, 1, Chaotic}, {"relu", 2.5, 0.1, 1, Divergent},
		{"relu", 2, 0, 1, Critical}, {"relu", 1.5, 0.1, 1, Ordered}, {"linear", 1, 0, 1, Critical},
		{"smoothed_relu", 3.5, 0.01, 1, Divergent}, {"tanh", 1, 0, 1, Critical},
		// Bistable: SiLU at (3, 0.01) has an attracting q* ≈ 0.044 and
		// a repelling one below 1; the phase depends on the start.
		{"smoothed_relu", 3, 0.01, 0.01, Ordered}, {"smoothed_relu", 3, 0.01, 1, Divergent},
	}
	for _, c := range cases {
		ps, err := Net{Phi: mustAct(t, c.act), SigmaW2: c.sw2, SigmaB2: c.sb2, Settings: &Settings{Q0: c.q0}}.Phase()
		if err != nil || ps.Phase != c.want {
			t.Errorf("%s (%v, %v): %v (χ₁ %v) %v, want %v", c.act, c.sw2, c.sb2, ps.Phase, ps.Chi1, err, c.want)
		}
		if ps.Phase != Divergent && ps.FixedPoint.Stability == Repelling {
			t.Errorf("%s: repelling fixed point in phase %v", c.act, ps.Phase)
		}
	}
	if Phase(0).String() != "Phase(0)" || Chaotic.String() != "chaotic" || Marginal.String() != "marginal" {
		t.Error("Phase/Stability String")
	}
}
