package freeprob

import "fmt"

// revert returns b_1..b_K with χ(ψ(z)) = z to order K for ψ(z) = Σ_{k≥1}
// a_k z^k, a_1 ≠ 0 (Lagrange series reversion by coefficient matching).
func revert(a []float64) []float64 {
	K := len(a)
	b := make([]float64, K+1) // b[0] = 0
	// pow[k][n] = [z^n] χ(z)^k, recomputed as b fills in.
	for n := 1; n <= K; n++ {
		// [z^n] ψ(χ) = Σ_k a_k [z^n] χ^k; only k = 1 involves b_n.
		rest := 0.0
		p := make([]float64, n+1) // χ^1 truncated
		copy(p, b[:n+1])
		p[n] = 0
		cur := append([]float64(nil), p...)
		for k := 2; k <= n; k++ {
			next := make([]float64, n+1)
			for i := 1; i <= n; i++ {
				if cur[i] == 0 {
					continue
				}
				for j := 1; i+j <= n; j++ {
					next[i+j] += cur[i] * p[j]
				}
			}
			cur = next
			rest += a[k-1] * cur[n]
		}
		rhs := -rest
		if n == 1 {
			rhs += 1
		}
		b[n] = rhs / a[0]
	}
	return b[1:]
}

// SFromMoments returns the coefficients c_0..c_{K−1} of the S-transform
// S(z) = Σ_j c_j z^j of a measure with moments m = (m_1..m_K):
//
//	ψ(z) = Σ m_k z^k,  χ = ψ^{−1},  S(z) = χ(z)(1+z)/z   (P17 notation, lib/sources/tanner2024.md#transforms)
//
// so c_0 = 1/m_1 and c_j/c_0 = s_j in the notation of F14. Panics if m_1 = 0
// or m is empty.
func SFromMoments(m []float64) []float64 {
	if len(m) == 0 || m[0] == 0 {
		panic(fmt.Sprintf("freeprob: SFromMoments needs m_1 != 0 (got %v)", m))
	}
	b := revert(m)
	c := make([]float64, len(m))
	for j := range c {
		c[j] = b[j] // b_{j+1}
		if j > 0 {
			c[j] += b[j-1] // b_j
		}
	}
	return c
}

// MomentsFromS inverts SFromMoments: given S(z) = Σ_{j<K} c_j z^j with
// c_0 ≠ 0 it returns m_1..m_K.
func MomentsFromS(c []float64) []float64 {
	if len(c) == 0 || c[0] == 0 {
		panic("freeprob: MomentsFromS needs c_0 = 1/m_1 != 0")
	}
	K := len(c)
	// χ(z) = z S(z)/(1+z): b_k = Σ_{j<k} c_j (−1)^{k−1−j}.
	b := make([]float64, K)
	for k := 1; k <= K; k++ {
		s := 0.0
		for j := 0; j < k; j++ {
			if (k-1-j)%2 == 0 {
				s += c[j]
			} else {
				s -= c[j]
			}
		}
		b[k-1] = s
	}
	return revert(b)
}
