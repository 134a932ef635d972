package randmlp

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// This file holds the experiments that check the mean-field theory
// (package meanfield) against finite networks of this package, as the
// Tanner lecture's first part and notebook 01 draw them.

// MeanField is the mean-field limit N → ∞ of m: the meanfield.Net with
// m's φ, σ_w² and σ_b².
func (m MLP) MeanField() meanfield.Net {
	return meanfield.Net{Phi: m.Phi, SigmaW2: m.SigmaW2, SigmaB2: m.SigmaB2}
}

// LayerCheck is a mean-field prediction along depth beside its
// finite-width estimate: at layers ℓ = 1…Depth (Layers), the iterated map
// (Theory) and the mean and standard error over networks (Mean, SE;
// LayerStats: the network is the sample unit, so the SE has Nets − 1
// degrees of freedom and its z-score is judged by empirical.MaxZDOF). MLP, Nets and Start are the settings it ran with: the
// networks, how many were drawn and the start (q¹ of QCheckSettings, c¹ of
// CCheckSettings); Seed and Stream the generator empirical.Rand(Seed, Stream) it
// drew from when a settings' Run drew it (QCheckSettings,
// CCheckSettings; zero from a caller's generator).
type LayerCheck struct {
	Layers, Theory, Mean, SE []float64
	MLP                      MLP
	Nets                     int
	Start                    float64
	Seed, Stream             uint64
}

// qCheck follows q^ℓ from q¹ = q1 (QCheckSettings.Run): the q-map V
// iterated Depth−1 times against the empirical ‖h^ℓ‖²/N of nets networks,
// each the average over its two uncorrelated inputs with
// ‖x‖²/N = (q1 − σ_b²)/σ_w² (so that q¹ = q1). The two inputs of one
// network share its weights and biases, so the network, not the input, is
// the sample unit of the SE (LayerStats).
//
// It panics if nets < 1 or q1 < σ_b² (QCheckSettings.Validate refuses them).
func (m MLP) qCheck(q1 float64, nets int, rng *rand.Rand) LayerCheck {
	if !(q1 >= m.SigmaB2) {
		panic(fmt.Sprintf("randmlp: QCheck q1 must be >= sigma_b2 = %v, got %v", m.SigmaB2, q1))
	}
	q := func(t MLPTrace, l int) []float64 { return t.Q[l] }
	sim, se := m.LayerStats(nets, (q1-m.SigmaB2)/m.SigmaW2, 0, q, rng)
	return LayerCheck{Layers: empirical.Linspace(1, float64(m.Depth), m.Depth), Theory: m.MeanField().QTrajectory(q1, m.Depth-1), Mean: sim, SE: se, MLP: m, Nets: nets, Start: q1}
}

// cCheck follows the correlation c^ℓ of two inputs whose variances sit at
// the fixed point q* (‖x‖²/N = r = (q* − σ_b²)/σ_w²) and whose first-layer
// correlation is c1 (input correlation (c1·q* − σ_b²)/(σ_w² r)): the
// covariance map (meanfield.Net.CTrajectory) against the empirical
// correlation of h_a^ℓ, h_b^ℓ over nets networks. With gap, both are
// replaced by 1 − c^ℓ, which keeps its relative precision deep into the
// ordered phase where c^ℓ → 1.
//
// Errors: those of meanfield.Net.QStar. It panics if nets < 1 or the input
// correlation falls outside [−1, 1].
func (m MLP) cCheck(c1 float64, nets int, gap bool, rng *rand.Rand) (LayerCheck, error) {
	n := m.MeanField()
	q, err := n.QStar()
	if err != nil {
		return LayerCheck{}, err
	}
	_, _, theory := n.CTrajectory(q, q, c1, m.Depth-1)
	stat := func(t MLPTrace, l int) []float64 { return []float64{t.Corr[l][0][1]} }
	if gap {
		stat = func(t MLPTrace, l int) []float64 { return []float64{1 - t.Corr[l][0][1]} }
		for i, c := range theory {
			theory[i] = 1 - c
		}
	}
	r := (q - m.SigmaB2) / m.SigmaW2
	sim, se := m.LayerStats(nets, r, (c1*q-m.SigmaB2)/(m.SigmaW2*r), stat, rng)
	return LayerCheck{Layers: empirical.Linspace(1, float64(m.Depth), m.Depth), Theory: theory, Mean: sim, SE: se, MLP: m, Nets: nets, Start: c1}, nil
}

// Chi1Points holds estimates of χ₁ = σ_w² E φ′(h)² at points σ_w²
// (SigmaW2): the mean over the units of finite networks and its standard
// error over the networks (each network's mean over its units is one
// sample: its units share the network's last-layer input, so Nets − 1
// degrees of freedom), and the mean-field χ₁ (Theory).
type Chi1Points struct {
	SigmaW2, Mean, SE, Theory []float64
	// Offset, Width, Depth and Nets are the settings it ran with: the
	// points sit at σ_w²_c − Offset, σ_w²_c, σ_w²_c + Offset, with Nets
	// networks of that width and depth per point; Seed and Stream
	// chose the generators (row k: empirical.Rand(Seed+3k, Stream)).
	Offset             float64
	Width, Depth, Nets int
	Seed, Stream       uint64
	// Phi is the name of the activation (activation.Func.Name).
	Phi string
}

