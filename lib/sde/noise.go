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
// Gaussian with covariance a_lin Σ_lin(V) + c_𝒜² 𝒜(V) (spec §4.1b):
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
	r, s, t1 := ws.r[:mm], ws.s[:mm], ws.t1[:mm]
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
	if cA != 0 {
		pr, mt, nm, n2 := ws.w[:mm], ws.xi[:mm], ws.t1[:mm], ws.z[zi:zi+mm]
		// pr = P R: subtract column means.
		copy(pr, r)
		for j := 0; j < m; j++ {
			c := 0.0
			for i := 0; i < m; i++ {
				c += r[i*m+j]
			}
			c /= float64(m)
			for i := 0; i < m; i++ {
				pr[i*m+j] -= c
			}
		}
		// M = Rᵀ (P R), symmetric; row k of R is zero beyond column k.
		for i := 0; i < m; i++ {
			for j := i; j < m; j++ {
				x := 0.0
				k0 := i
				if full {
					k0 = 0
				}
				for k := k0; k < m; k++ {
					x += r[k*m+i] * pr[k*m+j]
				}
				mt[i*m+j], mt[j*m+i] = x, x
			}
		}
		// nm = N₂ M
		for i := 0; i < m; i++ {
			ni := n2[i*m : i*m+m]
			row := nm[i*m : i*m+m]
			clear(row)
			for k, x := range ni {
				mk := mt[k*m : k*m+m]
				for j := range row {
					row[j] += x * mk[j]
				}
			}
		}
		f := cA / float64(m)
		for i := 0; i < m; i++ {
			for j := i; j < m; j++ {
				x := f * (nm[i*m+j] + nm[j*m+i])
				s[i*m+j] += x
				if j != i {
					s[j*m+i] += x
				}
			}
		}
	}
	// t1 = R K
	for i := 0; i < m; i++ {
		ri := r[i*m : i*m+m]
		if !full {
			ri = ri[:i+1]
		}
		ti := t1[i*m : i*m+m]
		clear(ti)
		for k, rik := range ri {
			sk := s[k*m : k*m+m]
			for j := range ti {
				ti[j] += rik * sk[j]
			}
		}
	}
	// dst = t1 Rᵀ (upper triangle, mirrored)
	for i := 0; i < m; i++ {
		ti := t1[i*m : i*m+m]
		for j := i; j < m; j++ {
			rj := r[j*m : j*m+m]
			if !full {
				rj = rj[:j+1]
			}
			x := 0.0
			for k, rjk := range rj {
				x += ti[k] * rjk
			}
			dst[i*m+j], dst[j*m+i] = x, x
		}
	}
}
