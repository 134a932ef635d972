package tokengeom

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestQStarReference(t *testing.T) {
	// lib/sources/cowsik2024.md#checks q*/d values, 1e-9 relative.
	cases := []struct{ a, sw, want float64 }{
		{a8, 1.0, 0.592773552266},
		{a8, 2.0, 1.664748026013},
		{a8, 5.0, 11.526053556687},
		{0.5, 1.0, 0.563685948857},
		{0.5, 2.25, 2.191609225761},
	}
	for _, c := range cases {
		m := NewModel(c.a, c.a, c.sw)
		qs, err := QStar(m)
		if err != nil {
			t.Fatal(err)
		}
		if !relClose(qs/m.D, c.want, 1e-9) {
			t.Errorf("q*/d(α=%v, σ_w=%v) = %.12f, want %.12f", c.a, c.sw, qs/m.D, c.want)
		}
		// Check 6: (q*, q*) is a fixed point of the full map F (1e-12).
		q, p := F(m, qs, qs)
		if !relClose(q, qs, 1e-12) || !relClose(p, qs, 1e-12) {
			t.Errorf("F(q*,q*) = (%v,%v), want q* = %v", q, p, qs)
		}
	}
	if _, err := QStar(NewModel(0, 0, 1)); !errors.Is(err, ErrNoFixedPoint) {
		t.Errorf("α=0: QStar error %v, want ErrNoFixedPoint", err)
	}
}

func TestDiagonalInvariantAndUnique(t *testing.T) {
	// Check 6: F maps p = q to p = q, and on the diagonal F is affine with
	// slope α̃_A²α̃_M² < 1, so q* is its unique fixed point: iterating from
	// far away converges to q* (tolerance 1e-10 after 400 steps, slope
	// 0.77^400 ≈ 1e-45).
	m := NewModel(a8, a8, 2)
	qs, _ := QStar(m)
	for _, q0 := range []float64{0.1, 10, 1000} {
		q := q0
		for i := 0; i < 400; i++ {
			qn, pn := F(m, q, q)
			if qn != pn {
				t.Fatalf("diagonal not invariant at q=%v: (%v,%v)", q, qn, pn)
			}
			q = qn
		}
		if !relClose(q, qs, 1e-10) {
			t.Errorf("from q0=%v iterates reach %v, want q* = %v", q0, q, qs)
		}
	}
}