// chi1Beside is Chi1Settings.Run: it estimates χ₁ on the edge of chaos
// of φ and beside it: for
// each σ_b² = sigmaB2[k], at σ_w² = σ_w²_c − offset, σ_w²_c, σ_w²_c +
// offset with σ_w²_c on the critical line (meanfield.EoCCurve), it draws
// nets networks of the given width and depth with inputs at q¹ = q* (so
// the variance is settled from the start) and averages σ_w² φ′(h^L)² over
// the first input's last-layer units (LastLayer) of each network, with
// the SE over the networks (empirical.ClusterMeanSE). The three points of row k
// share the generator empirical.Rand(seed+3k, stream), i.e. common random
// numbers across the offsets. The points run on workers goroutines
// (each draws from its own generator, so no value depends on them) and
// are gathered in order.
//
// Errors: those of meanfield.EoCCurve and meanfield.Net.QStar (the first
// point's in order).
func chi1Beside(phi activation.Func, sigmaB2 []float64, offset float64, width, depth, nets int, seed, stream uint64, workers int) (Chi1Points, error) {
	critical, _, err := meanfield.EoCCurve(phi, sigmaB2)
	if err != nil {
		return Chi1Points{}, err
	}
	p := Chi1Points{Offset: offset, Width: width, Depth: depth, Nets: nets, Seed: seed, Stream: stream, Phi: phi.Name}
	n := 3 * len(sigmaB2)
	ws, means, ses, theory := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	errs := make([]error, n)
	empirical.Each(n, workers, func(j int) {
		k, b := j/3, sigmaB2[j/3]
		w := [3]float64{critical[k] - offset, critical[k], critical[k] + offset}[j%3]
		mlp := MLP{Width: width, Depth: depth, Phi: phi, SigmaW2: w, SigmaB2: b}
		q, err := mlp.MeanField().QStar()
		if err != nil {
			errs[j] = err
			return
		}
		slope2 := func(h float64) float64 { d := phi.DPhi(h); return w * d * d } // σ_w² φ′(h)², whose mean is χ₁
		// The pair's correlation (0.5) is immaterial: only its first input is used.
		// One network's units share its last-layer input: the network is the sample unit.
		ws[j] = w
		means[j], ses[j] = empirical.ClusterMeanSE(mlp.LastLayer(nets, (q-b)/w, 0.5, 1, slope2, empirical.Rand(seed+3*uint64(k), stream)), width)
		theory[j] = mlp.MeanField().Chi1At(q)
	})
	for _, err := range errs {
		if err != nil {
			return Chi1Points{}, err
		}
	}
	p.SigmaW2, p.Mean, p.SE, p.Theory = ws, means, ses, theory
	return p, nil
}

// SlopeLaw is the law of φ′(h), h ~ N(0, q*), at the points T: its CDF
// (activation.Func.SlopeCDF) and the empirical CDF of Samples slopes
// φ′(h^L) of finite networks at the edge-of-chaos point with fixed point
// q* (SlopeLawSettings): one input per network, whose last-layer units
// are independent given the layer's input (Gaussian rows of W), so that
// a bound for independent samples (DKW) applies up to the O(1/N) spread
// of that input between networks.
type SlopeLaw struct {
	T, CDF, ECDF []float64
	Samples      int
	// Q, Width, Depth and Nets are the settings it ran with: Samples =
	// Nets·Width; Seed and Stream the generator empirical.Rand(Seed,
	// Stream) it drew from when SlopeLawSettings.Run drew it (zero from a
	// caller's generator).
	Q                  float64
	Width, Depth, Nets int
	Seed, Stream       uint64
}

// slopeLawAt is one law of SlopeLawSettings.Run: it draws nets networks of the given width and depth at the
// edge-of-chaos point of φ with fixed point q (meanfield.EoCFromQ), the
// first input of each pair at q¹ = q, and compares the empirical CDF of
// the slopes φ′ of their last layer (nets·width samples) with the CDF of
// φ′(h), h ~ N(0, q), at the points ts. The pair's second input is left
// out: it shares the network's weights, and its h^L has correlation c^L
// with the first's, so the two are not independent samples (with both,
// the ECDF's z-score at the median had SD 1.10–1.13 over 400 seeds for
// ReLU, erf and hard tanh at N = 200, L = 3, 2 networks, q* = 1, against
// 1.03–1.07 with one).
//
// Errors: those of meanfield.EoCFromQ, which panics on q < 0.
func slopeLawAt(phi activation.Func, q float64, ts []float64, width, depth, nets int, rng *rand.Rand) (SlopeLaw, error) {
	w2, b2, err := meanfield.EoCFromQ(phi, q)
	if err != nil {
		return SlopeLaw{}, err
	}
	mlp := MLP{Width: width, Depth: depth, Phi: phi, SigmaW2: w2, SigmaB2: b2}
	s := mlp.LastLayer(nets, (q-b2)/w2, 0, 1, phi.DPhi, rng)
	sort.Float64s(s)
	l := SlopeLaw{T: ts, Samples: len(s), Q: q, Width: width, Depth: depth, Nets: nets}
	for _, t := range ts {
		l.CDF, l.ECDF = append(l.CDF, phi.SlopeCDF(q, t)), append(l.ECDF, empirical.ECDF(s, t))
	}
	return l, nil
}
