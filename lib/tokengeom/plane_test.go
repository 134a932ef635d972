package tokengeom

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// Each plane's phase diagram is the pointwise theory of its models: λ_a
// from the Jacobian eigenvalue (LambdaA) and λ_g^(L) from LambdaG, which
// compute the same quantities point by point rather than row by row.
func TestPlanePhaseIsPointwiseTheory(t *testing.T) {
	x, y := []float64{0.1, a8, 0.9}, []float64{0.3, 1.5, 2.5}
	for _, pl := range []Plane{AlphaSigma, AlphaAM} {
		yy := y
		if pl == AlphaAM {
			yy = []float64{0.2, 0.5, 0.8}
		}
		pd := pl.Phase(x, yy, 16)
		for iy, b := range yy {
			for ix, a := range x {
				m := pl.Model(a, b)
				if got, want := pd.LambdaA.At(ix, iy), LambdaA(m); math.Abs(got-want) > 1e-12 {
					t.Errorf("plane %d at (%g, %g): λ_a %v, LambdaA %v", pl, a, b, got, want)
				}
				if got, want := pd.LambdaG.At(ix, iy), LambdaG(m, 16, Corrected); math.Abs(got-want) > 1e-12 {
					t.Errorf("plane %d at (%g, %g): λ_g %v, LambdaG %v", pl, a, b, got, want)
				}
			}
		}
	}
}

// The models of the planes: α = α_A = α_M with σ_w on AlphaSigma; σ_w = 2
// on AlphaAM; on AlphaSigma at α = 8^{-1/2}, λ_a = 0 at the notes' (lib/sources/cowsik2024.md) σ_w =
// 1.663103 (lib/sources/cowsik2024.md#figures, printed to 6 decimals).
func TestPlaneModel(t *testing.T) {
	if m := AlphaSigma.Model(0.3, 1.7); m.AlphaA != 0.3 || m.AlphaM != 0.3 || m.SigmaW != 1.7 || m.N != 256 || m.D != 64 {
		t.Errorf("AlphaSigma.Model(0.3, 1.7) = %+v", m)
	}
	if m := AlphaAM.Model(0.3, 0.6); m.AlphaA != 0.3 || m.AlphaM != 0.6 || m.SigmaW != 2 || m.N != 256 || m.D != 64 {
		t.Errorf("AlphaAM.Model(0.3, 0.6) = %+v", m)
	}
	if c := AlphaAM.Column(0.4, []float64{0.1, 0.3}); len(c) != 2 || c[1].AlphaA != 0.4 || c[1].AlphaM != 0.3 || c[1].SigmaW != 2 {
		t.Errorf("AlphaAM.Column(0.4, {0.1, 0.3}) = %+v", c)
	}
	if l := LambdaA(AlphaSigma.Model(a8, 1.663103)); math.Abs(l) > 1e-5 {
		t.Errorf("λ_a at the notes' (lib/sources/cowsik2024.md) edge of chaos = %v, want ≈ 0", l)
	}
}

func TestPlanePaperGrid(t *testing.T) {
	g := AlphaSigma.PaperGrid(16).LambdaA
	x, y := g.X, g.Y
	if len(x) != 31 || x[0] != 0.05 || x[30] != 0.95 || len(y) != 32 || y[0] != 0.2 || y[31] != 4 {
		t.Errorf("AlphaSigma grid: %d points [%v, %v] × %d points [%v, %v]", len(x), x[0], x[30], len(y), y[0], y[31])
	}
	if z, want := g.At(3, 5), LambdaA(AlphaSigma.Model(x[3], y[5])); math.Abs(z-want) > 1e-12 {
		t.Errorf("λ_a at (%v, %v) = %v, want %v", x[3], y[5], z, want)
	}
	ga := AlphaAM.PaperGrid(16).LambdaG
	if len(ga.X) != 31 || len(ga.Y) != 31 || ga.Y[0] != 0.05 || ga.Y[30] != 0.95 {
		t.Errorf("AlphaAM grid: %d × %d points", len(ga.X), len(ga.Y))
	}
}

// The one-step grid is LambdaAOneStep from (d, 0.99d) at each point, and
// it shares λ_a's zero crossing (lib/sources/cowsik2024.md#protocol-lambda-a): along σ_w at α = 8^{-1/2}
// it changes sign between 1.6 and 1.7, around the edge 1.663103.
func TestPlaneLambdaAOneStep(t *testing.T) {
	g := AlphaSigma.LambdaAOneStep([]float64{a8}, []float64{1.6, 1.7})
	for iy, sw := range g.Y {
		if want := LambdaAOneStep(NewModel(a8, a8, sw), 64, 0.99*64); g.At(0, iy) != want {
			t.Errorf("σ_w = %g: %v, want %v", sw, g.At(0, iy), want)
		}
	}
	if !(g.Z[0] < 0 && g.Z[1] > 0) {
		t.Errorf("one-step λ_a at σ_w = 1.6, 1.7: %v, want a sign change from − to +", g.Z)
	}
}

func TestPlanePanics(t *testing.T) {
	mustpanic.Check(t, "Plane(2).Model", func() { Plane(2).Model(0.5, 0.5) })
}
