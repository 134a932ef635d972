package compose

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/sigprop/sigprop/lib/empirical"
)

// Phase is a phase diagram of a composed block: Z[iy*len(X)+ix] is the
// angle exponent λ_a (LambdaA) of the base block with the numeric field
// XKey set to X[ix] and YKey to Y[iy]; NaN where the block has no
// collapsed fixed point (ErrNoFixedPoint) or the field values are out of
// range. λ_a = 0 is the edge of chaos of the composition (Cowsik et al.
// 2024 eq. 13).
type Phase struct {
	Base       Block
	XKey, YKey string
	X, Y, Z    []float64
}

// At returns λ_a at (X[ix], Y[iy]).
func (p Phase) At(ix, iy int) float64 { return p.Z[iy*len(p.X)+ix] }

// PhaseLambdaA tabulates LambdaA over the grid xs × ys of two numeric
// fields of base, named as in a block file (Keys: "branch_mlp", "sigma_w",
// "sigma_a2", ...) or "alpha", "sigma_ff" (numericKeys), on workers goroutines (the result does not depend on
// them). It returns an error wrapping ErrParam for an unknown or
// non-numeric key or an empty axis; a point whose block is invalid or has
// no collapsed fixed point is NaN.
func PhaseLambdaA(base Block, xKey string, xs []float64, yKey string, ys []float64, workers int) (*Phase, error) {
	for _, k := range []string{xKey, yKey} {
		if !slices.Contains(numericKeys, k) {
			return nil, paramErr("phase key", strconv.Quote(k), fmt.Sprintf("a numeric field, one of %v", numericKeys))
		}
	}
	if len(xs) == 0 || len(ys) == 0 || xKey == yKey {
		return nil, paramErr("phase axes", fmt.Sprintf("%d × %d values of %s, %s", len(xs), len(ys), xKey, yKey), "two distinct keys with at least one value each")
	}
	if err := base.Validate(); err != nil {
		return nil, err
	}
	ph := &Phase{Base: base, XKey: xKey, YKey: yKey, X: xs, Y: ys, Z: make([]float64, len(xs)*len(ys))}
	empirical.Pool(len(ys), workers, func() ffCache { return ffCache{} }, func(c ffCache, iy int) {
		for ix, x := range xs {
			b := base
			setNumeric(&b, xKey, x)
			setNumeric(&b, yKey, ys[iy])
			l := math.NaN()
			if b.Validate() == nil {
				if v, err := b.lambdaA(FixedSettings{}, c); err == nil {
					l = v
				}
			}
			ph.Z[iy*len(xs)+ix] = l
		}
	})
	return ph, nil
}

// numericKeys are the real-valued fields PhaseLambdaA can sweep, and the
// parametrisation of Cowsik et al. 2024's phase planes (tokengeom's
// alpha_a, alpha_m; SetNumeric): "alpha" sets both sub-blocks to skip
// √(1−α²), branch α, "alpha_a" and "alpha_m" one sub-block each (α in
// [0, 1]), "sigma_ff" sets σ_w and σ_o together (their single σ_w on
// every feed-forward matrix), so that ("alpha", "sigma_ff") over Cowsik's
// block is their Fig. 4 plane and ("alpha_a", "alpha_m") its bottom row.
var numericKeys = []string{"sigma_a2", "tau0", "sigma_v2", "sigma_w", "sigma_out",
	"skip_attn", "branch_attn", "skip_mlp", "branch_mlp", "alpha", "alpha_a", "alpha_m", "sigma_ff"}

// AlphaKeys are the keys of numericKeys that are not block fields but set
// several (SetNumeric): the residual weights from α, σ_w and σ_o together.
var AlphaKeys = []string{"alpha", "alpha_a", "alpha_m", "sigma_ff"}

// SetNumeric sets the numeric field key of b (numericKeys: a block file's
// numeric keys and AlphaKeys) to v, checking the range of the AlphaKeys
// (α in [0, 1], σ_ff finite > 0); the block fields' ranges are Validate's.
// An unknown key or a value out of range is an error wrapping ErrParam.
func SetNumeric(b *Block, key string, v float64) error {
	if !slices.Contains(numericKeys, key) {
		return paramErr("key", strconv.Quote(key), fmt.Sprintf("a numeric field, one of %v", numericKeys))
	}
	switch key {
	case "alpha", "alpha_a", "alpha_m":
		if !(v >= 0 && v <= 1) {
			return paramErr(key, v, "a value in [0, 1] (skip √(1−α²), branch α)")
		}
	case "sigma_ff":
		if !(v > 0) || !finite(v) {
			return paramErr(key, v, "a finite value > 0")
		}
	}
	setNumeric(b, key, v)
	return nil
}

func setNumeric(b *Block, key string, v float64) {
	t := math.Sqrt(1 - v*v) // the skip of α = v: NaN outside [0, 1], which Validate rejects
	switch key {
	case "sigma_a2":
		b.Attn.SigmaA2 = v
	case "tau0":
		b.Attn.Tau0 = v
	case "sigma_v2":
		b.Attn.SigmaV2 = v
	case "sigma_w":
		b.FF.SigmaW = v
	case "sigma_out":
		b.FF.SigmaOut = v
	case "skip_attn":
		b.ResA.Skip = v
	case "branch_attn":
		b.ResA.Branch = v
	case "skip_mlp":
		b.ResM.Skip = v
	case "branch_mlp":
		b.ResM.Branch = v
	case "alpha":
		b.ResA.Skip, b.ResA.Branch, b.ResM.Skip, b.ResM.Branch = t, v, t, v
	case "alpha_a":
		b.ResA.Skip, b.ResA.Branch = t, v
	case "alpha_m":
		b.ResM.Skip, b.ResM.Branch = t, v
	case "sigma_ff":
		b.FF.SigmaW, b.FF.SigmaOut = v, v
	default:
		panic("compose: setNumeric: " + key)
	}
}
