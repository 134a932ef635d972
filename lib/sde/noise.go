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
	kmax := func(i int) int {
		if ws.rFull {
			return m - 1
		}
		return i
	}
	// t1 = R S
	for i := 0; i < m; i++ {
		ki := kmax(i)
		for j := 0; j < m; j++ {
			x := 0.0
			for k := 0; k <= ki; k++ {
				x += r[i*m+k] * s[k*m+j]
			}
			t1[i*m+j] = x
		}
	}
	// dst = √a_lin t1 Rᵀ (upper triangle, mirrored)
	sa := math.Sqrt(aLin)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			kj := kmax(j)
			x := 0.0
			for k := 0; k <= kj; k++ {
				x += t1[i*m+k] * r[j*m+k]
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
		ki := kmax(i)
		for j := 0; j < m; j++ {
			x := 0.0
			for k := 0; k <= ki; k++ {
				x += r[i*m+k] * n2[k*m+j]
			}
			w[i*m+j] = x
		}
	}
	// xi = (w Rᵀ) P: subtract each row's mean.
	for i := 0; i < m; i++ {
		mean := 0.0
		for j := 0; j < m; j++ {
			kj := kmax(j)
			x := 0.0
			for k := 0; k <= kj; k++ {
				x += w[i*m+k] * r[j*m+k]
			}
			xi[i*m+j] = x
			mean += x
		}
		mean /= float64(m)
		for j := 0; j < m; j++ {
			xi[i*m+j] -= mean
		}
	}
	// t1 = Ξ V; dst += (c_𝒜/m)(t1 + t1ᵀ)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			x := 0.0
			for k := 0; k < m; k++ {
				x += xi[i*m+k] * v[k*m+j]
			}
			t1[i*m+j] = x
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
