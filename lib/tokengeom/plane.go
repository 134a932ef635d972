package tokengeom

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
)

// Plane is one of the two parameter planes of Figs. 4 and 5 of Cowsik et
// al. 2024, on which the paper draws λ_a and λ_g (theory on the left,
// simulation on the right). Its points (x, y) are models of NewModel, the
// paper's block (ℓ = 2, n = 256, d = 64, σ_A² = 1, tanh).
type Plane int

const (
	// AlphaSigma is the top row: x = α = α_A = α_M, y = σ_w.
	AlphaSigma Plane = iota
	// AlphaAM is the bottom row: x = α_A, y = α_M, at σ_w = 2.
	AlphaAM
)

// Model returns the paper's model at the point (x, y) of pl:
// NewModel(x, x, y) on AlphaSigma, NewModel(x, y, 2) on AlphaAM.
func (pl Plane) Model(x, y float64) Model {
	pl.check()
	if pl == AlphaSigma {
		return NewModel(x, x, y)
	}
	return NewModel(x, y, 2)
}

// Column returns the models at (x, y) for each y in ys, a vertical slice
// of pl (e.g. an exponent against σ_w at fixed α on AlphaSigma).
func (pl Plane) Column(x float64, ys []float64) []Model {
	ms := make([]Model, len(ys))
	for i, y := range ys {
		ms[i] = pl.Model(x, y)
	}
	return ms
}

// Phase returns λ_a and the corrected λ_g^(L) on the grid x × y of pl:
// PhaseAlphaSigma with base NewModel(0, 0, 1), or PhaseAlphaAM with base
// NewModel(0, 0, 2) (one worker). It panics as those do, e.g. for an α
// outside [0, 1].
func (pl Plane) Phase(x, y []float64, L int) PhaseDiagram {
	pl.check()
	if pl == AlphaSigma {
		return PhaseAlphaSigma(x, y, NewModel(0, 0, 1), L, PhaseSettings{})
	}
	return PhaseAlphaAM(x, y, NewModel(0, 0, 2), L, PhaseSettings{})
}

// PaperGrid returns Phase on the grid of the paper's theory panels: α (or
// α_A) at 31 points of [0.05, 0.95], and σ_w at 32 points of [0.2, 4] on
// AlphaSigma, α_M at the same 31 points as α_A on AlphaAM.
func (pl Plane) PaperGrid(L int) PhaseDiagram {
	pl.check()
	x := empirical.Linspace(0.05, 0.95, 31)
	if pl == AlphaSigma {
		return pl.Phase(x, empirical.Linspace(0.2, 4, 32), L)
	}
	return pl.Phase(x, x, L)
}

// LambdaAOneStep tabulates the theory of the paper's numerical angle
// exponent (eq. 24) on the grid x × y of pl: LambdaAOneStep of each point's
// model from (q, p) = (d, 0.99d), App. A's starting point. This is what a
// simulated λ_a plane is compared with (see LambdaAOneStep for why not λ_a).
func (pl Plane) LambdaAOneStep(x, y []float64) Grid {
	pl.check()
	return Tabulate(x, y, func(a, b float64) float64 {
		m := pl.Model(a, b)
		return LambdaAOneStep(m, m.D, 0.99*m.D)
	})
}

func (pl Plane) check() {
	if pl != AlphaSigma && pl != AlphaAM {
		panic(fmt.Sprintf("tokengeom: Plane must be AlphaSigma (0) or AlphaAM (1), got %d", int(pl)))
	}
}