func TestLambdaAReference(t *testing.T) {
	// lib/sources/cowsik2024.md#checks λ_a values (eigenvalue − 1), 1e-9 absolute. The printed
	// Jacobians come from one-sided finite differences (lib/sources/cowsik2024.md#numerics: "a
	// relative step of 1e-6 gives eigenvalues to about 1e-7") and are
	// printed to 6 decimals, so they are compared to 2e-6.
	cases := []struct {
		aA, aM, sw, want float64
		j                []float64
	}{
		{a8, a8, 1, -0.1841437589, []float64{0.581832, 0.183793, -0.234024, 0.999649}},
		{a8, a8, 1.5, -0.0537542251, nil},
		{a8, a8, 2, 0.1220181483, []float64{0.700181, 0.065444, -0.421836, 1.187461}},
		{a8, a8, 5, 1.8002542984, nil},
		{0.5, 0.5, 2.25, 0.3757539700, nil},
		{0.5, 0.3, 2, -0.0424941602, nil},
		{0.3, 0.6, 2, 0.4360670766, nil},
		{0.9, 0.9, 2, -0.3023839728, nil},
	}
	for _, c := range cases {
		m := NewModel(c.aA, c.aM, c.sw)
		la := LambdaA(m)
		if math.Abs(la-c.want) > 1e-9 {
			t.Errorf("λ_a(%v,%v,%v) = %.10f, want %.10f", c.aA, c.aM, c.sw, la, c.want)
		}
		j, err := JacobianAtCollapse(m)
		if err != nil {
			t.Fatal(err)
		}
		if c.j != nil {
			for i, w := range c.j {
				if math.Abs(j.RawMatrix().Data[i]-w) > 2e-6 {
					t.Errorf("J[%d] = %.7f, want %.6f", i, j.RawMatrix().Data[i], w)
				}
			}
		}
		// The analytic J has the eigenvalues x (eigenvector (1,1)) and
		// 1+λ_a; rows sum to x (check 6), 1e-12.
		x := (1 - c.aA*c.aA) * (1 - c.aM*c.aM)
		r := j.RawMatrix().Data
		if !relClose(r[0]+r[1], x, 1e-12) || !relClose(r[2]+r[3], x, 1e-12) {
			t.Errorf("rows of J do not sum to x = %v: %v", x, r)
		}
		tr, det := r[0]+r[3], r[0]*r[3]-r[1]*r[2]
		top := tr/2 + math.Sqrt(tr*tr/4-det)
		if !relClose(top, 1+la, 1e-10) {
			t.Errorf("top eigenvalue of J %v, 1+λ_a = %v", top, 1+la)
		}
		// Independent check: one-sided finite differences of the map F
		// itself (built from eq. 10 and the quadrature MLP map),
		// Richardson-extrapolated from relative steps 1e-5 and 5e-6:
		// truncation O(h²F‴) ≈ 1e-9, quadrature noise ≈ 1e-13/h ≈ 2e-8, so
		// 1e-6 relative. (A single forward difference is off by O(h·F″),
		// 4e-5 at σ_w = 5.)
		j1, err := jacobianAtCollapseFD(m, 1e-5)
		if err != nil {
			t.Fatal(err)
		}
		j2, _ := jacobianAtCollapseFD(m, 5e-6)
		for i := 0; i < 4; i++ {
			rich := 2*j2.RawMatrix().Data[i] - j1.RawMatrix().Data[i]
			if math.Abs(rich-r[i]) > 1e-6*math.Max(1, math.Abs(r[i])) {
				t.Errorf("(%v,%v,%v): FD J[%d] = %v vs analytic %v", c.aA, c.aM, c.sw, i, rich, r[i])
			}
		}
	}
}

func TestLambdaAIndependentOfNDSigmaA(t *testing.T) {
	// Check 7: the top eigenvalue of the finite-difference Jacobian of F is
	// 1.1220181 at α = a8, σ_w = 2 for every (n, d, σA²) listed in
	// lib/sources/cowsik2024.md#check-7; FD accuracy ≈ 1e-6 (one-sided, relative step 1e-6), so 5e-6.
	for _, c := range []struct {
		n     int
		d, s2 float64
	}{{256, 64, 1}, {256, 64, 25}, {4, 64, 1}, {2, 16, 9}, {1000, 512, 0.01}} {
		m := NewModel(a8, a8, 2)
		m.N, m.D, m.SigmaA2 = c.n, c.d, c.s2
		jf, err := jacobianAtCollapseFD(m, 1e-6)
		if err != nil {
			t.Fatal(err)
		}
		var eig mat.Eigen
		if !eig.Factorize(jf, mat.EigenNone) {
			t.Fatal("eigen failed")
		}
		top := math.Inf(-1)
		for _, v := range eig.Values(nil) {
			top = math.Max(top, real(v))
		}
		if math.Abs(top-1.1220181) > 5e-6 {
			t.Errorf("(n,d,σA²)=(%d,%v,%v): FD top eigenvalue %v, want 1.1220181", c.n, c.d, c.s2, top)
		}
		if la := LambdaA(m); math.Abs(la-0.1220181483) > 1e-9 {
			t.Errorf("(n,d,σA²)=(%d,%v,%v): LambdaA %v", c.n, c.d, c.s2, la)
		}
	}
}

