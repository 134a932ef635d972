package shapednet

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/sde"
	"gonum.org/v1/gonum/mat"
)

// This file holds the experiments that set a finite shaped network beside
// its limiting covariance SDE (package sde) in Noci et al. 2023: the
// one-step covariance (Theorem 4.2), the law of ρ_T against the width
// (Fig. 1 right at growing width), the shaped-ReLU ResNet against the 1-D
// correlation SDE (Fig. 3) and the finite-time explosion counts (§4.4).

// OneStepCov is one layer of the network at V₀ against the diffusion Σ of
// its SDE (Theorem 4.2): for each upper-triangle entry (α, β) in
// sde.TriPairs order,
//
//	NVar = n·Var(V₁^{αβ}) over the networks,  Sigma = Σ diagonal,
//	NoA  = a_lin·Σ_lin diagonal (Σ without the attention term 𝒜),
//
// the ratios Ratio = NVar/Sigma and RatioNoA = NVar/NoA, and RatioSE =
// √(2/(nets−1)), the standard error of a variance ratio for near-Gaussian
// entries. Entries names them as the paper writes V^{αβ}, 1-based: "V12"
// for (α, β) = (0, 1). Width and Nets are the network width n and the
// number of networks.
type OneStepCov struct {
	Width, Nets                       int
	Config                            Config // the configuration run (Depth 1, defaults filled in)
	Pairs                             [][2]int
	Entries                           []string
	NVar, Sigma, NoA, Ratio, RatioNoA []float64
	RatioSE                           float64
}

// Run simulates Nets one-layer networks of Config (its Depth is set to 1)
// from V0 with Simulate(·, Seed, workers) and sets n·Var(V₁) beside the
// diagonal of Model's diffusion at V0.
//
// Errors: those of Validate and of Simulate.
func (s OneStepSettings) Run(workers int) (OneStepCov, error) {
	if err := s.Validate(); err != nil {
		return OneStepCov{}, err
	}
	c, md, V0, nets, seed := s.Config, s.Model, s.V0, s.Nets, s.Seed
	c.Depth = 1
	r, err := Simulate(c, V0, nets, seed, workers)
	if err != nil {
		return OneStepCov{}, err
	}
	S, Slin := md.Diffusion(V0), sde.SigmaLin(V0)
	aLin, _ := md.NoiseCoeffs()
	o := OneStepCov{Width: c.Width, Nets: nets, Config: r.Config, Pairs: sde.TriPairs(V0.SymmetricDim()), RatioSE: math.Sqrt(2 / float64(nets-1))}
	for k, p := range o.Pairs {
		_, sd := empirical.MeanSD(r.FinalEntry(p[0], p[1]))
		nv, noA := float64(c.Width)*sd*sd, aLin*Slin.At(k, k)
		o.NVar, o.Sigma, o.NoA = append(o.NVar, nv), append(o.Sigma, S.At(k, k)), append(o.NoA, noA)
		o.Ratio, o.RatioNoA = append(o.Ratio, nv/S.At(k, k)), append(o.RatioNoA, nv/noA)
		o.Entries = append(o.Entries, fmt.Sprintf("V%d%d", p[0]+1, p[1]+1))
	}
	return o, nil
}

// KSByWidth runs nets networks of c at each width w (depth round(T·w),
// the other parameters from c, every width with the same seed) from V0 and
// returns the two-sample KS distance (empirical.KS2) between their
// terminal correlations ρ⁰¹ and the reference sample ref (e.g. the SDE's
// ρ_T), and the sample of the last width.
//
// Errors: no widths, a width < 1, T ≤ 0, an empty ref, and those of Simulate.
func KSByWidth(c Config, V0 mat.Matrix, T float64, widths []float64, nets int, ref []float64, seed uint64, workers int) (ks, last []float64, err error) {
	if len(widths) == 0 || !(T > 0) || len(ref) == 0 {
		return nil, nil, fmt.Errorf("shapednet: KSByWidth needs widths, T > 0 and a reference sample, got %d widths, T = %v, %d reference points", len(widths), T, len(ref))
	}
	for _, w := range widths {
		if !(w >= 1) {
			return nil, nil, fmt.Errorf("shapednet: KSByWidth width %v must be >= 1", w)
		}
		c.Width, c.Depth = int(w), int(math.Round(T*w))
		r, err := Simulate(c, V0, nets, seed, workers)
		if err != nil {
			return nil, nil, err
		}
		last = r.FinalCorr(0, 1)
		ks = append(ks, empirical.KS2(last, ref))
	}
	return ks, last, nil
}

