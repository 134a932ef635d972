package tokengeom

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// Grid is a scalar field on a rectangular grid: Z[iy*len(X)+ix] is the
// value at (X[ix], Y[iy]).
type Grid struct {
	X, Y []float64
	Z    []float64
}

// At returns the value at (X[ix], Y[iy]).
func (g Grid) At(ix, iy int) float64 { return g.Z[iy*len(g.X)+ix] }

// ZeroCrossings returns the points where the field changes sign along Y in
// each column X[ix], located by linear interpolation between grid rows
// (one point per sign change; a column may have several). This is the
// zero contour as the phase boundary of Figs. 4–5 (λ = 0), accurate to the
// grid spacing's interpolation error.
func (g Grid) ZeroCrossings() (xs, ys []float64) {
	nx := len(g.X)
	for ix := range g.X {
		for iy := 0; iy+1 < len(g.Y); iy++ {
			a, b := g.Z[iy*nx+ix], g.Z[(iy+1)*nx+ix]
			if a == 0 {
				xs, ys = append(xs, g.X[ix]), append(ys, g.Y[iy])
				continue
			}
			if (a < 0) != (b < 0) && b != 0 {
				t := a / (a - b)
				xs, ys = append(xs, g.X[ix]), append(ys, g.Y[iy]+t*(g.Y[iy+1]-g.Y[iy]))
			}
		}
	}
	return xs, ys
}

// PhaseDiagram holds λ_a and λ_g^(L) on the same grid.
type PhaseDiagram struct {
	LambdaA, LambdaG Grid
	Depth            int
	Variant          Variant
}

// PhaseSettings configures the phase-diagram functions. Zero values mean
// defaults: Workers 1 (rows of the grid are split among Workers
// goroutines), Variant Corrected.
type PhaseSettings struct {
	Workers int
	Variant Variant
}

// Validate returns ErrParam for Workers < 0 or an unknown Variant. The
// phase-diagram functions panic with its error (a caller bug).
func (s PhaseSettings) Validate() error {
	if s.Workers < 0 {
		return param.Err(ErrParam, "PhaseSettings.Workers", s.Workers, "an integer >= 0 (0: 1)")
	}
	if s.Variant != Corrected && s.Variant != Paper {
		return param.Err(ErrParam, "PhaseSettings.Variant", int(s.Variant), "Corrected or Paper")
	}
	return nil
}

// PhaseAlphaSigma evaluates λ_a and λ_g^(L) (n tokens from base.N) on the
// (α, σ_w) plane with α = α_A = α_M along X and σ_w along Y — the top rows
// of Figs. 4 and 5 of Cowsik et al. 2024. base supplies ℓ, φ and n; its
// α and σ_w are ignored. The MLP gains depend only on σ_w and are computed
// once per row.
//
// Paper numbers the stated equations do not reproduce (lib/sources/cowsik2024.md#erratum-5): the
// "σ_w ≈ 2" threshold at α = 8^{-1/2} is 1.6631 here, and the λ_g kinks sit
// at (α, σ_w) ≈ (0.6, 1.70) and (α_M, α_A) ≈ (0.44, 0.65), not at the
// printed coordinates. The simulation agrees with the values computed here.
func PhaseAlphaSigma(alphas, sigmas []float64, base Model, L int, s PhaseSettings) PhaseDiagram {
	for _, a := range alphas {
		tgCheckAlpha("alpha", a)
	}
	for _, sw := range sigmas {
		tgCheckPos("sigma_w", sw)
	}
	base.SigmaW = 1
	base.validate()
	return phaseRows(alphas, sigmas, L, s, base, func(iy int) Gains {
		return MLPGains(sigmas[iy], base.MLPLayers, base.act())
	}, func(x, _ float64) (float64, float64) { return x, x })
}

// PhaseAlphaAM evaluates λ_a and λ_g^(L) on the (α_A, α_M) plane at fixed
// σ_w (base.SigmaW) with α_A along X and α_M along Y — the bottom rows of
// Figs. 4 and 5 (σ_w = 2 in the paper).
func PhaseAlphaAM(alphaAs, alphaMs []float64, base Model, L int, s PhaseSettings) PhaseDiagram {
	for _, a := range alphaAs {
		tgCheckAlpha("alpha_a", a)
	}
	for _, a := range alphaMs {
		tgCheckAlpha("alpha_m", a)
	}
	g := base.Gains()
	return phaseRows(alphaAs, alphaMs, L, s, base, func(int) Gains { return g },
		func(x, y float64) (float64, float64) { return x, y })
}

