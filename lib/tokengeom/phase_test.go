package tokengeom

import (
	"math"
	"testing"
)

func TestEdgeOfChaosReference(t *testing.T) {
	// lib/sources/cowsik2024.md#figure-4 roots of λ_a = 0, printed to 6 decimals: compare at
	// 2e-6. The α → 0 root 1.6213842468 solves χ = 1 + σ_w²Q₂; at
	// α = 1e-3 the shift is O(α²) ≈ 1e-6, so 5e-6 there.
	for _, c := range []struct{ a, want, tol float64 }{
		{1e-3, 1.6213842468, 5e-6}, {0.1, 1.624474, 2e-6}, {0.3, 1.650698, 2e-6}, {a8, 1.663103, 2e-6},
		{0.5, 1.713125, 2e-6}, {0.7, 1.847597, 2e-6}, {0.9, 2.262368, 2e-6}, {0.95, 2.612065, 2e-6},
	} {
		sw, err := EdgeOfChaosSigmaW(NewModel(c.a, c.a, 1), 1, 4)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(sw-c.want) > c.tol {
			t.Errorf("α=%v: λ_a=0 at σ_w=%.7f, want %.7f", c.a, sw, c.want)
		}
	}
	// σ_w = 2 plane, α_A → α_M (4 decimals printed: 1e-4); α_A >= 0.9 has
	// no root below α_M = 1.
	for _, c := range []struct{ aA, want float64 }{{0.1, 0.0589}, {0.3, 0.1844}, {0.5, 0.3386}, {0.6, 0.4399}, {0.7, 0.5749}, {0.8, 0.7820}} {
		aM, err := EdgeOfChaosAlphaM(NewModel(c.aA, 0, 2), 1e-6, 0.999)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(aM-c.want) > 1e-4 {
			t.Errorf("σ_w=2, α_A=%v: λ_a=0 at α_M=%.5f, want %.4f", c.aA, aM, c.want)
		}
	}
	if _, err := EdgeOfChaosAlphaM(NewModel(0.9, 0, 2), 1e-6, 0.999); err == nil {
		t.Error("α_A=0.9: expected no λ_a=0 crossing in α_M")
	}
}

func TestGradientEdgeReference(t *testing.T) {
	// lib/sources/cowsik2024.md#figure-5, corrected λ_g^(16), n = 256 (4 decimals: 1e-4).
	for _, c := range []struct{ a, lo, hi, want float64 }{
		{0.1, 1, 2.5, 1.6232}, {0.3, 1, 2.5, 1.6480}, {0.5, 1, 2.5, 1.6972}, {0.6, 1, 2.5, 1.7013},
		{0.7, 1, 2.5, 1.6061}, {0.8, 1, 2.5, 1.4804}, {0.9, 1, 2.5, 1.3638},
	} {
		sw, err := GradientEdgeSigmaW(NewModel(c.a, c.a, 1), 16, Corrected, c.lo, c.hi)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(sw-c.want) > 1e-4 {
			t.Errorf("α=%v: λ_g=0 at σ_w=%.5f, want %.4f", c.a, sw, c.want)
		}
	}
	for _, c := range []struct{ aA, want float64 }{{0.1, 0.0588}, {0.3, 0.1837}, {0.5, 0.3327}, {0.6, 0.4124}, {0.7, 0.4468}, {0.8, 0.4360}, {0.9, 0.4248}} {
		aM, err := GradientEdgeAlphaM(NewModel(c.aA, 0, 2), 16, Corrected, 1e-6, 0.999)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(aM-c.want) > 1e-4 {
			t.Errorf("σ_w=2, α_A=%v: λ_g=0 at α_M=%.5f, want %.4f", c.aA, aM, c.want)
		}
	}
}

