package rankblock

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// Input fills dst (n×d_v) with one input sequence, every entry (a
// simulation may hand it a matrix of an earlier draw); it is called once
// per draw with the simulation's rng.
type Input func(dst *mat.Dense, rng *rand.Rand)

// Profile holds per-layer Monte Carlo means over independent draws of a
// Net (fresh weights and a fresh input per draw). Index ℓ = 0..L for
// the token statistics (ℓ = 0 is the input) and ℓ = 0..L−1 for the weight
// gradients of block ℓ.
type Profile struct {
	Draws int
	// MeanCos is the mean over draws of the mean pairwise token cosine, the
	// "cosine between tokens" of the paper's figures.
	MeanCos, MeanCosSE []float64
	// C and SqNorm are the means of C(X^ℓ) and ‖X^ℓ‖_F²; Rho is the
	// ratio-of-means estimate C̄/((n−1)N̄) − 1/(n−1) of eq. (14) and RhoSE
	// its delta-method standard error.
	C, SqNorm, Rho, RhoSE []float64
	// CSE and SqNormSE are the standard errors of C and SqNorm (heavy
	// tails at depth make them noisy themselves, lib/sources/noci2022.md#erratum-12).
	CSE, SqNormSE []float64
	// GradWQ, GradWK, GradWV are the means of ‖∂𝓛/∂W‖_F² for the loss
	// 𝓛 = ⟨R, X^L⟩ with R iid N(0,1) drawn per draw (the paper leaves the
	// loss unstated, lib/sources/noci2022.md#figure-3); nil unless gradients were requested.
	GradWQ, GradWK, GradWV []float64
	// GradWQSE, GradWKSE, GradWVSE are their standard errors over draws
	// at each block; nil unless gradients were requested.
	GradWQSE, GradWKSE, GradWVSE []float64
	// SqNormDraws[ℓ] holds ‖X^ℓ‖_F² of every draw (the densities of
	// App. B.2, Fig. 11); nil unless requested.
	SqNormDraws [][]float64
}

// ProfileSettings tunes Simulate. Draws = 0 means 100.
// Validate checks it; Simulate panics with Validate's error.
type ProfileSettings struct {
	Draws       int
	Gradients   bool // also run Backward and record weight-gradient norms
	KeepSqNorms bool // keep every draw's ‖X^ℓ‖_F² in Profile.SqNormDraws
	// Workers is the number of goroutines the draws are spread over (0
	// or 1: one); the profile does not depend on it.
	Workers int
}

// Validate returns ErrParam for Draws = 1 or below 0 (0 means 100; a
// standard error needs two) or Workers < 0.
func (s ProfileSettings) Validate() error {
	if s.Draws < 0 || s.Draws == 1 {
		return param.Err(ErrParam, "ProfileSettings.Draws", s.Draws, "0 (100) or an integer >= 2")
	}
	if s.Workers < 0 {
		return param.Err(ErrParam, "ProfileSettings.Workers", s.Workers, "an integer >= 0 (0: one)")
	}
	return nil
}

