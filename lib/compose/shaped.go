package compose

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// The shaped block of Noci et al. 2023 is the identity at infinite width;
// its token covariance V = XXᵀ/d moves by O(1/d) per block. These are the
// per-part first-order coefficients on the full token Gram matrix,
//
//	E[V_{ℓ+1} | V_ℓ] = V_ℓ + Drift(V_ℓ)/d + O(d^{−3/2}),
//
// derived here part by part; composing near-identity parts adds their
// coefficients, and the result is the drift of the paper's covariance SDE
// (Thm 4.2, Thm 3.2, Cor 4.3; package sde), TestShapedDriftIsSDE.

// ShapedAttnDrift is the first-order coefficient of the shaped attention
// branch, E[A V Aᵀ] = V + ShapedAttnDrift(V)/d, A = I + softmax(Y/τ) − 𝟏𝟏ᵀ/m,
// τ = τ₀√(d d_k), W^{Q,K} ~ N(0, 1/d), for m tokens with covariance V. With
// w_ij = z_ij − z̄_i the centred logits (z = Y/τ), E[z_ij z_lk] =
// V_il V_jk/(τ₀²d), and the softmax to second order,
//
//	Δ_ij = (1/m)(w_ij + w_ij²/2 − Σ_k w_ik²/(2m)),
//	E Δ_ij = V_ii (C_jj − tr C/m)/(2m τ₀² d),    C = PVP, P = I − 𝟏𝟏ᵀ/m,
//	E[ΔVΔᵀ]_il = V_il ⟨C, V⟩/(m² τ₀² d),
//
// so ShapedAttnDrift = d(E[Δ]V + V E[Δ]ᵀ + E[ΔVΔᵀ]), in index form. It
// panics if V is not square or tau0 <= 0.
//
//sigprop:eq noci2023 thm4.2
func ShapedAttnDrift(V mat.Symmetric, tau0 float64) *mat.SymDense {
	if !(tau0 > 0) || math.IsInf(tau0, 0) {
		panic(fmt.Sprintf("compose: tau0 must be finite and > 0, got %v", tau0))
	}
	m := V.SymmetricDim()
	fm := float64(m)
	// C = PVP by its entries: C_jk = V_jk − r_j − r_k + g.
	r := make([]float64, m)
	g := 0.0
	for j := 0; j < m; j++ {
		for k := 0; k < m; k++ {
			r[j] += V.At(j, k)
		}
		r[j] /= fm
		g += r[j]
	}
	g /= fm
	c := func(j, k int) float64 { return V.At(j, k) - r[j] - r[k] + g }
	trC, cv := 0.0, 0.0
	for j := 0; j < m; j++ {
		trC += c(j, j)
		for k := 0; k < m; k++ {
			cv += c(j, k) * V.At(j, k)
		}
	}
	t2 := tau0 * tau0
	eD := mat.NewDense(m, m, nil) // d·E Δ
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			eD.Set(i, j, V.At(i, i)*(c(j, j)-trC/fm)/(2*fm*t2))
		}
	}
	out := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for l := i; l < m; l++ {
			s := V.At(i, l) * cv / (fm * fm * t2)
			for j := 0; j < m; j++ {
				s += eD.At(i, j)*V.At(j, l) + V.At(i, j)*eD.At(l, j)
			}
			out.SetSym(i, l, s)
		}
	}
	return out
}

// TwoSlopeKernel is the He-normalised kernel of φ(h) = s₊h (h >= 0), s₋h
// (h < 0) at correlation ρ, E φ(u)φ(v)/E φ(u)² for unit-variance u, v:
// with a = (s₊+s₋)/2, b = (s₊−s₋)/2 (φ = a h + b|h|),
//
//	k(ρ) = [a²ρ + b² (2/π)(√(1−ρ²) + ρ arcsin ρ)]/(a² + b²),
//
// the arc-cosine kernel of degree one (Cho & Saul 2009) with the linear
// part added. k(1) = 1. ρ is clipped to [−1, 1]; it panics if s₊ = s₋ = 0.
func TwoSlopeKernel(rho, sPlus, sMinus float64) float64 {
	a, b := (sPlus+sMinus)/2, (sPlus-sMinus)/2
	if a == 0 && b == 0 {
		panic("compose: TwoSlopeKernel needs a nonzero slope")
	}
	rho = math.Max(-1, math.Min(1, rho))
	j := 2 / math.Pi * (math.Sqrt(1-rho*rho) + rho*math.Asin(rho))
	return (a*a*rho + b*b*j) / (a*a + b*b)
}

// ShapedReLUDrift is the first-order coefficient of the shaped-ReLU branch
// of Noci et al. 2023 eq. (4), slopes s± = 1 + c±/√d, He-normalised: from
// TwoSlopeKernel with b² = (c₊−c₋)²/(4d) and a² + b² = 1 + O(d^{−1/2}),
//
//	d(k(ρ) − ρ) → (c₊−c₋)²/4 · (2/π)(√(1−ρ²) + ρ arcsin ρ − πρ/2),
//
// times √(V_αα V_ββ) for the entry (α, β); the diagonal does not move.
// TestShapedReLUDriftLimit checks the limit against TwoSlopeKernel at
// growing d.
//
//sigprop:eq noci2023 thm3.2
func ShapedReLUDrift(V mat.Symmetric, cPlus, cMinus float64) *mat.SymDense {
	m := V.SymmetricDim()
	k := (cPlus - cMinus) * (cPlus - cMinus) / 4
	out := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for l := i + 1; l < m; l++ {
			s := math.Sqrt(V.At(i, i) * V.At(l, l))
			rho := math.Max(-1, math.Min(1, V.At(i, l)/s))
			j := 2 / math.Pi * (math.Sqrt(1-rho*rho) + rho*math.Asin(rho) - math.Pi/2*rho)
			out.SetSym(i, l, k*j*s)
		}
	}
	return out
}

// ShapedBlockDrift composes the shaped block's parts: an attention
// sub-block and a shaped-ReLU sub-block, each λ²V + γ²(V + drift/d) with
// λ² + γ² = 1, so the block moves V by γ²(ShapedAttnDrift + ShapedReLUDrift)/d.
// attn or mlp false leaves that sub-block out. It is Noci et al. 2023's
// drift (Cor 4.3; Thm 4.2 with mlp false, Thm 3.2 with attn false).
//
//sigprop:eq noci2023 cor4.3
func ShapedBlockDrift(V mat.Symmetric, gamma, tau0, cPlus, cMinus float64, attn, mlp bool) *mat.SymDense {
	m := V.SymmetricDim()
	out := mat.NewSymDense(m, nil)
	if attn {
		out.AddSym(out, ShapedAttnDrift(V, tau0))
	}
	if mlp {
		out.AddSym(out, ShapedReLUDrift(V, cPlus, cMinus))
	}
	out.ScaleSym(gamma*gamma, out)
	return out
}
