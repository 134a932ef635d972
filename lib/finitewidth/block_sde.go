package finitewidth

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/sde"
)

// ShapedDiffusion compares, for a shaped block b (ShapedCase) at the
// equicorrelated geometry (q, p), the fresh covariance one block adds to
// the normalised geometry (q̂/d, p̂/d) of V = XXᵀ/d, times d (the covariance
// SDE's time step is 1/d per block),
//
//	block = d · BlockNoise(b, q, p).N / d²,
//
// with the same two functionals of the SDE's diffusion Σ(V) at V = G/d
// (Noci et al. 2023 Thm 4.2, Cor 4.3; package sde),
//
//	sde_kl = Σ_{(αβ),(δω)} c^k_{αβ} c^l_{δω} Σ^{αβ,δω}(V),
//	c^q_{αα} = 1/n,  c^p_{αβ} = 2/(n(n−1)) (α < β, the upper-triangular entries).
//
// At the SDE's scaling the two agree up to O(d^{−1/2}) (the shaped ReLU's
// slope) and O(1/d) (the attention's drift in the value layer's input);
// lib/sources/finitewidth.md#shaped-sde derives it and
// TestShapedDiffusionIsSDE checks the convergence. It returns BlockNoise's
// errors and one wrapping ErrParam for a model that sde refuses.
func ShapedDiffusion(b compose.Block, model sde.Model, q, p float64) (block, sdeCov [2][2]float64, err error) {
	if err := model.Validate(); err != nil {
		return block, sdeCov, fmt.Errorf("%w: %v", ErrParam, err)
	}
	_, N, err := BlockNoise(b, q, p)
	if err != nil {
		return block, sdeCov, err
	}
	fd := float64(b.D)
	n := b.N
	fn := float64(n)
	for i := range 2 {
		for j := range 2 {
			block[i][j] = N[i][j] / fd
		}
	}
	V := sde.EquiCov(n, q/fd, p/q)
	S := model.Diffusion(V)
	pairs := sde.TriPairs(n)
	coef := func(k int, pr [2]int) float64 {
		switch {
		case k == 0 && pr[0] == pr[1]:
			return 1 / fn
		case k == 1 && pr[0] != pr[1]:
			return 2 / (fn * (fn - 1))
		}
		return 0
	}
	for k := range 2 {
		for l := range 2 {
			var s float64
			for a, pa := range pairs {
				ca := coef(k, pa)
				if ca == 0 {
					continue
				}
				for c, pc := range pairs {
					if cc := coef(l, pc); cc != 0 {
						s += ca * cc * S.At(a, c)
					}
				}
			}
			sdeCov[k][l] = s
		}
	}
	return block, sdeCov, nil
}

// InverseWidth is 1/d, the order of the gap between the composed shaped
// block's per-block covariance (× d) and the covariance SDE's diffusion:
// the reference line that gap is drawn against.
func InverseWidth(d float64) float64 { return 1 / d }