// Simulate draws s.Draws networks of cfg (weights from rng), feeds each
// an input from input, and returns the per-layer means of Profile. It
// returns an error if an activation overflows (no-LN networks at large
// depth) and panics on an invalid cfg or nil arguments.
//
//sigprop:eq noci2022 lemma3.2,3.3
//sigprop:eq noci2022 eq14
func Simulate(cfg Config, input Input, s ProfileSettings, rng *rand.Rand) (Profile, error) {
	if input == nil || rng == nil {
		panic("rankblock: Simulate needs a non-nil input and rng")
	}
	if err := s.Validate(); err != nil {
		panic(err.Error())
	}
	draws := s.Draws
	if draws == 0 {
		draws = 100
	}
	L, n := cfg.Layers, cfg.N
	cfg.resolve()
	cs := make([][]float64, L+1)
	ns := make([][]float64, L+1)
	cos := make([][]float64, L+1)
	for l := range cs {
		cs[l], ns[l], cos[l] = make([]float64, draws), make([]float64, draws), make([]float64, draws)
	}
	p := Profile{Draws: draws}
	var gq, gk, gv [][]float64 // per draw, per layer
	if s.Gradients {
		p.GradWQ, p.GradWK, p.GradWV = make([]float64, L), make([]float64, L), make([]float64, L)
		gq, gk, gv = make([][]float64, draws), make([][]float64, draws), make([][]float64, draws)
	}
	errs := make([]error, draws)
	type slot struct {
		nt   *Net
		x, r *mat.Dense
	}
	first := true
	// The draws follow the serial loop this replaced: New's own draw (then
	// discarded), and per network its weights, its input and, with
	// gradients, the seed R of the backward pass.
	empirical.DrawRun(draws, s.Workers,
		func() slot {
			var nt *Net
			if first {
				nt, first = New(cfg, rng), false
			} else {
				nt = newNet(cfg)
			}
			return slot{nt, mat.NewDense(n, cfg.DV, nil), mat.NewDense(n, cfg.DV, nil)}
		},
		func(sl slot, d int) {
			sl.nt.Resample(rng)
			input(sl.x, rng)
			if s.Gradients {
				rbFill(sl.r, rng, 1)
			}
		},
		func(sl slot, d int) {
			if _, err := sl.nt.Forward(sl.x); err != nil {
				errs[d] = fmt.Errorf("draw %d: %w", d, err)
				return
			}
			for l := 0; l <= L; l++ {
				st := Stats(sl.nt.Layer(l))
				cs[l][d], ns[l][d], cos[l][d] = st.C, st.SqNorm, st.MeanCos
			}
			if s.Gradients {
				g, _ := sl.nt.Backward(sl.r)
				gq[d], gk[d], gv[d] = slices.Clone(g.WQ), slices.Clone(g.WK), slices.Clone(g.WV)
			}
		})
	for _, err := range errs {
		if err != nil {
			return Profile{}, err
		}
	}
	for d := range gq {
		for l := 0; l < L; l++ {
			p.GradWQ[l] += gq[d][l] / float64(draws)
			p.GradWK[l] += gk[d][l] / float64(draws)
			p.GradWV[l] += gv[d][l] / float64(draws)
		}
	}
	if s.Gradients {
		col := make([]float64, draws)
		for l := 0; l < L; l++ {
			for _, g := range []struct {
				draws [][]float64
				se    *[]float64
			}{{gq, &p.GradWQSE}, {gk, &p.GradWKSE}, {gv, &p.GradWVSE}} {
				for d := range col {
					col[d] = g.draws[d][l]
				}
				_, se := empirical.MeanSE(col)
				*g.se = append(*g.se, se)
			}
		}
	}
	if s.KeepSqNorms {
		p.SqNormDraws = ns
	}
	fn := float64(n)
	for l := 0; l <= L; l++ {
		mc, cse := empirical.MeanSE(cs[l])
		mn, nse := empirical.MeanSE(ns[l])
		p.CSE = append(p.CSE, cse)
		p.SqNormSE = append(p.SqNormSE, nse)
		m, se := empirical.MeanSE(cos[l])
		p.C = append(p.C, mc)
		p.SqNorm = append(p.SqNorm, mn)
		p.MeanCos = append(p.MeanCos, m)
		p.MeanCosSE = append(p.MeanCosSE, se)
		rho := mc/((fn-1)*mn) - 1/(fn-1)
		e := make([]float64, draws)
		for d := range e {
			e[d] = (cs[l][d] - mc/mn*ns[l][d]) / ((fn - 1) * mn)
		}
		_, rse := empirical.MeanSE(e)
		p.Rho = append(p.Rho, rho)
		p.RhoSE = append(p.RhoSE, rse)
	}
	return p, nil
}

// AttnGrads holds Monte Carlo means and standard errors of the squared
// Jacobian norms of one attention layer (AttnJacobianNorms).
type AttnGrads struct {
	WQ, WK, WV       float64
	WQSE, WKSE, WVSE float64
}

// AttnGradMC averages AttnJacobianNorms over draws of the input
// (from input, n×d_v) and of fresh weights W^Q, W^K ~ N(0, 1/d_k), W^V ~
// N(0, 1/d_v), with inverse temperature τ and true softmax (or uniform
// attention). It is the simulation side of eqs. (17)–(18) and of the
// paper's App. B.2 check of Assumption 3.1 (Fig. 12). dk = 0 means d_v.
//
//sigprop:eq noci2022 eq17,18
func AttnGradMC(n, dv, dk int, tau float64, uniform bool, input Input, draws int, rng *rand.Rand) AttnGrads {
	if n < 2 || dv < 1 || dk < 0 || draws < 2 || input == nil || rng == nil {
		panic(fmt.Sprintf("rankblock: AttnGradMC needs n >= 2, dv >= 1, dk >= 0, draws >= 2 and non-nil input, rng; got n=%d dv=%d dk=%d draws=%d", n, dv, dk, draws))
	}
	if dk == 0 {
		dk = dv
	}
	// The draws run in their serial order on one goroutine and the norms
	// on every core (empirical.DrawRun): the bits do not depend on the
	// count (TestAttnGradMCWorkers).
	return attnGradMC(n, dv, dk, tau, uniform, input, draws, rng, runtime.GOMAXPROCS(0))
}

