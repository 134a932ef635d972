package sde

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestNoiseCovarianceExact checks lib/sources/noci2023.md#check-8 (second half) and the
// symmetry of the noise: the matrix sampler is linear in its normals, so its
// covariance is Σ_k vec(dM(e_k)) vec(dM(e_k))ᵀ exactly; it must equal
// a_lin Σ_lin + c_𝒜² 𝒜 to rounding (1e-12 relative), for a Cholesky and for
// a full (eigen) factor of V, and every draw must be a symmetric matrix.
func TestNoiseCovarianceExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for m := 2; m <= 5; m++ {
		for _, kind := range []Kind{Attention, ResNet, Transformer, MLP} {
			for _, full := range []bool{false, true} {
				v := randomCov(m, rng)
				md := Model{Kind: kind, Gamma: 0.8, Tau0: 0.7, CPlus: 1, CMinus: -2}
				aLin, cA := md.NoiseCoeffs()
				ws := newWorkspace(m)
				flat := mustCov(v)
				if full {
					// Force the eigen path: factor a copy through EigenSym.
					var eig mat.EigenSym
					eig.Factorize(v, true)
					var q mat.Dense
					eig.VectorsTo(&q)
					ev := eig.Values(nil)
					for i := 0; i < m; i++ {
						for j := 0; j < m; j++ {
							ws.r[i*m+j] = q.At(i, j) * math.Sqrt(math.Max(ev[j], 0))
						}
					}
					ws.rFull = true
				} else if !cholSemi(flat, ws.r, m) {
					t.Fatal("cholesky failed on a PD matrix")
				}
				N := TriLen(m)
				cov := make([]float64, N*N)
				dst := make([]float64, m*m)
				for k := range ws.z {
					for i := range ws.z {
						ws.z[i] = 0
					}
					ws.z[k] = 1
					noiseFromGaussians(dst, flat, ws, aLin, cA)
					for i := 0; i < m; i++ {
						for j := 0; j < m; j++ {
							if dst[i*m+j] != dst[j*m+i] {
								t.Fatalf("noise draw not symmetric")
							}
						}
					}
					for i, p := range TriPairs(m) {
						for j, q := range TriPairs(m) {
							cov[i*N+j] += dst[p[0]*m+p[1]] * dst[q[0]*m+q[1]]
						}
					}
				}
				S := md.Diffusion(v)
				sc := mat.Norm(S, math.Inf(1))
				for i := 0; i < N; i++ {
					for j := 0; j < N; j++ {
						if math.Abs(cov[i*N+j]-S.At(i, j)) > 1e-12*sc {
							t.Fatalf("m=%d %v full=%v: sampler cov[%d][%d]=%g, Σ=%g", m, kind, full, i, j, cov[i*N+j], S.At(i, j))
						}
					}
				}
			}
		}
	}
}