func TestLambdaALimits(t *testing.T) {
	for _, sw := range []float64{0.5, 1, 2, 3.5} {
		g := NewModel(0.5, 0.5, sw).Gains()
		// Check 8: α_M = 0 gives λ_a = −α_A² (exact algebra, 1e-15).
		if la := LambdaA(NewModel(0.6, 0, sw)); math.Abs(la+0.36) > 1e-15 {
			t.Errorf("α_M=0: λ_a = %v, want −0.36", la)
		}
		// Check 8: α_A = 0 gives λ_a = α_M²(χ/(σ_w²Q₂) − 1) >= 0.
		la := LambdaA(NewModel(0, 0.7, sw))
		want := 0.49 * (g.Chi/(sw*sw*g.QL()) - 1)
		if !relClose(la, want, 1e-12) || la < 0 {
			t.Errorf("α_A=0, σ_w=%v: λ_a = %v, want %v >= 0", sw, la, want)
		}
		// P4 / check 5: λ_a → 0 as α → 0 like α²·2[χ/(1+σ_w²Q₂) − 1]
		// (lib/sources/cowsik2024.md#gradient-exponent); at α = 1e-3 the O(α⁴) remainder is 1e-6 relative.
		small := LambdaA(NewModel(1e-3, 1e-3, sw))
		slope := 2 * (g.Chi/(1+sw*sw*g.QL()) - 1)
		if math.Abs(small/1e-6-slope) > 1e-4*math.Max(1, math.Abs(slope)) {
			t.Errorf("σ_w=%v: λ_a/α² = %v, want → %v", sw, small/1e-6, slope)
		}
		if la := LambdaA(NewModel(0, 0, sw)); la != 0 {
			t.Errorf("α=0: λ_a = %v, want 0", la)
		}
	}
}

