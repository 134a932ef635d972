package randmlp

import (
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// This file holds the settings of the Tanner lecture's finite-network
// checks (notebook 01) and the comparisons a display uses to say whether
// a run was at them: a run claims its figure only when its settings are a
// constructor's, compared here, never re-typed as numbers. Seeds do not
// count. φ is compared by name (activation.Func holds functions).

// lectureWidth is the width N of the lecture's finite-network checks.
const lectureWidth = 1000

// lectureMLP is meanfield.Lecture(σ_w²) as a width-1000 MLP of depth.
func lectureMLP(depth int, sigmaW2 float64) MLP {
	n := meanfield.Lecture(sigmaW2)
	return MLP{Width: lectureWidth, Depth: depth, Phi: n.Phi, SigmaW2: n.SigmaW2, SigmaB2: n.SigmaB2}
}

// LectureQIteration returns the settings of the notebook's qmap-iteration:
// tanh, σ_w² = 2, σ_b² = 0.05, width 1000, depth 10, both inputs of 6
// networks from q¹ = 0.1 and 2.5 (seeds left to the caller).
func LectureQIteration() QCheckSettings {
	return QCheckSettings{MLP: lectureMLP(10, 2), Q1: []float64{0.1, 2.5}, Nets: 6}
}

// LectureCIteration returns the settings of the notebook's
// cmap-iteration: tanh, σ_b² = 0.05, width 1000, depth 10, cases
// (σ_w², c¹) = (1.5, 0.1), (1.5, 0.9), (2.5, 0.1), (2.5, 0.99), 6 networks
// each (seeds left to the caller).
func LectureCIteration() CCheckSettings {
	return CCheckSettings{MLP: lectureMLP(10, 0), SigmaW2: []float64{1.5, 1.5, 2.5, 2.5}, C1: []float64{0.1, 0.9, 0.1, 0.99}, Nets: 6}
}

// LectureXiC returns the settings of the notebook's xi-c-decay: tanh,
// σ_w² = 1.2, σ_b² = 0.05 (ordered), width 1000, depth 20, the gap 1 − c^ℓ
// from c¹ = 0.5, 4 networks (seeds left to the caller).
func LectureXiC() CCheckSettings {
	return CCheckSettings{MLP: lectureMLP(20, 1.2), C1: []float64{0.5}, Gap: true, Nets: 4}
}

// LectureChi1 returns the settings of the notebook's chi1-sim: tanh at
// σ_b² = 0.01, 0.05, 0.1, 0.2, 0.25, three points per σ_b² (on the
// critical line and 0.3 to either side), 10 networks of width 1000 and
// depth 3 per point (seeds left to the caller).
func LectureChi1() Chi1Settings {
	return Chi1Settings{Phi: activation.Tanh(), SigmaB2: []float64{0.01, 0.05, 0.1, 0.2, 0.25}, Offset: 0.3, Width: lectureWidth, Depth: 3, Nets: 10}
}

// LectureSlopeLaws returns the settings of the notebook's fig3-<φ>: the
// law of φ′(h) at meanfield.LectureQStars, on 131 points of [−0.15, 1.15],
// 2 networks of width 1000 and depth 3 (seeds left to the caller).
func LectureSlopeLaws(phi activation.Func) SlopeLawSettings {
	return SlopeLawSettings{Phi: phi, Q: meanfield.LectureQStars(), T: empirical.Linspace(-0.15, 1.15, 131), Width: lectureWidth, Depth: 3, Nets: 2}
}

// At reports whether c ran m (width, depth, φ by name, σ_w², σ_b²) with
// nets networks.
func (c LayerCheck) At(m MLP, nets int) bool {
	r := c.MLP
	return r.Width == m.Width && r.Depth == m.Depth && r.Phi.Name == m.Phi.Name && r.SigmaW2 == m.SigmaW2 && r.SigmaB2 == m.SigmaB2 && c.Nets == nets
}

// Ran reports whether every check of checks ran s's MLP and networks (At;
// the inputs Q1 and the seeds aside).
func (s QCheckSettings) Ran(checks []LayerCheck) bool {
	for _, c := range checks {
		if !c.At(s.MLP, s.Nets) {
			return false
		}
	}
	return len(checks) > 0
}

// Ran reports whether checks are s's cases in order: one per case, each
// at the case's MLP (its σ_w²) and s.Nets (At; the inputs C1, Gap and the
// seeds aside).
func (s CCheckSettings) Ran(checks []LayerCheck) bool {
	if len(checks) != len(s.C1) {
		return false
	}
	for k, c := range checks {
		if !c.At(s.caseMLP(k), s.Nets) {
			return false
		}
	}
	return true
}

// At reports whether p ran at s's sizes: three points per σ_b² of s, the
// offset, width, depth and networks (φ, recorded by the caller, and the
// seeds aside).
func (p Chi1Points) At(s Chi1Settings) bool {
	return p.Phi == s.Phi.Name && len(p.SigmaW2) == 3*len(s.SigmaB2) && p.Offset == s.Offset && p.Width == s.Width && p.Depth == s.Depth && p.Nets == s.Nets
}

// Ran reports whether laws are s's: one per q* of s in order, each of s's
// width, depth and networks (φ, the grid T and the seeds aside).
func (s SlopeLawSettings) Ran(laws []SlopeLaw) bool {
	if len(laws) != len(s.Q) {
		return false
	}
	for j, l := range laws {
		if l.Q != s.Q[j] || l.Width != s.Width || l.Depth != s.Depth || l.Nets != s.Nets {
			return false
		}
	}
	return true
}

// LectureSTransform returns the run of notebook 04's s-transform-product
// (the notes' Table 2: S_MP·S_MP = (1+z)^(−2) for a product of two free
// Gaussian layers): a depth-2 linear network with Gaussian weights at
// q* = 1, width 400, 8 independent products (sigprop's sizes: the notes
// state the S-transform, not a simulation), seed 2.
func LectureSTransform() SpectrumSpec {
	return SpectrumSpec{Figure: "s-transform-product", Phi: "linear", Weights: "gaussian", Depth: 2, QStar: 1, Width: 400, Draws: 8, Seed: 2}
}

// SameSizes reports whether s and p draw the same network (activation
// and its parameter, weights, depth, q*) at the same width and number of
// draws: the figure id and the seed aside.
func (s SpectrumSpec) SameSizes(p SpectrumSpec) bool {
	s.Figure, s.Seed, p.Figure, p.Seed = "", 0, "", 0
	return s == p
}
