package sde

import "math"

// workspace holds the per-worker scratch of the integrator; nothing in the
// step loop allocates.
type workspace struct {
	m            int
	r            []float64 // factor R with R Rᵀ = V (lower triangular unless rFull)
	rFull        bool
	s, t1, w, xi []float64
	drift, inc   []float64
	c, svec, u   []float64
	z            []float64 // the m(m+1)/2 + m² standard normals of one increment
}

func newWorkspace(m int) *workspace {
	mm := m * m
	nz := m*(m+1)/2 + mm
	buf := make([]float64, 8*mm+3*m+nz)
	take := func(k int) []float64 { x := buf[:k:k]; buf = buf[k:]; return x }
	return &workspace{m: m,
		r: take(mm), s: take(mm), t1: take(mm), w: take(mm), xi: take(mm),
		drift: take(mm), inc: take(mm), c: take(mm),
		svec: take(m), u: take(m), z: take(nz),
	}
}

// sampleNoise writes into dst (flat, symmetric) one draw of the matrix
// Gaussian with covariance a_lin Σ_lin(V) + c_𝒜² 𝒜(V) (lib/sources/noci2023.md#noise-sampler):
//
//	dM = √a_lin R S Rᵀ + (c_𝒜/m)(Ξ V + V Ξᵀ),  S = (N₁+N₁ᵀ)/√2,  Ξ = R N₂ Rᵀ P.
//
// ws.r must hold R with R Rᵀ = V.
func sampleNoise(dst, v []float64, ws *workspace, aLin, cA float64, rng *gauss) {
	nz := len(ws.z)
	if cA == 0 {
		nz = ws.m * (ws.m + 1) / 2
	}
	for i := range ws.z[:nz] {
		ws.z[i] = rng.norm()
	}
	noiseFromGaussians(dst, v, ws, aLin, cA)
}

// noiseFromGaussians is sampleNoise with the normals taken from ws.z:
// linear in ws.z, which the tests use to compute its covariance exactly.
// Since V = R Rᵀ, Ξ V = R (N₂ M) Rᵀ with M = Rᵀ P R, so the increment is
// assembled as one congruence
//
//	dM = R [√a_lin S + (c_𝒜/m)(N₂ M + M N₂ᵀ)] Rᵀ.
func noiseFromGaussians(dst, v []float64, ws *workspace, aLin, cA float64) {
	m := ws.m
	mm := m * m
	r, s, t1 := ws.r[:mm:mm], ws.s[:mm:mm], ws.t1[:mm:mm]
	dst = dst[:mm:mm]
	full := ws.rFull
	// K (in s) = √a_lin S, S symmetric with Var S^{ii} = 2, Var S^{ij} = 1,
	// so that Cov(S^{ij}, S^{kl}) = δ_ik δ_jl + δ_il δ_jk.
	sa := math.Sqrt(aLin)
	zi := 0
	for i := 0; i < m; i++ {
		s[i*m+i] = sa * math.Sqrt2 * ws.z[zi]
		zi++
		for j := i + 1; j < m; j++ {
			x := sa * ws.z[zi]
			s[i*m+j], s[j*m+i] = x, x
			zi++
		}
	}
	// Every product below is a sum over k in increasing order held in a
	// register (the order of the original row-update form, so the bits are
	// those of the earlier implementation).
	if cA != 0 {
		pr, mt, nm, n2 := ws.w[:mm:mm], ws.xi[:mm:mm], ws.t1[:mm:mm], ws.z[zi:zi+mm:zi+mm]
		// pr = P R: subtract column means.
		fm := float64(m)
		for j := 0; j < m; j++ {
			c := 0.0
			for i := j; i < mm; i += m {
				c += r[i]
			}
			c /= fm
			for i := j; i < mm; i += m {
				pr[i] = r[i] - c
			}
		}
		// M = Rᵀ (P R), symmetric; row k of R is zero beyond column k.
		for i := 0; i < m; i++ {
			k0 := i
			if full {
				k0 = 0
			}
			// mt[i, j] = Σ_{k ≥ k0} R[k, i] (PR)[k, j] for j ≥ i, mirrored.
			prodRows(mt[i*m:i*m+m], r[i:], m, pr, m, k0, m, i)
			for j := i + 1; j < m; j++ {
				mt[j*m+i] = mt[i*m+j]
			}
		}
		// nm = N₂ M
		for i := 0; i < m; i++ {
			prodRows(nm[i*m:i*m+m], n2[i*m:], 1, mt, m, 0, m, 0)
		}
		f := cA / fm
		for i := 0; i < m; i++ {
			s[i*m+i] += f * (nm[i*m+i] + nm[i*m+i])
			for j := i + 1; j < m; j++ {
				x := f * (nm[i*m+j] + nm[j*m+i])
				s[i*m+j] += x
				s[j*m+i] += x
			}
		}
	}
	// t1 = R K (row i of R is zero beyond column i unless full)
	for i := 0; i < m; i++ {
		kn := i + 1
		if full {
			kn = m
		}
		prodRows(t1[i*m:i*m+m], r[i*m:], 1, s, m, 0, kn, 0)
	}
	// dst = t1 Rᵀ (upper triangle, mirrored): dst[i, j] = Σ_k t1[i, k] R[j, k],
	// over k ≤ j (lower triangular R: the terms beyond are exact zeros,
	// which leave a finite sum's bits unchanged), so the whole row i uses
	// k < m.
	for i := 0; i < m; i++ {
		prodRowsT(dst[i*m:i*m+m], t1[i*m:i*m+m], r, m, i)
		for j := i + 1; j < m; j++ {
			dst[j*m+i] = dst[i*m+j]
		}
	}
}