// attnGradMC is AttnGradMC (dk resolved) with the norms on workers
// goroutines.
func attnGradMC(n, dv, dk int, tau float64, uniform bool, input Input, draws int, rng *rand.Rand, workers int) AttnGrads {
	type slot struct{ x, wq, wk, wv *mat.Dense }
	q, k, v := make([]float64, draws), make([]float64, draws), make([]float64, draws)
	empirical.DrawRun(draws, workers,
		func() slot {
			return slot{mat.NewDense(n, dv, nil), mat.NewDense(dv, dk, nil), mat.NewDense(dv, dk, nil), mat.NewDense(dv, dv, nil)}
		},
		func(s slot, _ int) {
			input(s.x, rng)
			rbFill(s.wq, rng, 1/math.Sqrt(float64(dk)))
			rbFill(s.wk, rng, 1/math.Sqrt(float64(dk)))
			rbFill(s.wv, rng, 1/math.Sqrt(float64(dv)))
		},
		func(s slot, d int) { q[d], k[d], v[d] = AttnJacobianNorms(s.x, s.wq, s.wk, s.wv, tau, uniform) })
	var g AttnGrads
	g.WQ, g.WQSE = empirical.MeanSE(q)
	g.WK, g.WKSE = empirical.MeanSE(k)
	g.WV, g.WVSE = empirical.MeanSE(v)
	return g
}

// AttnInputJacobianMC returns the mean and standard error over draws of
// ‖∂S/∂X‖_F² (AttnInputJacobian) at fixed x, with fresh weights W^Q,
// W^K ~ N(0, 1/d_k), W^V ~ N(0, 1/d_v) per draw: the simulation side of
// the corrected Lemma 3.1 (rankcollapse.ExpGradX) and of the failure of
// eq. (8). dk = 0 means d_v. Cost per draw O((n d_v)(n² d_k + n d_v²)).
func AttnInputJacobianMC(x mat.Matrix, dk int, tau float64, uniform bool, draws int, rng *rand.Rand) (mean, se float64) {
	_, dv := x.Dims()
	if dk < 0 || draws < 2 || rng == nil {
		panic(fmt.Sprintf("rankblock: AttnInputJacobianMC needs dk >= 0, draws >= 2, non-nil rng; got dk=%d draws=%d", dk, draws))
	}
	if dk == 0 {
		dk = dv
	}
	wq, wk, wv := mat.NewDense(dv, dk, nil), mat.NewDense(dv, dk, nil), mat.NewDense(dv, dv, nil)
	vals := make([]float64, draws)
	for d := range vals {
		rbFill(wq, rng, 1/math.Sqrt(float64(dk)))
		rbFill(wk, rng, 1/math.Sqrt(float64(dk)))
		rbFill(wv, rng, 1/math.Sqrt(float64(dv)))
		vals[d] = rbSq(AttnInputJacobian(x, wq, wk, wv, tau, uniform))
	}
	return empirical.MeanSE(vals)
}

// GaussianInput draws iid N(0, s²) tokens (App. B.2's "X iid Gaussian").
func GaussianInput(s float64) Input {
	if !(s >= 0) || math.IsInf(s, 0) {
		panic(fmt.Sprintf("rankblock: GaussianInput std must be finite and >= 0, got %v", s))
	}
	return func(dst *mat.Dense, rng *rand.Rand) { rbFill(dst, rng, s) }
}

// EquicorrelatedInput draws the equicorrelated Gaussian tokens of
// Noci et al. 2022 §3.3 (empirical.Equicorrelated): entry variance sx2,
// pairwise token correlation rho, independent columns.
func EquicorrelatedInput(n, d int, rho, sx2 float64) Input {
	if err := empirical.CheckEquicorrelated(n, d, rho, sx2); err != nil {
		panic("rankblock: EquicorrelatedInput: " + err.Error())
	}
	return func(dst *mat.Dense, rng *rand.Rand) {
		empirical.Equicorrelated(dst, rng, n, d, rho, sx2)
	}
}

// FixedInput feeds the same sequence x at every draw.
func FixedInput(x mat.Matrix) Input {
	c := mat.DenseCopyOf(x)
	return func(dst *mat.Dense, _ *rand.Rand) { dst.Copy(c) }
}
