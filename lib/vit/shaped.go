package vit

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

// shapedReLUSlopes returns the slopes of φ = √c σ_s for width d,
//
//	pos = √c s₊,  neg = √c s₋,  s₊ = 1,  s₋ = 1 − 1/√d,  c = 2/(s₊² + s₋²),
//
// the shaped ReLU of Noci et al. 2023, App. D (c₊ = 0, c₋ = −1 in
// s_± = 1 + c_±/√d) with the He constant c of their eq. (4), so that
// E φ(g)² = E g² for g ~ N(0, σ²) (TestShapedReLUDefinition). At d = 1,
// s₋ = 0 and φ is √2·ReLU.
func shapedReLUSlopes(d int) (pos, neg float64) {
	sp, sm := 1.0, 1-1/math.Sqrt(float64(d))
	rc := math.Sqrt(2 / (sp*sp + sm*sm))
	return rc * sp, rc * sm
}

// shapedReLUSlice sets x[i] = pos·x[i] for x[i] > 0 and neg·x[i]
// otherwise.
func shapedReLUSlice(x []float64, pos, neg float64) {
	for i, v := range x {
		if v > 0 {
			x[i] = pos * v
		} else {
			x[i] = neg * v
		}
	}
}

// shapedReLUBack multiplies g[i] by φ′ at the pre-activation whose image
// is act[i]: pos where act[i] > 0, else neg. For neg > 0 the sign of
// φ(h) is that of h; for neg = 0 (d = 1) act = 0 exactly when h <= 0,
// where φ′ = 0 (the subgradient 0 is taken at h = 0).
func shapedReLUBack(g, act []float64, pos, neg float64) {
	for i, v := range act {
		if v > 0 {
			g[i] *= pos
		} else {
			g[i] *= neg
		}
	}
}

// centerAdd adds the shaped-attention terms (I − (1/n)11ᵀ)Y to z for one
// sequence of n = y.Rows tokens: z_i += y_i − ȳ with ȳ = (1/n)Σ_j y_j.
// It is used both forward (z = SY + (I − 11ᵀ/n)Y) and backward
// (dY += (I − 11ᵀ/n)ᵀdZ, the same symmetric matrix). mean is scratch of
// length y.Cols.
func centerAdd(z, y blas64.General, mean []float64) {
	n, d := y.Rows, y.Cols
	for k := range mean[:d] {
		mean[k] = 0
	}
	for i := 0; i < n; i++ {
		row := y.Data[i*y.Stride : i*y.Stride+d]
		for k, v := range row {
			mean[k] += v
		}
	}
	in := 1 / float64(n)
	for k := range mean[:d] {
		mean[k] *= in
	}
	for i := 0; i < n; i++ {
		yr := y.Data[i*y.Stride : i*y.Stride+d]
		zr := z.Data[i*z.Stride : i*z.Stride+d]
		for k, v := range yr {
			zr[k] += v - mean[k]
		}
	}
}

// prefixCenterAdd adds (I − C)Y to z for one causal sequence, C the
// causal uniform attention C_ij = 1/(i+1) for j <= i (Noci et al. 2023,
// the masked form of 11ᵀ/n): z_i += y_i − (1/(i+1))Σ_{j<=i} y_j. mean is
// scratch of length y.Cols.
func prefixCenterAdd(z, y blas64.General, mean []float64) {
	d := y.Cols
	clear(mean[:d])
	for i := 0; i < y.Rows; i++ {
		yr := y.Data[i*y.Stride : i*y.Stride+d]
		zr := z.Data[i*z.Stride : i*z.Stride+d]
		in := 1 / float64(i+1)
		for k, v := range yr {
			mean[k] += v
			zr[k] += v - mean[k]*in
		}
	}
}

// prefixCenterAddT adds (I − C)ᵀ dZ to dy (the pullback of
// prefixCenterAdd): dy_j += dz_j − Σ_{i>=j} dz_i/(i+1).
func prefixCenterAddT(dy, dz blas64.General, acc []float64) {
	d := dz.Cols
	clear(acc[:d])
	for j := dz.Rows - 1; j >= 0; j-- {
		zr := dz.Data[j*dz.Stride : j*dz.Stride+d]
		yr := dy.Data[j*dy.Stride : j*dy.Stride+d]
		in := 1 / float64(j+1)
		for k, v := range zr {
			acc[k] += v * in
			yr[k] += v - acc[k]
		}
	}
}

// checkFinite returns an ErrNonFinite-wrapping error if any of the first
// r rows of x holds a NaN or Inf (the NoNorm blocks have no norm check);
// r0 is the batch index of row 0, for the message.
func checkFinite(x blas64.General, r, r0 int) error {
	for i := 0; i < r; i++ {
		for _, v := range x.Data[i*x.Stride : i*x.Stride+x.Cols] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%w: token row %d holds %v", ErrNonFinite, r0+i, v)
			}
		}
	}
	return nil
}
