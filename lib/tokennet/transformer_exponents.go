package tokennet

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
	"gonum.org/v1/gonum/mat"
)

// ExponentEstimate is a Monte Carlo mean over independent samples with its standard
// error SE = sd/√samples.
type ExponentEstimate struct {
	Mean, SE float64
	Samples  int
}

func tfEstimate(xs []float64) ExponentEstimate {
	m, se := empirical.MeanSE(xs)
	return ExponentEstimate{Mean: m, SE: se, Samples: len(xs)}
}

// NumericAngleExponent estimates the angle exponent as App. A of Cowsik et
// al. 2024 does: permutation-symmetric tokens with target (q0, p0) pass
// through one block (cfg.Layers is ignored and taken as 1), (q,p) and
// (q′,p′) are measured with eqs. (22)–(23) on the input and the output, and
//
//	λ_a = ln[(1 − p′/q′)/(1 − p/q)]                          (eq. 24)
//
// is averaged over samples independent draws of weights and tokens. This
// is a one-step expansion factor from (q0, p0), not the eigenvalue at the
// collapsed fixed point (lib/sources/cowsik2024.md#erratum-4); the paper uses (q0,p0) = (d, 0.99d).
//
//sigprop:eq cowsik2024 eq24 erratum=lib/sources/cowsik2024.md#erratum-4
func NumericAngleExponent(cfg TransformerConfig, q0, p0 float64, samples int, rng *rand.Rand) (ExponentEstimate, error) {
	if samples < 1 {
		panic(fmt.Sprintf("tokennet: NumericAngleExponent samples must be >= 1, got %d", samples))
	}
	cfg.Layers = 1
	cfg.validate()
	vals := make([]float64, samples)
	err := tfDrawRun(cfg, samples, rng, func(sl tfSlot) { SymmetricTokens(sl.x, q0, p0, rng) }, func(sl tfSlot, s int) error {
		q, p := TokenGeometry(sl.x)
		y, err := sl.t.Forward(sl.x)
		if err != nil {
			return err
		}
		q1, p1 := TokenGeometry(y)
		v := math.Log((1 - p1/q1) / (1 - p/q))
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("tokennet: angle exponent sample %d is %v (input cos %v, output cos %v)", s, v, p/q, p1/q1)
		}
		vals[s] = v
		return nil
	})
	if err != nil {
		return ExponentEstimate{}, err
	}
	return tfEstimate(vals), nil
}

// NumericGradientExponent estimates the gradient exponent as Sec. 4.2 of
// Cowsik et al. 2024 does: for each sample draw the L blocks, tokens with
// target (q0, p0) and R ~ N(0, I_{n×d}); backpropagate to get
// g = ∂(X^L·R)/∂X^0, and record
//
//	λ_g = (1/L) ln(|g|²/(nd)),
//
// whose exponential has expectation E|∂X^L/∂X^0|²_F/(nd) (the nd and 1/L
// normalisation are lib/sources/cowsik2024.md#erratum-8). The notes (lib/sources/cowsik2024.md) compare it with
// the finite-depth theory started near collapse, (q0,p0) = (q*, 0.9999q*).
func NumericGradientExponent(cfg TransformerConfig, q0, p0 float64, samples int, rng *rand.Rand) (ExponentEstimate, error) {
	if samples < 1 {
		panic(fmt.Sprintf("tokennet: NumericGradientExponent samples must be >= 1, got %d", samples))
	}
	cfg.validate()
	vals := make([]float64, samples)
	nd := float64(cfg.N * cfg.D)
	draw := func(sl tfSlot) {
		SymmetricTokens(sl.x, q0, p0, rng)
		rd := sl.r.RawMatrix().Data
		for i := range rd {
			rd[i] = rng.NormFloat64()
		}
	}
	err := tfDrawRun(cfg, samples, rng, draw, func(sl tfSlot, s int) error {
		if _, err := sl.t.Forward(sl.x); err != nil {
			return err
		}
		var g2 float64
		for _, v := range sl.t.Backward(sl.r).RawMatrix().Data {
			g2 += v * v
		}
		v := math.Log(g2/nd) / float64(cfg.Layers)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("tokennet: gradient exponent sample %d is %v", s, v)
		}
		vals[s] = v
		return nil
	})
	if err != nil {
		return ExponentEstimate{}, err
	}
	return tfEstimate(vals), nil
}

// LayerGeometry runs t forward from x0 and returns the per-layer (q_t, p_t)
// of eqs. (22)–(23), t = 0..L, written into q and p (length L+1; nil
// allocates).
func (t *Transformer) LayerGeometry(x0 mat.Matrix, q, p []float64) ([]float64, []float64, error) {
	L := t.cfg.Layers
	if q == nil {
		q = make([]float64, L+1)
	}
	if p == nil {
		p = make([]float64, L+1)
	}
	if len(q) != L+1 || len(p) != L+1 {
		panic(fmt.Sprintf("tokennet: LayerGeometry needs slices of length %d", L+1))
	}
	if _, err := t.Forward(x0); err != nil {
		return nil, nil, err
	}
	for l := 0; l <= L; l++ {
		q[l], p[l] = TokenGeometry(t.Layer(l))
	}
	return q, p, nil
}