// CorrLaws holds, for each residual weight Gamma[i], the terminal
// correlations ρ_T of finite networks (Net[i]) and of SDE paths (SDE[i]).
type CorrLaws struct {
	Gamma    []float64
	Net, SDE [][]float64
	// Config (its Gamma that of the last γ), Rho0, Step (the SDE's
	// Euler–Maruyama step h, its default filled in), Nets and Paths are
	// the settings it ran with.
	Config      Config
	Rho0, Step  float64
	Nets, Paths int
	// NetSeed and SDESeed are the seeds run: γ index i drew its networks
	// with NetSeed+i and its SDE paths with SDESeed+i.
	NetSeed, SDESeed uint64
}

// Run is Fig. 3 of Noci et al. 2023: for each γ = Gammas[i], Nets
// shaped-ReLU ResNets (Config with Gamma = γ, from the two-token V₀ with
// correlation Rho0, seed NetSeed+i) and Paths paths of the 1-D correlation
// SDE sde.ResNetCorr with the same γ, c₊, c₋ (to T = Depth/Width, seed
// SDESeed+i, settings SDE).
//
// Errors: those of Validate, Simulate and ResNetCorr.Simulate.
func (ls LawSettings) Run(workers int) (CorrLaws, error) {
	return ls.run(workers, nil)
}

// run is Run with the networks' correlations of γ index i taken from
// net[i] (ls's networks, stored: StoredOrRun) when net is not nil.
func (ls LawSettings) run(workers int, net [][]float64) (CorrLaws, error) {
	if err := ls.Validate(); err != nil {
		return CorrLaws{}, err
	}
	c, gammas, rho0, nets, paths, netSeed, sdeSeed, s := ls.Config, ls.Gammas, ls.Rho0, ls.Nets, ls.Paths, ls.NetSeed, ls.SDESeed, ls.SDE
	l := CorrLaws{Gamma: gammas, Rho0: rho0, Step: cmp.Or(s.Step, 0.01), Nets: nets, Paths: paths, NetSeed: netSeed, SDESeed: sdeSeed}
	for i, g := range gammas {
		c.Gamma = g
		l.Config = c
		var x []float64
		if net != nil {
			x = net[i]
		} else {
			var err error
			if x, err = ls.netCorr(i, workers); err != nil {
				return CorrLaws{}, err
			}
		}
		y, err := sde.ResNetCorr{Gamma: g, CPlus: c.CPlus, CMinus: c.CMinus}.Simulate(rho0, float64(c.Depth)/float64(c.Width), paths, sdeSeed+uint64(i), s)
		if err != nil {
			return CorrLaws{}, err
		}
		l.Net, l.SDE = append(l.Net, x), append(l.SDE, y)
	}
	return l, nil
}

// NetCorr returns Run's networks' terminal correlations (CorrLaws.Net)
// without the SDE paths: what `sigprop sweep generate noci23-fig3` stores.
//
// Errors: those of Validate and Simulate.
func (ls LawSettings) NetCorr(workers int) ([][]float64, error) {
	if err := ls.Validate(); err != nil {
		return nil, err
	}
	var net [][]float64
	for i := range ls.Gammas {
		x, err := ls.netCorr(i, workers)
		if err != nil {
			return nil, err
		}
		net = append(net, x)
	}
	return net, nil
}

