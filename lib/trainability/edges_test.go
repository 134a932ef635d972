package trainability

import (
	"math"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// sweepSettings is the committed sweep's model: 28×28 images in 7×7
// patches (n = 17 tokens), d = 64, L = 16, on a 6×6 grid.
var sweepSettings = trainsweep.Settings{Alphas: []float64{0.05, 0.23, 0.41, 0.59, 0.77, 0.95}, SigmaWs: []float64{0.2, 0.96, 1.72, 2.48, 3.24, 4}, D: 64, Layers: 16, Patch: 7}

// EdgeAt's σ_w are roots: the exponents of tokengeom vanish there and
// change sign across them (λ_a < 0 in the ordered phase below the edge).
func TestEdgeAt(t *testing.T) {
	for _, alpha := range []float64{0.1, 0.3, 0.5} {
		ea, eg, errA, errG := EdgeAt(sweepSettings, 16, alpha)
		if errA != nil || errG != nil {
			t.Fatalf("α = %v: %v, %v", alpha, errA, errG)
		}
		m := tokengeom.Model{AlphaA: alpha, AlphaM: alpha, MLPLayers: 2, N: 17, D: 64, SigmaA2: 1}
		la := func(sw float64) float64 { m.SigmaW = sw; return tokengeom.LambdaA(m) }
		lg := func(sw float64) float64 { m.SigmaW = sw; return tokengeom.LambdaG(m, 16, tokengeom.Corrected) }
		const h = 1e-3
		if math.Abs(la(ea)) > 1e-6 || !(la(ea-h) < 0 && la(ea+h) > 0) {
			t.Errorf("α = %v: λ_a(%v) = %v, λ_a(σ_w ∓ %v) = %v, %v", alpha, ea, la(ea), h, la(ea-h), la(ea+h))
		}
		if math.Abs(lg(eg)) > 1e-6 || lg(eg-h)*lg(eg+h) >= 0 {
			t.Errorf("α = %v: λ_g(%v) = %v, λ_g(σ_w ∓ %v) = %v, %v", alpha, eg, lg(eg), h, lg(eg-h), lg(eg+h))
		}
	}
}

// EdgeCurves keeps exactly the α's where EdgeAt finds each root, with its
// σ_w.
func TestEdgeCurves(t *testing.T) {
	alphas := []float64{0.02, 0.3, 0.6, 0.9, 0.98}
	e := EdgeCurves(sweepSettings, 16, alphas)
	for _, alpha := range alphas {
		ea, eg, errA, errG := EdgeAt(sweepSettings, 16, alpha)
		i, j := slices.Index(e.AlphaA, alpha), slices.Index(e.AlphaG, alpha)
		if (errA == nil) != (i >= 0) || (errG == nil) != (j >= 0) || (i >= 0 && e.SigmaA[i] != ea) || (j >= 0 && e.SigmaG[j] != eg) {
			t.Errorf("α = %v: EdgeAt (%v, %v), (%v, %v); curves at index %d, %d of %+v", alpha, ea, errA, eg, errG, i, j, e)
		}
	}
	if len(e.AlphaA) == 0 || len(e.AlphaG) == 0 {
		t.Errorf("no edge found at any α: %+v", e)
	}
}

// NearEdges measures the lowest point against EdgeAt at its α and the
// grid step, and needs two σ_w values.
func TestNearEdges(t *testing.T) {
	set := Set{Settings: []trainsweep.Settings{sweepSettings}}
	for _, a := range sweepSettings.Alphas {
		for _, s := range sweepSettings.SigmaWs {
			loss := 2.0
			if a == 0.23 && s == 1.72 {
				loss = 0.4
			}
			set.Mean = append(set.Mean, trainsweep.Result{Alpha: a, SigmaW: s, Layers: 16, TestLoss: loss})
		}
	}
	n, err := set.NearEdges()
	if err != nil {
		t.Fatal(err)
	}
	ea, eg, _, _ := EdgeAt(sweepSettings, 16, 0.23)
	if n.Lowest.Alpha != 0.23 || n.Lowest.SigmaW != 1.72 || n.EdgeA != ea || n.EdgeG != eg ||
		n.Dist != math.Max(math.Abs(1.72-ea), math.Abs(1.72-eg)) || math.Abs(n.Step-0.76) > 1e-15 {
		t.Errorf("NearEdges = %+v; edges %v, %v", n, ea, eg)
	}
	set.Settings[0].SigmaWs = []float64{1}
	if _, err := set.NearEdges(); err == nil {
		t.Error("one σ_w: no error")
	}
}
