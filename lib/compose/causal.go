package compose

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
)

// visible returns how many tokens token i attends to: i+1 under a causal
// mask, n otherwise.
func (b Block) visible(i int) int {
	if b.Attn.Causal {
		return i + 1
	}
	return b.N
}

// softmaxGram is the softmax attention branch f = A u W^V on the full
// Gram matrix K = u uᵀ of its input, masked or not, under the mean map's
// approximation (Cowsik et al. 2024 Assumption 3.2 per pair of rows;
// lib/sources/compose.md#causal-softmax, eqs. C2–C7):
//
//	K′_ij = σ_V² Σ_{k∈V_i, l∈V_j} w^{ij}_kl K_kl / Σ_{k∈V_i, l∈V_j} w^{ij}_kl
//	w^{ij}_kl = exp(σ_A² [K_ii K_kk/2 + K_jj K_ll/2 + K_ij K_kl]/d²)        (C6)
//
// with V_i = {0..i} under the mask and all tokens without it; a row with
// one visible token (i = 0 under the mask) has the weight 1 exactly, and
// for it the cross term K_ij K_kl, a covariance with a logit that cancels,
// is dropped (C7). Without the mask on K = (q−p)I + p𝟏𝟏ᵀ it is AttnQP's
// eq. (10) (TestSoftmaxGramIsAttnQP); at σ_A² = 0 the uniform map σ_V² A K Aᵀ.
func (b Block) softmaxGram(u *mat.SymDense) *mat.SymDense {
	n := b.N
	c := b.Attn.SigmaA2 / (float64(b.D) * float64(b.D))
	out := mat.NewSymDense(n, nil)
	ex := make([]float64, n*n) // exponents of one (i, j), row k, column l
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			vi, vj := b.visible(i), b.visible(j)
			cross := c * u.At(i, j)
			if vi == 1 || vj == 1 {
				cross = 0 // (C7): a deterministic row's logit cancels
			}
			mx := math.Inf(-1)
			for k := 0; k < vi; k++ {
				ek := c * u.At(i, i) * u.At(k, k) / 2
				for l := 0; l < vj; l++ {
					e := ek + c*u.At(j, j)*u.At(l, l)/2 + cross*u.At(k, l)
					ex[k*n+l] = e
					mx = math.Max(mx, e)
				}
			}
			var num, den float64
			for k := 0; k < vi; k++ {
				for l := 0; l < vj; l++ {
					w := math.Exp(ex[k*n+l] - mx)
					num += w * u.At(k, l)
					den += w
				}
			}
			out.SetSym(i, j, b.Attn.SigmaV2*num/den)
		}
	}
	return out
}

// FamilyWiseT is the two-sided threshold at family-wise level alpha for
// the max |z| of tests comparisons, dependent or not (Bonferroni), each z
// a mean over nets networks divided by its SE from the same networks:
// Student's t with nets − 1 degrees of freedom, P(|T| > t) = alpha/tests
// (empirical.TQuantile2). For 2880 comparisons at 1 % it is 4.64 in the
// normal limit and 5.09 for 64 networks.
func FamilyWiseT(alpha float64, tests, nets int) float64 {
	return empirical.TQuantile2(alpha/float64(tests), nets-1)
}

// Estimated operations of GramTrajectory per unit of work (GramWork): an
// exponential and a multiply-add per (i, j, k, l) of softmaxGram, and one
// two-input Gaussian kernel of a feed-forward layer per pair, by closed
// form or by quadrature (gauss.Expect2: ~3 ms a call for tanh and GELU at
// pre-activation variance ~1 measured on a loaded 2-core machine, ~1e7
// operations, growing as the variance: MaxQuadratureVariance's 0.66 s at
// 1e3; counted as 1e7 · max(1, v/5)).
const (
	gramSoftmaxOps   = 30
	gramClosedOps    = 1e3
	gramQuadratureOp = 1e7
	gramQuadratureV  = 5
)

// GramWork estimates GramTrajectory's floating-point operations for b from
// a start of squared token norm q0 (a budget check before a user's request
// runs: the softmax map costs Σ_{i<=j} |V_i||V_j| ≈ n⁴/8 exponentials per
// block under a mask, the feed-forward n(n+1)/2 kernels per layer and
// block, a quadrature kernel more at a larger pre-activation variance: σ_w²
// times the branch input's per-unit variance, 1 after a norm, q0/d
// without one, times σ_w² per further layer when that is above 1).
func (b Block) GramWork(q0 float64) float64 {
	n, depth := float64(b.N), float64(b.Depth)
	var per float64
	if !b.NoAttention {
		per += 2 * n * n * n // A K Aᵀ
		if b.Attn.Kind == Softmax && b.Attn.SigmaA2 > 0 {
			pairs := n * n * n * n / 2 // Σ_{i<=j} n² without the mask
			if b.Attn.Causal {
				pairs = n * (n + 1) * (n + 2) * (3*n + 1) / 24 // Σ_{i<=j} (i+1)(j+1)
			}
			per += gramSoftmaxOps * pairs
		}
	}
	if !b.NoMLP {
		k := gramClosedOps
		if b.FF.Act.ClosedKernel == nil {
			v := b.FF.SigmaW * b.FF.SigmaW
			if b.Norm != Pre {
				v *= q0 / float64(b.D)
			}
			v *= math.Pow(math.Max(1, b.FF.SigmaW*b.FF.SigmaW), float64(max(b.FF.Layers-1, 0)))
			k = gramQuadratureOp * math.Max(1, v/gramQuadratureV)
		}
		per += n * (n + 1) / 2 * float64(max(b.FF.Layers, 1)) * k
	}
	return depth * per
}

// EquicorrGram is the n × n Gram matrix (q − p)I + p𝟏𝟏ᵀ of n tokens with
// squared norm q and pair dot product p (the start of CompareGram).
func EquicorrGram(n int, q, p float64) *mat.SymDense {
	k := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			k.SetSym(i, j, p)
		}
		k.SetSym(i, i, q)
	}
	return k
}

// GramPoint is the (q, p) of a Gram matrix as Run measures it: q the mean
// squared norm (1/n) Σ_i K_ii and p the mean dot product of distinct
// tokens Σ_{i≠j} K_ij/(n(n−1)); on K = (q − p)I + p𝟏𝟏ᵀ it is (q, p).
// Under a causal mask its Rho is the ratio of those means, not the mean
// of the pairs' correlations (GramCorr).
func GramPoint(k mat.Symmetric) Point {
	n := k.SymmetricDim()
	var q, p float64
	for i := 0; i < n; i++ {
		q += k.At(i, i)
		for j := i + 1; j < n; j++ {
			p += 2 * k.At(i, j)
		}
	}
	return Point{Q: q / float64(n), P: p / float64(n*(n-1))}
}

// RhoZ is the comparison at the level of Run's ρ = p/q (GramPoint of the
// theory's Gram matrices against Run.Rho): per layer the theory's ρ and
// z = |mean − theory|/SE, and the max of z over the layers ℓ >= 1.
func (c *GramComparison) RhoZ() (rho, z []float64, maxZ float64) {
	for l, k := range c.Gram {
		r := GramPoint(k).Rho()
		zl := zScore(c.Run.Rho.Mean[l], c.Run.Rho.SE[l], r)
		rho, z = append(rho, r), append(z, zl)
		if l >= 1 {
			maxZ = math.Max(maxZ, zl)
		}
	}
	return rho, z, maxZ
}