// netCorr simulates the Nets networks of γ index i (seed NetSeed+i) and
// returns their terminal correlations ρ⁰¹.
func (ls LawSettings) netCorr(i, workers int) ([]float64, error) {
	c := ls.Config
	c.Gamma = ls.Gammas[i]
	r, err := Simulate(c, EquiCorr(2, ls.Rho0), ls.Nets, ls.NetSeed+uint64(i), workers)
	if err != nil {
		return nil, err
	}
	return r.FinalCorr(0, 1), nil
}

// AbsQuantile is the q-quantile of |ρ_T| for each γ (Fig. 3 right): of
// the networks (net, with its standard error netSE by
// empirical.QuantileSE), of the SDE paths (sdeQ), and the standard error
// of their difference, √(netSE² + SE_sde²).
func (l CorrLaws) AbsQuantile(q float64) (net, netSE, sdeQ, se []float64) {
	for i := range l.Gamma {
		x, y := abs(l.Net[i]), abs(l.SDE[i])
		net, netSE, sdeQ = append(net, empirical.Quantile(x, q)), append(netSE, empirical.QuantileSE(x, q)), append(sdeQ, empirical.Quantile(y, q))
		se = append(se, math.Hypot(netSE[i], empirical.QuantileSE(y, q)))
	}
	return net, netSE, sdeQ, se
}

func abs(x []float64) []float64 {
	o := make([]float64, len(x))
	for i, v := range x {
		o[i] = math.Abs(v)
	}
	return o
}

// Explosion counts, for one residual weight γ, the SDE paths of Theorem
// 4.2 that stopped (‖V‖_F ≥ the stop radius) at the default step and at a
// ten times finer one, the paths whose Euler step left the PSD cone, and
// the finite networks that stopped (a diagonal entry of V ≥ StopRadius).
type Explosion struct {
	Gamma                                                float64
	SDEStopped, SDEProjected, SDEStoppedFine, NetStopped int
	// T, Rho0 (the input correlation of tokens 1 and 2), Step (the coarse
	// SDE step; the fine one is Step/10), SDEStopRadius and NetStopRadius
	// (the radii at which an SDE path and a network stop) are the settings
	// it ran with, defaults filled in.
	T, Rho0, Step, SDEStopRadius, NetStopRadius float64
}

// Run runs, for each γ = Gammas[i], Paths SDE paths of Model (Gamma = γ)
// from V0 to T with seed SDESeed+i at the step SDE.Step (default 0.01) and
// at SDE.Step/10, and Paths networks of Config (Gamma = γ, Depth =
// round(T·Width)) with seed NetSeed+i.
//
// Errors: those of Validate, sde.Simulate and Simulate.
func (es ExplosionSettings) Run(workers int) ([]Explosion, error) {
	if err := es.Validate(); err != nil {
		return nil, err
	}
	c, md, V0, T, gammas, paths, sdeSeed, netSeed, s := es.Config, es.Model, es.V0, es.T, es.Gammas, es.Paths, es.SDESeed, es.NetSeed, es.SDE
	coarse, fine := s, s
	if coarse.Step == 0 {
		coarse.Step = 0.01
	}
	fine.Step = coarse.Step / 10
	var out []Explosion
	for i, g := range gammas {
		md.Gamma, c.Gamma, c.Depth = g, g, int(math.Round(T*float64(c.Width)))
		r, err := sde.Simulate(md, V0, T, paths, sdeSeed+uint64(i), coarse)
		if err != nil {
			return nil, err
		}
		f, err := sde.Simulate(md, V0, T, paths, sdeSeed+uint64(i), fine)
		if err != nil {
			return nil, err
		}
		nn, err := Simulate(c, V0, paths, netSeed+uint64(i), workers)
		if err != nil {
			return nil, err
		}
		out = append(out, Explosion{Gamma: g, SDEStopped: r.NumStopped(), SDEProjected: r.NumPSDViolating(), SDEStoppedFine: f.NumStopped(), NetStopped: nn.NumStopped(),
			T: T, Rho0: nn.InitialCorr(0, 1), Step: coarse.Step, SDEStopRadius: cmp.Or(s.StopRadius, 1e4), NetStopRadius: nn.Config.StopRadius})
	}
	return out, nil
}
