package sde

import (
	"math"
	"math/rand/v2"
)

// workspace holds the per-worker scratch of the integrator; nothing in the
// step loop allocates.
type workspace struct {
	m                 int
	r                 []float64 // factor R with R Rᵀ = V (lower triangular unless rFull)
	rFull             bool
	s, n2, t1, w, xi  []float64
	drift, inc        []float64
	c, svec, u, means []float64
	z                 []float64 // the m(m+1)/2 + m² standard normals of one increment
}

func newWorkspace(m int) *workspace {
	mm := m * m
	nz := m*(m+1)/2 + mm
	buf := make([]float64, 9*mm+4*m+nz)
	take := func(k int) []float64 { x := buf[:k:k]; buf = buf[k:]; return x }
	return &workspace{m: m,
		r: take(mm), s: take(mm), n2: take(mm), t1: take(mm), w: take(mm), xi: take(mm),
		drift: take(mm), inc: take(mm), c: take(mm),
		svec: take(m), u: take(m), means: take(m), z: take(nz),
	}
}

// sampleNoise writes into dst (flat, symmetric) one draw of the matrix
// Gaussian with covariance a_lin Σ_lin(V) + c_𝒜² 𝒜(V) (spec §4.1b):
//
//	dM = √a_lin R S Rᵀ + (c_𝒜/m)(Ξ V + V Ξᵀ),  S = (N₁+N₁ᵀ)/√2,  Ξ = R N₂ Rᵀ P.
//
// ws.r must hold R with R Rᵀ = V.
func sampleNoise(dst, v []float64, ws *workspace, aLin, cA float64, rng *rand.Rand) {
	nz := len(ws.z)
	if cA == 0 {
		nz = ws.m * (ws.m + 1) / 2
	}
	for i := range ws.z[:nz] {
		ws.z[i] = rng.NormFloat64()
	}
	noiseFromGaussians(dst, v, ws, aLin, cA)
}

// noiseFromGaussians is sampleNoise with the normals taken from ws.z:
// linear in ws.z, which the tests use to compute its covariance exactly.
func noiseFromGaussians(dst, v []float64, ws *workspace, aLin, cA float64) {
	m := ws.m
	r, s, t1 := ws.r, ws.s, ws.t1
	// S: Cov(S^{ij}, S^{kl}) = δ_ik δ_jl + δ_il δ_jk, i.e. Var S^{ii} = 2, Var S^{ij} = 1.
	zi := 0
	for i := 0; i < m; i++ {
		s[i*m+i] = math.Sqrt2 * ws.z[zi]
		zi++
		for j := i + 1; j < m; j++ {
			s[i*m+j], s[j*m+i] = ws.z[zi], ws.z[zi]
			zi++
		}
	}
	full := ws.rFull
	// t1 = R S (row i of R has nonzeros in columns 0..i unless full)
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
	// dst = √a_lin t1 Rᵀ (upper triangle, mirrored)
	sa := math.Sqrt(aLin)
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
			x *= sa
			dst[i*m+j], dst[j*m+i] = x, x
		}
	}
	if cA == 0 {
		return
	}
	n2, w, xi := ws.n2, ws.w, ws.xi
	copy(n2[:m*m], ws.z[zi:])
	// w = R N₂
	for i := 0; i < m; i++ {
		ri := r[i*m : i*m+m]
		if !full {
			ri = ri[:i+1]
		}
		wi := w[i*m : i*m+m]
		clear(wi)
		for k, rik := range ri {
			nk := n2[k*m : k*m+m]
			for j := range wi {
				wi[j] += rik * nk[j]
			}
		}
	}
	// xi = (w Rᵀ) P: subtract each row's mean.
	for i := 0; i < m; i++ {
		wi := w[i*m : i*m+m]
		xr := xi[i*m : i*m+m]
		mean := 0.0
		for j := range xr {
			rj := r[j*m : j*m+m]
			if !full {
				rj = rj[:j+1]
			}
			x := 0.0
			for k, rjk := range rj {
				x += wi[k] * rjk
			}
			xr[j] = x
			mean += x
		}
		mean /= float64(m)
		for j := range xr {
			xr[j] -= mean
		}
	}
	// t1 = Ξ V; dst += (c_𝒜/m)(t1 + t1ᵀ)
	for i := 0; i < m; i++ {
		xr := xi[i*m : i*m+m]
		ti := t1[i*m : i*m+m]
		clear(ti)
		for k, x := range xr {
			vk := v[k*m : k*m+m]
			for j := range ti {
				ti[j] += x * vk[j]
			}
		}
	}
	f := cA / float64(m)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			x := f * (t1[i*m+j] + t1[j*m+i])
			dst[i*m+j] += x
			if j != i {
				dst[j*m+i] += x
			}
		}
	}
}
