package meanfield

import (
	"errors"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/gauss"
)

// TestSELUFixedPoint: SELU's constants are defined (Klambauer et al. 2017,
// eqs. 4–5 with ω = 0, τ = 1) so that z ~ N(0, 1) gives E selu(z) = 0 and
// E selu(z)² = 1; with σ_w² = 1, σ_b = 0 the q-map's fixed point is
// therefore q* = 1. Both by quadrature (1e-9: the constants' printed 17
// digits), and q* from FixedPoint.
func TestSELUFixedPoint(t *testing.T) {
	f := activation.SELU()
	if m := gauss.Expect(f.Phi, 1, f.Quad()); math.Abs(m) > 1e-9 {
		t.Errorf("E selu(z) = %v, want 0", m)
	}
	fp, err := Net{Phi: f, SigmaW2: 1, SigmaB2: 0}.FixedPoint()
	if err != nil || math.Abs(fp.Q-1) > 1e-9 || fp.Stability != Attracting {
		t.Errorf("SELU q* = %+v %v, want 1, attracting", fp, err)
	}
}

// TestNewActivationsMeanField: each new activation's mean-field state
// (q*, χ₁, χ_q, c*) is finite at (σ_w², σ_b²) = (1.5, 0.2), q* agrees with
// 20 000 iterations of the map (1e-9), and the edge-of-chaos curve behaves
// as each φ's shape says:
//
//   - GELU and swish(1.7) (like SiLU: φ′(0) = ½, φ ~ ReLU at large q) have
//     no attracting edge at small σ_b² (the divergent region; issue 27
//     lists GELU at σ_b ≤ 0.4) and one above σ_b² ≈ 0.3;
//   - ELU, SELU and sin have a curve starting at σ_b² → 0;
//   - softplus has none (σ_b² would have to be negative: φ(0) = log 2);
//   - leaky ReLU is critical only at σ_w² = 2/(1+a²), σ_b² = 0.
func TestNewActivationsMeanField(t *testing.T) {
	mk := func(name string, p ...float64) activation.Func {
		f, err := activation.ByName(name, p...)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	type edge struct {
		sb2       float64
		want      error // nil: an edge point exists
		divergent bool
	}
	cases := []struct {
		f     activation.Func
		edges []edge
	}{
		{mk("gelu"), []edge{{0.01, ErrNoEdge, true}, {0.16, ErrNoEdge, true}, {0.5, nil, false}}},
		{mk("swish", 1.7), []edge{{0.01, ErrNoEdge, true}, {0.1, ErrNoEdge, true}, {0.5, nil, false}}},
		{mk("elu"), []edge{{0.01, nil, false}, {1, nil, false}}},
		{mk("selu"), []edge{{0.01, nil, false}, {1, nil, false}}},
		{mk("sin"), []edge{{0.01, nil, false}, {1, nil, false}}},
		{mk("softplus"), []edge{{0.01, ErrNoEdge, false}, {1, ErrNoEdge, false}}},
		{mk("leaky_relu", 0.2), []edge{{0, nil, false}, {0.1, ErrNoEdge, false}}},
	}
	for _, c := range cases {
		n := Net{Phi: c.f, SigmaW2: 1.5, SigmaB2: 0.2}
		s, err := n.DepthScales()
		if err != nil {
			t.Errorf("%v: %v", c.f, err)
			continue
		}
		for _, v := range []float64{s.QStar, s.Chi1, s.ChiQ, s.CStar, s.XiQ} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%v: state %+v not finite", c.f, s)
			}
		}
		if qi, div := iterate(n, 1, 20000); div || math.Abs(qi-s.QStar) > 1e-9*qi {
			t.Errorf("%v: q* %v, iteration %v", c.f, s.QStar, qi)
		}
		for _, e := range c.edges {
			w, q, err := EoCSigmaW2(c.f, e.sb2)
			switch {
			case e.want == nil && err != nil:
				t.Errorf("%v σ_b²=%v: %v, want an edge point", c.f, e.sb2, err)
			case e.want != nil && !errors.Is(err, e.want):
				t.Errorf("%v σ_b²=%v: (%v, %v) %v, want %v", c.f, e.sb2, w, q, err, e.want)
			case e.divergent != errors.Is(err, ErrDivergentRegion):
				t.Errorf("%v σ_b²=%v: %v, divergent region %v", c.f, e.sb2, err, e.divergent)
			case err == nil:
				if ps, err := (Net{Phi: c.f, SigmaW2: w, SigmaB2: e.sb2}).Phase(); err != nil || ps.Phase != Critical || ps.FixedPoint.Stability == Repelling {
					t.Errorf("%v σ_b²=%v: edge point (%v, q* %v) has phase %v %v", c.f, e.sb2, w, q, ps.Phase, err)
				}
			}
		}
	}
	// Leaky ReLU's single critical point: σ_w² = 2/(1 + a²).
	if w, _, err := EoCSigmaW2(mk("leaky_relu", 0.2), 0); err != nil || math.Abs(w-2/1.04) > 1e-14 {
		t.Errorf("leaky_relu(0.2): σ_w² = %v %v, want %v", w, err, 2/1.04)
	}
}