func TestNonCollapsedFixedPoint(t *testing.T) {
	// lib/sources/cowsik2024.md#figure-2: at σ_w = 5 the stable non-collapsed fixed point is
	// (q/d, p/q) = (11.0645226, 4.6749e-4) with Jacobian eigenvalues
	// 0.765626 and 0.903737 (printed to 7 and 5 significant digits).
	m := NewModel(a8, a8, 5)
	fp, err := NonCollapsedFixedPoint(m, FixedPointSettings{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(fp.Q/m.D-11.0645226) > 1e-6 || math.Abs(fp.P/fp.Q-4.6749e-4) > 1e-8 {
		t.Errorf("σ_w=5 fixed point (%v, %v), want (11.0645226, 4.6749e-4)", fp.Q/m.D, fp.P/fp.Q)
	}
	// Fig. 3: at σ_w = 2 the non-collapsed point is (1.43824, 0.51152).
	fp2, err := NonCollapsedFixedPoint(NewModel(a8, a8, 2), FixedPointSettings{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(fp2.Q/64-1.43824) > 1e-5 || math.Abs(fp2.P/fp2.Q-0.51152) > 1e-5 {
		t.Errorf("σ_w=2 fixed point (%v, %v), want (1.43824, 0.51152)", fp2.Q/64, fp2.P/fp2.Q)
	}
	// P6: no non-collapsed point in the ordered phase.
	if _, err := NonCollapsedFixedPoint(NewModel(a8, a8, 1), FixedPointSettings{}); !errors.Is(err, ErrNoFixedPoint) {
		t.Errorf("σ_w=1: error %v, want ErrNoFixedPoint", err)
	}
}

func TestTrajectoryReference(t *testing.T) {
	// lib/sources/cowsik2024.md#figure-2 iterates from (d, 0), σA² = 1: (q/d, p/q) at layers
	// 1, 2, 4, 8, 16 (printed to 8 digits; p/q compared to 1e-7 absolute
	// where printed with 8 decimals, 1e-9 where printed with 4 significant
	// digits ×1e-4).
	type pt struct {
		layer int
		q, r  float64
		rtol  float64
	}
	cases := []struct {
		sw  float64
		pts []pt
	}{
		{1, []pt{{1, 0.79633493, 0.00055522, 1e-8}, {2, 0.64046332, 0.00134693, 1e-8}, {4, 0.43002804, 0.00421096, 1e-8},
			{8, 0.23715711, 0.02805766, 1e-8}, {16, 0.27076525, 0.64282337, 1e-8}}},
		{5, []pt{{1, 3.35882243, 3.5961e-4, 1e-8}, {4, 7.60622632, 4.4930e-4, 1e-8}, {16, 10.92422305, 4.6821e-4, 1e-8}}},
	}
	for _, c := range cases {
		m := NewModel(a8, a8, c.sw)
		tr, err := Trajectory(m, m.D, 0, 16)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.pts {
			got := tr[p.layer]
			if math.Abs(got.Q/m.D-p.q) > 1e-7 || math.Abs(got.P/got.Q-p.r) > p.rtol {
				t.Errorf("σ_w=%v layer %d: (%.8f, %.8f), want (%.8f, %.8f)", c.sw, p.layer, got.Q/m.D, got.P/got.Q, p.q, p.r)
			}
		}
	}
}

func TestLambdaAOneStepReference(t *testing.T) {
	// lib/sources/cowsik2024.md#protocol-lambda-a table at α = 8^{-1/2}, σA² = 1: the one-step theory of the
	// paper's estimator (eq. 24) from (d, 0.99d) and the eigenvalue − 1,
	// both printed to 5 decimals (tolerance 6e-6). They share the sign
	// (zero crossing) but not the magnitude.
	cases := []struct{ sw, one, eig float64 }{
		{1, -0.12429, -0.18414}, {1.5, -0.05498, -0.05375}, {1.663, -0.00761, -0.00004},
		{2, 0.13064, 0.12202}, {2.5, 0.40399, 0.32675}, {3, 0.69958, 0.55982},
	}
	for _, c := range cases {
		m := NewModel(a8, a8, c.sw)
		one, eig := LambdaAOneStep(m, 64, 0.99*64), LambdaA(m)
		if math.Abs(one-c.one) > 6e-6 || math.Abs(eig-c.eig) > 6e-6 {
			t.Errorf("σ_w=%v: one-step %.5f (want %.5f), eig−1 %.5f (want %.5f)", c.sw, one, c.one, eig, c.eig)
		}
	}
}

func TestOneStepVersusEigenvalue(t *testing.T) {
	// From the collapsed point, the one-step factor tends to the angle
	// eigenvalue: ln[(1−p′/q′)/(1−p/q)] → ln(1+λ_a) as p → q* (linearisation
	// of F; the correction is O(ε) with ε = 1 − p/q = 1e-5, so 1e-3 covers
	// it with margin at these |λ_a| < 1).
	for _, c := range []struct{ aA, aM, sw float64 }{{a8, a8, 1}, {a8, a8, 2}, {0.8, 0.8, 2}, {0.2, 0.9, 3}} {
		m := NewModel(c.aA, c.aM, c.sw)
		qs, _ := QStar(m)
		if got, want := LambdaAOneStep(m, qs, (1-1e-5)*qs), math.Log1p(LambdaA(m)); math.Abs(got-want) > 1e-3 {
			t.Errorf("%v: one-step from q* %v, ln(1+λ_a) %v", c, got, want)
		}
	}
	// The paper's protocol starts from q = d instead (App. A). Far from
	// q* = d this is not the asymptotic rate: at α = 0.8, σ_w = 2 the
	// one-step estimate is −0.314 while λ_a = +0.022 (opposite phases; the
	// simulation follows the one-step value, see the notebook's Fig. 4
	// cells). This goes beyond lib/sources/cowsik2024.md#erratum-4, which says the zero contours agree.
	m := NewModel(0.8, 0.8, 2)
	if one, la := LambdaAOneStep(m, 64, 0.99*64), LambdaA(m); !(one < -0.3 && la > 0.02) {
		t.Errorf("α=0.8, σ_w=2: one-step %v, λ_a %v", one, la)
	}
}