func phaseRows(xs, ys []float64, L int, s PhaseSettings, base Model,
	gains func(iy int) Gains, alphas func(x, y float64) (aA, aM float64)) PhaseDiagram {
	if L < 1 {
		panic(fmt.Sprintf("tokengeom: depth L must be >= 1, got %d", L))
	}
	if err := s.Validate(); err != nil {
		panic(err.Error())
	}
	workers := max(1, s.Workers)
	nx, ny := len(xs), len(ys)
	pd := PhaseDiagram{
		LambdaA: Grid{X: xs, Y: ys, Z: make([]float64, nx*ny)},
		LambdaG: Grid{X: xs, Y: ys, Z: make([]float64, nx*ny)},
		Depth:   L, Variant: s.Variant,
	}
	ln1, lnN := math.Log1p(-1/float64(base.N)), math.Log(float64(base.N))
	row := func(iy int) {
		g := gains(iy)
		for ix, x := range xs {
			aA, aM := alphas(x, ys[iy])
			pd.LambdaA.Z[iy*nx+ix] = lambdaA(aA, aM, g)
			pd.LambdaG.Z[iy*nx+ix] = lambdaGFiniteLog(gradCoeffs(aA, aM, g, s.Variant), L, ln1, lnN)
		}
	}
	empirical.Each(len(ys), workers, row)
	return pd
}

// bisect finds a root of f in [lo, hi] (f(lo), f(hi) of opposite signs) to
// absolute tolerance 1e-12.
func bisect(f func(float64) float64, lo, hi float64) (float64, error) {
	flo, fhi := f(lo), f(hi)
	if math.IsNaN(flo) || math.IsNaN(fhi) || (flo < 0) == (fhi < 0) {
		return 0, fmt.Errorf("tokengeom: no sign change on [%v, %v] (f = %v, %v)", lo, hi, flo, fhi)
	}
	for i := 0; i < 200 && hi-lo > 1e-12; i++ {
		mid := 0.5 * (lo + hi)
		fm := f(mid)
		if (fm < 0) == (flo < 0) {
			lo, flo = mid, fm
		} else {
			hi = mid
		}
	}
	return 0.5 * (lo + hi), nil
}

// EdgeOfChaosSigmaW returns the σ_w in [lo, hi] where λ_a = 0 (eq. 13) for
// the α_A, α_M, ℓ and φ of m. It returns an error if λ_a does not change
// sign on the bracket.
func EdgeOfChaosSigmaW(m Model, lo, hi float64) (float64, error) {
	return bisect(func(sw float64) float64 {
		m.SigmaW = sw
		return LambdaA(m)
	}, lo, hi)
}

// GradientEdgeSigmaW returns the σ_w in [lo, hi] where λ_g^(L) = 0 (eq. 21
// at finite depth L with m.N tokens) for the chosen variant.
func GradientEdgeSigmaW(m Model, L int, v Variant, lo, hi float64) (float64, error) {
	return bisect(func(sw float64) float64 {
		m.SigmaW = sw
		return LambdaG(m, L, v)
	}, lo, hi)
}

// EdgeOfChaosAlphaM returns the α_M in [lo, hi] where λ_a = 0 at the α_A
// and σ_w of m (the bottom-row contour of Fig. 4).
func EdgeOfChaosAlphaM(m Model, lo, hi float64) (float64, error) {
	g := m.Gains()
	return bisect(func(aM float64) float64 { return lambdaA(m.AlphaA, aM, g) }, lo, hi)
}

// GradientEdgeAlphaM returns the α_M in [lo, hi] where λ_g^(L) = 0 at the
// α_A and σ_w of m (the bottom-row contour of Fig. 5).
func GradientEdgeAlphaM(m Model, L int, v Variant, lo, hi float64) (float64, error) {
	g := m.Gains()
	return bisect(func(aM float64) float64 {
		return lambdaGFinite(gradCoeffs(m.AlphaA, aM, g, v), L, m.N)
	}, lo, hi)
}

// Tabulate evaluates f on the grid x × y: Z[iy*len(x)+ix] = f(x[ix],
// y[iy]), the layout of Grid and of the phase diagrams (e.g. a one-step
// estimator of λ_a over the grid of a simulated sweep).
func Tabulate(x, y []float64, f func(x, y float64) float64) Grid {
	z := make([]float64, 0, len(x)*len(y))
	for _, b := range y {
		for _, a := range x {
			z = append(z, f(a, b))
		}
	}
	return Grid{X: x, Y: y, Z: z}
}
