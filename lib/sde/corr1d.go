package sde

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// ResNetCorr is the 1-D reduction of Theorem 3.2 for a token pair: by Itô's
// formula on ρ = V¹²/√(V¹¹V²²) the correlation is autonomous (lib/sources/noci2023.md#check-16),
//
//	dρ = γ² [ν(ρ) − ρ(1−ρ²)] dt + √2 γ (1−ρ²) dW.
//
// ρ = 1 is absorbing and ρ = −1 repelling (drift γ²(c₊−c₋)²/2 > 0 there).
// γ acts as a time change: the law of ρ_T at (γ, T) is the law at (1, γ²T).
// With γ = 1 and without the factor 2 it is the Li–Nica–Roy 2022 equation.
type ResNetCorr struct {
	Gamma, CPlus, CMinus float64
}

// Drift is γ²[ν(ρ) − ρ(1−ρ²)].
func (r ResNetCorr) Drift(rho float64) float64 {
	rho = clip1(rho)
	return r.Gamma * r.Gamma * (Nu(rho, r.CPlus, r.CMinus) - rho*(1-rho*rho))
}

// Variance is the diffusion variance rate 2γ²(1−ρ²)².
func (r ResNetCorr) Variance(rho float64) float64 {
	rho = clip1(rho)
	return 2 * r.Gamma * r.Gamma * (1 - rho*rho) * (1 - rho*rho)
}

// Simulate integrates paths copies from ρ₀ to T by Euler–Maruyama with
// step s.Step, clipping ρ to [−1, 1] after every step; path p uses
// PathRand(seed, p). s.StopRadius and s.OnNonPSD are not used.
func (r ResNetCorr) Simulate(rho0, T float64, paths int, seed uint64, s Settings) ([]float64, error) {
	s = s.withDefaults()
	switch {
	case !(r.Gamma >= 0 && r.Gamma <= 1):
		return nil, fmt.Errorf("%w: Gamma = %v, must be in [0, 1]", ErrParam, r.Gamma)
	case !(rho0 >= -1 && rho0 <= 1):
		return nil, fmt.Errorf("%w: rho0 = %v, must be in [-1, 1]", ErrParam, rho0)
	case !(T >= 0) || math.IsInf(T, 1):
		return nil, fmt.Errorf("%w: T = %v, must be finite and >= 0", ErrParam, T)
	case paths < 1 || s.Workers < 1 || !(s.Step > 0):
		return nil, fmt.Errorf("%w: need paths >= 1, Workers >= 1, Step > 0", ErrParam)
	}
	steps := int(math.Ceil(T/s.Step - 1e-9))
	out := make([]float64, paths)
	empirical.Each(paths, s.Workers, func(p int) {
		rng := PathRand(seed, p)
		x := rho0
		for k := 0; k < steps; k++ {
			h := s.Step
			if k == steps-1 {
				h = T - float64(steps-1)*s.Step
			}
			x = clip1(x + r.Drift(x)*h + math.Sqrt(r.Variance(x)*h)*rng.NormFloat64())
		}
		out[p] = x
	})
	return out, nil
}