func TestPhaseDiagramConsistent(t *testing.T) {
	alphas := []float64{0.05, 0.2, a8, 0.5, 0.7, 0.9}
	sigmas := []float64{0.5, 1, 1.5, 1.7, 2, 2.3, 2.6, 3}
	base := NewModel(0, 0, 1)
	pd := PhaseAlphaSigma(alphas, sigmas, base, 16, PhaseSettings{})
	pd2 := PhaseAlphaSigma(alphas, sigmas, base, 16, PhaseSettings{Workers: 2})
	for iy, sw := range sigmas {
		for ix, a := range alphas {
			m := NewModel(a, a, sw)
			// The grid is the pointwise functions, bit for bit (same code path
			// modulo gains caching), and independent of the worker count.
			if pd.LambdaA.At(ix, iy) != LambdaA(m) || pd.LambdaG.At(ix, iy) != LambdaG(m, 16, Corrected) {
				t.Errorf("(α,σ_w)=(%v,%v): grid (%v,%v) vs pointwise (%v,%v)", a, sw, pd.LambdaA.At(ix, iy), pd.LambdaG.At(ix, iy), LambdaA(m), LambdaG(m, 16, Corrected))
			}
			if pd2.LambdaA.At(ix, iy) != pd.LambdaA.At(ix, iy) || pd2.LambdaG.At(ix, iy) != pd.LambdaG.At(ix, iy) {
				t.Errorf("workers change the result at (%d,%d)", ix, iy)
			}
		}
	}
	// P5: the λ_a = 0 contour (one crossing per column) has σ_w increasing
	// with α; each crossing lies within the bracketing grid rows and near
	// the bisection root (linear interpolation across Δσ_w ≤ 0.5, where λ_a is nearly linear: 0.05).
	xs, ys := pd.LambdaA.ZeroCrossings()
	if len(xs) != len(alphas) {
		t.Fatalf("expected one λ_a crossing per α, got %d: %v %v", len(xs), xs, ys)
	}
	for i := range xs {
		root, err := EdgeOfChaosSigmaW(NewModel(xs[i], xs[i], 1), 1, 4)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(ys[i]-root) > 0.05 {
			t.Errorf("α=%v: grid crossing %v vs root %v", xs[i], ys[i], root)
		}
		if i > 0 && !(ys[i] > ys[i-1]) {
			t.Errorf("P5: λ_a=0 contour not increasing: %v", ys)
		}
	}
	// Paper's claim (Sec. 4): both exponents grow with σ_w at fixed α (in
	// the corrected variant; the printed λ_g violates it, lib/sources/cowsik2024.md#erratum-1).
	for ix := range alphas {
		for iy := 1; iy < len(sigmas); iy++ {
			if pd.LambdaA.At(ix, iy) < pd.LambdaA.At(ix, iy-1) || pd.LambdaG.At(ix, iy) < pd.LambdaG.At(ix, iy-1) {
				t.Errorf("α=%v: exponents not increasing in σ_w at %v", alphas[ix], sigmas[iy])
			}
		}
	}
	pp := PhaseAlphaSigma([]float64{0.5}, []float64{3, 5}, base, 16, PhaseSettings{Variant: Paper})
	if !(pp.LambdaG.At(0, 1) < pp.LambdaG.At(0, 0)) {
		t.Errorf("printed λ_g expected to decrease with σ_w at large σ_w (lib/sources/cowsik2024.md#erratum-1): %v", pp.LambdaG.Z)
	}
	// (α_A, α_M) plane agrees with the pointwise functions.
	am := PhaseAlphaAM([]float64{0.2, 0.6}, []float64{0.1, 0.5}, NewModel(0, 0, 2), 16, PhaseSettings{})
	if v := am.LambdaA.At(1, 0); v != LambdaA(NewModel(0.6, 0.1, 2)) {
		t.Errorf("α plane λ_a %v", v)
	}
}

// Tabulate lays a field out as the phase diagrams do: tabulating λ_a of the
// (α, σ_w) plane point by point reproduces PhaseAlphaSigma's λ_a, which
// caches the MLP gains per row (so agreement is to rounding, not bits),
// and At reads back f(x[ix], y[iy]).
func TestTabulate(t *testing.T) {
	xs, ys := []float64{0.2, 0.5, 0.8}, []float64{0.7, 1.5}
	g := Tabulate(xs, ys, func(a, sw float64) float64 { return LambdaA(NewModel(a, a, sw)) })
	pd := PhaseAlphaSigma(xs, ys, NewModel(0, 0, 1), 16, PhaseSettings{})
	if len(g.Z) != len(pd.LambdaA.Z) {
		t.Fatalf("len Z = %d, want %d", len(g.Z), len(pd.LambdaA.Z))
	}
	for k := range g.Z {
		if math.Abs(g.Z[k]-pd.LambdaA.Z[k]) > 1e-12 {
			t.Errorf("Z[%d] = %.15g, PhaseAlphaSigma %.15g", k, g.Z[k], pd.LambdaA.Z[k])
		}
	}
	h := Tabulate(xs, ys, func(x, y float64) float64 { return 10*x + y })
	if v := h.At(2, 1); v != 10*0.8+1.5 {
		t.Errorf("At(2, 1) = %v, want %v", v, 10*0.8+1.5)
	}
}
