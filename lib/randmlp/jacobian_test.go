package randmlp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// Orthogonal linear at σ_w = 1 (lib/sources/tanner2024.md#check-13): every singular value of
// J is 1 to 1e-12 (N=200, L=8), the theory's δ(λ−1).
func TestJacobianOrthogonalLinearIsometry(t *testing.T) {
	sim := JacobianSim{Width: 200, Depth: 8, Phi: activation.Linear(), SigmaW2: 1, Weights: OrthogonalWeights, QStar: 1}
	e, err := sim.Eigs(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range e {
		if math.Abs(l-1) > 2e-12 { // λ = s², so 2× the singular-value tolerance
			t.Fatalf("eigenvalue %v != 1", l)
		}
	}
}

// Empirical spectra of width-500 networks at criticality against the
// free-probability theory (jacspectrum), by the Kolmogorov–Smirnov distance
// between the empirical CDF (pooled over draws) and the theory CDF on a
// 80-point grid, plus m₁ and σ².
//
// Tolerances come from the width. For linear-Gaussian the spectrum is a
// product of Wisharts, whose CDF fluctuates by O(1/N): tolerance 10/N =
// 0.02 (observed ≤ 0.0045 over 4 seeds). With a nonlinear φ the empirical
// law of D^ℓ itself fluctuates by O(N^{-1/2}) per layer (the number of
// active ReLU / hard-tanh units is binomial; for erf the mean of φ′²
// and q^ℓ random-walk), which rescales the whole spectrum and moves the
// atom masses. The predicted KS scale is √(L·v/(N·draws)) with v = p(1−p)
// for Bernoulli D (1/4 for ReLU, 0.043 for hard tanh at q* = 0.25) and
// v = μ₂/μ₁² − 1 = 1/32 for erf. The KS statistic responds to a relative
// scale change δ by less than δ (the CDF moves by δ·xρ(x)), and its spread
// over 4 seeds (single draws: ReLU 0.010–0.025, hard tanh 0.004–0.039, erf
// 0.013–0.033) is about half that scale, so the tolerance is 2× the scale
// (≈ 4 standard deviations) plus 10/N. Each case also checks that the
// theory of the other weight ensemble is rejected, so the test can fail.
func TestJacobianSpectrumMonteCarlo(t *testing.T) {
	const n = 500
	// ε = 1e-8 smooths the theory CDF by O(ε) — far below MC resolution.
	// 42 geometric steps over the 9.7 decades from Im z = 50 (freeprob.
	// Continuation asks ≥ 50 per 12 decades): Support and CDF of the 8
	// spectra below (4 cases, both ensembles) at 42 and 50 steps, measured:
	// the same support edges above 1e-5, every CDF value within 3.6e-13;
	// the margins are ≥ 0.004.
	exact := freeprob.Continuation{Eps: 1e-8, Steps: 42}
	cases := []struct {
		act   activation.Func
		ens   jacspectrum.Ensemble
		L     int
		q     float64
		draws int
		v     float64 // per-layer variance scale of D's empirical law
	}{
		{activation.Linear(), jacspectrum.Gaussian, 2, 1, 1, 0},
		{activation.ReLU(), jacspectrum.Orthogonal, 2, 1, 2, 0.25},
		{activation.HardTanh(), jacspectrum.Orthogonal, 8, 0.25, 1, 0.0434},
		{activation.Erf(), jacspectrum.Orthogonal, 8, 0.102908, 1, 1.0 / 32},
	}
	rng := rand.New(rand.NewPCG(2024, 7))
	for _, c := range cases {
		theory := jacspectrum.Critical(c.act, c.ens, c.L, c.q)
		other := theory
		other.Weights = 1 - c.ens
		_, sb, err := meanfield.EoCFromQ(c.act, c.q)
		if err != nil {
			t.Fatal(err)
		}
		wd := OrthogonalWeights
		if c.ens == jacspectrum.Gaussian {
			wd = GaussianWeights
		}
		sim := JacobianSim{Width: n, Depth: c.L, Phi: c.act, SigmaW2: theory.SigmaW2, SigmaB2: sb, Weights: wd, QStar: c.q}
		eigs, err := sim.PooledEigs(c.draws, rng)
		if err != nil {
			t.Fatal(err)
		}
		// The draws above are made in order from one rng; the theory side of each
		// case (its CDFs, the expensive part) runs beside the others'.
		t.Run(fmt.Sprintf("%s_%s_L=%d", c.act, c.ens, c.L), func(t *testing.T) {
			t.Parallel()
			hi := eigs[len(eigs)-1]
			var xs []float64
			for i := 1; i <= 80; i++ {
				xs = append(xs, hi*float64(i)/80)
			}
			support := func(s jacspectrum.Spectrum) []jacspectrum.Interval {
				sup, err := jacspectrum.Support(s, exact)
				if err != nil {
					t.Fatal(err)
				}
				return sup
			}
			cdf, err := jacspectrum.CDF(theory, xs, support(theory), exact)
			if err != nil {
				t.Fatal(err)
			}
			d := jacspectrum.KSDistance(eigs, xs, cdf)
			tol := 2*math.Sqrt(float64(c.L)*c.v/float64(n*c.draws)) + 10.0/n
			// The rejection is decided on the largest points first
			// (ksExceeds); dOther is the KS distance over the points read.
			rejected, dOther, err := ksExceeds(other, eigs, xs, support(other), exact, tol)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %s L=%d: KS %.4f (tol %.4f), other ensemble %.4f", c.act, c.ens, c.L, d, tol, dOther)
			if d > tol {
				t.Errorf("%s %s L=%d: KS %.4f > %.4f", c.act, c.ens, c.L, d, tol)
			}
			if !rejected {
				t.Errorf("%s L=%d: the wrong ensemble's theory is not rejected (KS %.4f)", c.act, c.L, dOther)
			}
			// S-transform (lib/sources/tanner2024.md#monte-carlo, check 23): SNumeric at real z in
			// (−(1−mass₀), 0) against S_{D²}^L S_W^L; S scales as 1/scale, so
			// the same tolerance applies relatively.
			if p := theory.D2.P(); p > 0 {
				s1, _ := c.ens.SCoeffs()
				for _, z := range []float64{-0.1 * p, -0.25 * p} {
					got, err := freeprob.SNumeric(eigs, z)
					if err != nil {
						t.Fatal(err)
					}
					sw := 1 / theory.SigmaW2
					if s1 == -1 {
						sw /= 1 + z
					}
					want := math.Pow(real(freeprob.Bernoulli{P: p}.S(complex(z, 0)))*sw, float64(c.L))
					if math.Abs(got/want-1) > tol {
						t.Errorf("%s L=%d: S(%g) = %.4f, theory %.4f", c.act, c.L, z, got, want)
					}
				}
			}
			m := freeprob.MomentsFromEigs(eigs, 2)
			mo := theory.Moments()
			// m₁ and σ² share the global scale fluctuation: relative 4·√(L v/(N draws))
			// + 10/N for m₁, twice that for σ² (it scales as m₁²), plus the
			// 10% of lib/sources/tanner2024.md#check-14 for the heavy tails of deep spectra.
			r := 4*math.Sqrt(float64(c.L)*c.v/float64(n*c.draws)) + 10.0/n
			if math.Abs(m[0]/mo.M1-1) > r || math.Abs((m[1]-m[0]*m[0])/mo.Var-1) > 2*r+0.1 {
				t.Errorf("%s L=%d: m1 %.4f (%.4f), var %.4f (%.4f)", c.act, c.L, m[0], mo.M1, m[1]-m[0]*m[0], mo.Var)
			}
		})
	}
}

// The histogram of singular values integrates to the fraction of nonzero
// eigenvalues (exact zeros are an atom, not a spike).
func TestSingularValueHistogram(t *testing.T) {
	eigs := []float64{0, 0, 0.25, 1, 1, 4}
	c, d := SingularValueHistogram(eigs, []float64{0, 0.75, 1.5, 2.5})
	area := 0.0
	w := []float64{0.75, 0.75, 1}
	for i := range d {
		area += d[i] * w[i]
	}
	if math.Abs(area-4.0/6) > 1e-15 || c[0] != 0.375 || math.Abs(d[1]-2.0/6/0.75) > 1e-15 {
		t.Errorf("centres %v dens %v area %v", c, d, area)
	}
}