// prodRows sets dst[j] = Σ_{k0 ≤ k < k1} x[k·incx] y[k·ldy + j] for
// j0 ≤ j < len(dst), each sum in increasing k from 0.0, four columns at a
// time so that four independent sums are in flight (the order within each
// sum is that of the plain loop).
func prodRows(dst, x []float64, incx int, y []float64, ldy, k0, k1, j0 int) {
	n := len(dst)
	j := j0
	for ; j+4 <= n; j += 4 {
		var s0, s1, s2, s3 float64
		for k := k0; k < k1; k++ {
			xk := x[k*incx]
			q := y[k*ldy+j : k*ldy+j+4 : k*ldy+j+4]
			s0 += xk * q[0]
			s1 += xk * q[1]
			s2 += xk * q[2]
			s3 += xk * q[3]
		}
		dst[j], dst[j+1], dst[j+2], dst[j+3] = s0, s1, s2, s3
	}
	for ; j < n; j++ {
		s := 0.0
		for k := k0; k < k1; k++ {
			s += x[k*incx] * y[k*ldy+j]
		}
		dst[j] = s
	}
}

// prodRowsT sets dst[j] = Σ_{k<m} t[k] r[j·m + k] for j0 ≤ j < m, four j at
// a time.
func prodRowsT(dst, t, r []float64, m, j0 int) {
	j := j0
	t = t[:m:m]
	for ; j+4 <= m; j += 4 {
		r0, r1, r2, r3 := r[j*m:j*m+m:j*m+m], r[(j+1)*m:(j+1)*m+m:(j+1)*m+m], r[(j+2)*m:(j+2)*m+m:(j+2)*m+m], r[(j+3)*m:(j+3)*m+m:(j+3)*m+m]
		var s0, s1, s2, s3 float64
		for k, tk := range t {
			s0 += tk * r0[k]
			s1 += tk * r1[k]
			s2 += tk * r2[k]
			s3 += tk * r3[k]
		}
		dst[j], dst[j+1], dst[j+2], dst[j+3] = s0, s1, s2, s3
	}
	for ; j < m; j++ {
		rj := r[j*m : j*m+m : j*m+m]
		s := 0.0
		for k, tk := range t {
			s += tk * rj[k]
		}
		dst[j] = s
	}
}
