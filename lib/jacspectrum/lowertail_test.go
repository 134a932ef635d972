package jacspectrum

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// freeModelEigs draws the eigenvalues of JJᵀ for J = D_L W_L ⋯ D_1 W_1 with
// W_ℓ = σ_w·(Haar orthogonal, by QR of a Gaussian matrix with the signs of
// diag R fixed) and D_ℓ = diag φ′(√q* z), z i.i.d. standard normal drawn
// independently of W: the free model whose limit Network computes (P18
// eq. 13), so that the only differences from the theory are sampling and
// O(1/N). Singular values by SVD of J (absolute error ~N·L·u·‖J‖ ≈ 1e-12
// here, so λ ≥ 1e-14 is resolved to 1e-4 relative or better).
func freeModelEigs(n Network, f activation.Func, q float64, width int, rng *rand.Rand) []float64 {
	j := mat.NewDense(width, width, nil)
	for i := 0; i < width; i++ {
		j.Set(i, i, 1)
	}
	g := mat.NewDense(width, width, nil)
	tmp := mat.NewDense(width, width, nil)
	sw := math.Sqrt(n.SigmaW2)
	gr, tr, jr := g.RawMatrix().Data, tmp.RawMatrix(), j.RawMatrix()
	for l := 0; l < n.Depth; l++ {
		for i := range gr {
			gr[i] = rng.NormFloat64()
		}
		var qr mat.QR
		qr.Factorize(g)
		var o, rr mat.Dense
		qr.QTo(&o)
		qr.RTo(&rr)
		or := o.RawMatrix()
		for r := 0; r < width; r++ {
			for c := 0; c < width; c++ {
				if rr.At(c, c) < 0 {
					or.Data[r*or.Stride+c] = -or.Data[r*or.Stride+c]
				}
			}
		}
		tmp.Mul(&o, j)
		for r := 0; r < width; r++ {
			d := sw * f.DPhi(math.Sqrt(q)*rng.NormFloat64())
			for c := 0; c < width; c++ {
				jr.Data[r*jr.Stride+c] = d * tr.Data[r*tr.Stride+c]
			}
		}
	}
	var svd mat.SVD
	if !svd.Factorize(j, mat.SVDNone) {
		panic("SVD failed")
	}
	sv := svd.Values(nil)
	out := make([]float64, len(sv))
	for i, s := range sv {
		out[i] = s * s
	}
	sort.Float64s(out)
	return out
}

// TestCDFLowerTailSimulation: the lower tail of the JJᵀ CDF of SiLU,
// orthogonal weights, L = 16 at q* = 39.39 (the attracting edge-of-chaos
// fixed point at σ_b² = 1), against 12 draws of the free model at
// N = 200 (seed 37). The sample unit is the network: each draw gives
// F_d(x), and the bar is 4.5 standard errors of their mean (t with 11
// degrees of freedom: two-sided p ≈ 7e-4 per point, ≈ 5e-3 over the 7
// points) plus 1/N for the O(1/N) finite-width bias
// (lib/sources/tanner2024.md#erratum-28). Before the lower tail was fixed
// (CDF at the absolute Cauchy width ε = 1e-10) the theory was 0.2674 at
// 1e-14 and 0.4026 at 1e-10 against the simulation's 0.4871 ± 0.0029 and
// 0.5371 ± 0.0030: off by 0.22 (75 SE); now 0.4861 and 0.5343.
func TestCDFLowerTailSimulation(t *testing.T) {
	f := activation.SmoothedReLU()
	const q = 39.39459122491104 // meanfield.EoCSigmaW2(SiLU, 1)
	n := Critical(f, Orthogonal, 16, q)
	const width, draws = 200, 12
	rng := rand.New(rand.NewPCG(37, 1802099790))
	var eigs [][]float64
	var pooled []float64
	for d := 0; d < draws; d++ {
		e := freeModelEigs(n, f, q, width, rng)
		eigs = append(eigs, e)
		pooled = append(pooled, e...)
	}
	sort.Float64s(pooled)
	// Fixed points of the lower tail, and 6 quantiles of the grid at the
	// default floor (GridSettings).
	xs := []float64{1e-14, 1e-12, 1e-10, 1e-8, 1e-6, 1e-2}
	xs = append(xs, GridSettings{Points: 6}.Grid(n, pooled)...)
	sup, err := Support(n, exact)
	if err != nil {
		t.Fatal(err)
	}
	theory, err := CDF(n, xs, sup, exact)
	if err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for i, x := range xs {
		var sum, sum2 float64
		for _, e := range eigs {
			fd := float64(sort.SearchFloat64s(e, math.Nextafter(x, math.Inf(1)))) / width
			sum += fd
			sum2 += fd * fd
		}
		m := sum / draws
		se := math.Sqrt((sum2/draws - m*m) * draws / (draws - 1) / draws)
		tol := 4.5*se + 1.0/width
		if i < 6 {
			t.Logf("x = %g: theory %.4f, simulation %.4f ± %.4f", x, theory[i], m, se)
		}
		worst = math.Max(worst, math.Abs(theory[i]-m)/tol)
		if math.Abs(theory[i]-m) > tol {
			t.Errorf("F(%g): theory %.4f, simulation %.4f ± %.4f (|diff| > %.4f)", x, theory[i], m, se, tol)
		}
	}
	t.Logf("%d points from %.3g: worst |diff|/bar %.2f", len(xs), slices.Min(xs), worst)
}

// TestCDFLowerTailFussCatalan: the JJᵀ CDF of linear networks with
// Gaussian weights (σ_w² = 1) against the Fuss–Catalan closed form
// (freeprob.FussCatalan, an independent parametrisation of the same law)
// from MinCDFLambda up. Tolerance 2e-5: the relative smoothing error of
// SmallLambdaRelEps = 1e-6 on ρ ∝ λ^{−L/(L+1)} is δ·a·cot(π/(L+1)) ≈
// 1e-5 at L = 32 (observed ≤ 8e-6). Before the fix (absolute ε = 1e-10)
// L = 32 was off by 0.127 at 1e-14 and by 0.24 at 1e-100; L = 16 by 0.13.
// Also: CDF refuses 0 < x < MinCDFLambda, and F(0) is the atom at 0.
func TestCDFLowerTailFussCatalan(t *testing.T) {
	xs := []float64{MinCDFLambda, 1e-100, 1e-30, 1e-14, 1e-10, 1e-6, 1e-2, 1}
	for _, L := range []int{1, 2, 16, 32} {
		n := Critical(activation.Linear(), Gaussian, L, 1)
		fc := freeprob.FussCatalan{L: L}
		sup, err := Support(n, exact)
		if err != nil {
			t.Fatal(err)
		}
		got, err := CDF(n, append([]float64{0}, xs...), sup, exact)
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != 0 {
			t.Errorf("L=%d: F(0) = %g, want 0 (no atom)", L, got[0])
		}
		for i, x := range xs {
			if want := fc.CDF(x); math.Abs(got[i+1]-want) > 2e-5 {
				t.Errorf("L=%d: F(%g) = %.7f, Fuss–Catalan %.7f", L, x, got[i+1], want)
			}
		}
	}
	n := Critical(activation.Linear(), Gaussian, 4, 1)
	if _, err := CDF(n, []float64{MinCDFLambda / 10}, []Interval{{0, 10}}, exact); err == nil {
		t.Errorf("CDF below MinCDFLambda: no error")
	}
}
