package finitewidth

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/compose"
)

// VarStat is an across-network (co)variance of two per-network statistics
// x, y from N networks (the network is the sample unit):
//
//	Value = Σ_i (x_i − x̄)(y_i − ȳ)/(N − 1),  SE = sd(u)/√N,  u_i = (x_i − x̄)(y_i − ȳ),
//
// the SE from the sample's fourth moments (the delta method's at large N).
type VarStat struct{ Value, SE float64 }

// SampleCov is VarStat of x and y (len(x) = len(y) >= 2; it panics
// otherwise).
func SampleCov(x, y []float64) VarStat {
	n := len(x)
	if n < 2 || len(y) != n {
		panic(fmt.Sprintf("finitewidth: SampleCov needs two samples of equal length >= 2, got %d and %d", len(x), len(y)))
	}
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= float64(n)
	my /= float64(n)
	var s, s2 float64
	for i := range x {
		u := (x[i] - mx) * (y[i] - my)
		s += u
		s2 += u * u
	}
	mu := s / float64(n)
	vu := (s2/float64(n) - mu*mu) * float64(n) / float64(n-1)
	return VarStat{Value: s / float64(n-1), SE: math.Sqrt(math.Max(vu, 0) / float64(n))}
}

// BlockComparison sets the theory (BlockMoments) beside compose.Simulate's
// networks of the same block, per layer ℓ = 0..L: the simulated
// Var q̂, Var ρ̂, Cov(q̂, ρ̂) with their SEs, the theory's, and
// z = (sim − theory)/SE. A quantity the block fixes exactly (q̂ = d after a
// post-norm: theory 0 and every network's q̂ equal to 1e-9 relative) has
// z = 0.
type BlockComparison struct {
	Theory               []BlockLayer
	Run                  *compose.Run
	VarQ, VarRho, CovQR  []VarStat
	ZVarQ, ZVarRho, ZCov []float64
	// MaxZ is the largest |z| over layers 1..L of each of Var q̂, Var ρ̂,
	// Cov(q̂, ρ̂).
	MaxZ [3]float64
}

// CompareBlock runs BlockMoments for s and compose.Simulate for s.Block
// with sim (its Q0 and Rho0 replaced by s's) and compares them. Errors:
// BlockMoments' and Simulate's.
func CompareBlock(s BlockSettings, sim compose.SimSettings) (*BlockComparison, error) {
	th, err := BlockMoments(s)
	if err != nil {
		return nil, err
	}
	sim.Q0, sim.Rho0 = th[0].Q, s.Rho0
	run, err := compose.Simulate(s.Block, sim)
	if err != nil {
		return nil, err
	}
	return CompareRun(th, run), nil
}

// CompareRun compares a theory with a run of the same block (one run
// against several theories: the checks' wrong theory on the same samples).
// It panics if the run's depth is not the theory's.
func CompareRun(th []BlockLayer, run *compose.Run) *BlockComparison {
	if len(th) != len(run.Rho.Mean) {
		panic(fmt.Sprintf("finitewidth: CompareRun: theory of %d layers, run of %d", len(th), len(run.Rho.Mean)))
	}
	c := &BlockComparison{Theory: th, Run: run}
	nets := run.Settings.Nets
	q, rho := make([]float64, nets), make([]float64, nets)
	for l, t := range th {
		for i := range nets {
			qi, _, ri := run.PerNetwork(i)
			q[i], rho[i] = qi[l], ri[l]
		}
		vq, vr, cq := SampleCov(q, q), SampleCov(rho, rho), SampleCov(q, rho)
		c.VarQ, c.VarRho, c.CovQR = append(c.VarQ, vq), append(c.VarRho, vr), append(c.CovQR, cq)
		zq := zOf(vq, t.VarQ(), t.Q*t.Q)
		zr := zOf(vr, t.VarRho(), 1)
		zc := zOf(cq, t.CovQRho(), t.Q)
		c.ZVarQ, c.ZVarRho, c.ZCov = append(c.ZVarQ, zq), append(c.ZVarRho, zr), append(c.ZCov, zc)
		if l > 0 {
			for k, z := range []float64{zq, zr, zc} {
				c.MaxZ[k] = math.Max(c.MaxZ[k], math.Abs(z))
			}
		}
	}
	return c
}

// zOf is (sim − theory)/SE with the exact-quantity rule: where the theory
// is 0 and the sample's spread is below 1e-9 of scale (relative to the
// quantity's square), z = 0.
func zOf(v VarStat, theory, scale float64) float64 {
	if theory == 0 && math.Abs(v.Value) <= 1e-18*scale && v.SE <= 1e-18*scale {
		return 0
	}
	if v.SE == 0 {
		return math.Inf(1)
	}
	return (v.Value - theory) / v.SE
}

// BlockEpsilon is the largest expansion parameter (BlockLayer.Expansion)
// at which the checks hold the O(1/d) theory to its z-scores; beyond it
// the gap is reported as a regime (lib/sources/finitewidth.md#composed-table).
const BlockEpsilon = 0.1

// NearIdentityT bounds the depth-to-width ratio ℓ/d at which the checks
// hold the theory of a near-identity block (shaped attention: J = I +
// O(1/d)) to its z-scores. Such a block's O(1/d) shifts of the mean
// (the Itô drift of ρ̂ = p̂/q̂, which the infinite-width means leave out)
// add up over ℓ blocks to O(ℓ/d), so the covariance is evaluated along a
// trajectory that is off by O(ℓ/d): the covariance SDE's regime, where the
// per-block noise is the SDE's diffusion (ShapedDiffusion) but the
// linearisation about the infinite-width trajectory is not enough
// (lib/sources/finitewidth.md#composed-table).
const NearIdentityT = 0.125

// Checked reports whether layer l of block b is inside what the checks
// hold the O(1/d) theory to: expansion parameter <= BlockEpsilon, and
// ℓ/d <= NearIdentityT for a block with shaped attention.
func Checked(b compose.Block, l BlockLayer) bool {
	if l.Expansion() > BlockEpsilon {
		return false
	}
	return b.NoAttention || b.Attn.Kind != compose.Shaped || float64(l.L) <= NearIdentityT*float64(b.D)
}

// MaxZChecked is the largest |z| of Var q̂, Var ρ̂ and Cov(q̂, ρ̂) over the
// layers 1..L that Checked admits, and their number.
func (c *BlockComparison) MaxZChecked() (z [3]float64, layers int) {
	b := c.Run.Block
	for l := 1; l < len(c.Theory); l++ {
		if !Checked(b, c.Theory[l]) {
			continue
		}
		layers++
		for k, v := range []float64{c.ZVarQ[l], c.ZVarRho[l], c.ZCov[l]} {
			z[k] = math.Max(z[k], math.Abs(v))
		}
	}
	return z, layers
}
