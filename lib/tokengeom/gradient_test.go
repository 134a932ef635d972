package tokengeom

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestGradCoeffsReference(t *testing.T) {
	// lib/sources/cowsik2024.md#checks "Gradient coefficients (corrected | paper-literal)", n = 256,
	// L = 16; numbers printed to 10 decimals, compared to 1e-9 absolute.
	cases := []struct {
		aA, aM, sw              float64
		x, yd, zdn2, linf, l16  float64
		pyd, pzdn2, plinf, pl16 float64
	}{
		{a8, a8, 1, 0.765625, 0.0502312411, 0.1966195879, 0.0123986471, -0.1964499257, 0.0545447538, 0.1976591351, 0.0176718185, -0.1911767544},
		{a8, a8, 2, 0.765625, 0.3563931483, 0.0962838246, 0.1974580638, 0.1157927297, 0.0846510742, 0.0729648023, -0.0798651072, -0.1615304413},
		{0.5, 0.5, 1.5, 0.5625, 0.3092482612, 0.2960612229, 0.1551297582, -0.1155019373, 0.1380914913, 0.2379333380, -0.0634459669, -0.3340776624},
		{0.5, 0.5, 2.25, 0.5625, 0.8132539699, 0.2092456316, 0.4605841559, 0.3210751052, 0.1388068190, 0.1066654296, -0.2132275668, -0.3527366175},
	}
	const tol = 1e-9
	for _, c := range cases {
		m := NewModel(c.aA, c.aM, c.sw)
		g := Grad(m, Corrected)
		p := Grad(m, Paper)
		got := []float64{g.X, g.YD, g.ZDN2, LambdaGInf(m, Corrected), LambdaG(m, 16, Corrected),
			p.YD, p.ZDN2, LambdaGInf(m, Paper), LambdaG(m, 16, Paper)}
		want := []float64{c.x, c.yd, c.zdn2, c.linf, c.l16, c.pyd, c.pzdn2, c.plinf, c.pl16}
		names := []string{"x", "yd", "zdn²", "λg∞", "λg16", "paper yd", "paper zdn²", "paper λg∞", "paper λg16"}
		for i := range got {
			if math.Abs(got[i]-want[i]) > tol {
				t.Errorf("(%v,%v,%v) %s = %.10f, want %.10f", c.aA, c.aM, c.sw, names[i], got[i], want[i])
			}
		}
	}
	// Identity check: λ₃ = 1 + α²(χ − σ_w²Q₂)/(q*/d) = e^{λg∞} = 1.2183019729.
	m := NewModel(a8, a8, 2)
	gn := m.Gains()
	qs, _ := QStar(m)
	l3 := 1 + 0.125*(gn.Chi-4*gn.QL())/(qs/m.D)
	if math.Abs(l3-1.2183019729) > 1e-9 || math.Abs(Grad(m, Corrected).Lambda3()-l3) > 1e-12 {
		t.Errorf("λ₃ = %v (closed form %v), want 1.2183019729", Grad(m, Corrected).Lambda3(), l3)
	}
	// lib/sources/cowsik2024.md#protocol-trainability references at n = 65, L = 16.
	for _, c := range []struct{ a, sw, lg, la float64 }{{0.3, 1, -0.13435, -0.13385}, {0.5, 1.7, 0.02428, -0.00829}} {
		m := NewModel(c.a, c.a, c.sw)
		m.N = 65
		if math.Abs(LambdaG(m, 16, Corrected)-c.lg) > 1e-5 || math.Abs(LambdaA(m)-c.la) > 1e-5 {
			t.Errorf("n=65 (%v,%v): λg=%v λa=%v, want %v %v", c.a, c.sw, LambdaG(m, 16, Corrected), LambdaA(m), c.lg, c.la)
		}
	}
}

func TestLambdaGStructure(t *testing.T) {
	for _, c := range []struct{ aA, aM, sw float64 }{{a8, a8, 1}, {0.5, 0.3, 2}, {0.9, 0.9, 2}, {0.2, 0.8, 3}, {0.7, 0.1, 0.6}} {
		m := NewModel(c.aA, c.aM, c.sw)
		g := Grad(m, Corrected)
		// Check 9: λ₂ = 1 + λ_a exactly in the corrected variant (1e-13).
		if math.Abs(g.Lambda2()-1-LambdaA(m)) > 1e-13 {
			t.Errorf("%v: λ₂ = %v, 1+λ_a = %v", c, g.Lambda2(), 1+LambdaA(m))
		}
		// Check 9: λ₃ >= 1 (Gaussian Poincaré inequality, lib/sources/cowsik2024.md#gradient-exponent).
		if g.Lambda3() < 1 {
			t.Errorf("%v: λ₃ = %v < 1", c, g.Lambda3())
		}
		// Check 9: L = 1 equals ln[(1−1/n)λ₂ + λ₃/n]; L → ∞ tends to ln λ₃
		// (at L = 10⁵ the remainder is ln(1/n)/L ≈ 6e-5).
		n := float64(m.N)
		if w := math.Log((1-1/n)*g.Lambda2() + g.Lambda3()/n); math.Abs(LambdaG(m, 1, Corrected)-w) > 1e-14 {
			t.Errorf("%v: λg(1) = %v, want %v", c, LambdaG(m, 1, Corrected), w)
		}
		if d := LambdaG(m, 100000, Corrected) - math.Log(g.Lambda3()); math.Abs(d) > 6e-5 {
			t.Errorf("%v: λg(1e5) − ln λ₃ = %v", c, d)
		}
		// Finite-depth formula equals the explicit 3×3 power (eq. 20 in the
		// (𝟙, 𝒜, ℬ) basis) contracted with B (P3: dn, d²n, d²n²), 1e-12.
		for _, L := range []int{1, 3, 16} {
			d := m.D
			M := mat.NewDense(3, 3, []float64{g.X, 0, 0, g.YD / d, g.X + g.YD, 0, g.ZDN2 / (d * n * n), g.ZDN2 / (n * n), g.Lambda3()})
			v := mat.NewVecDense(3, []float64{1, 0, 0})
			for i := 0; i < L; i++ {
				v.MulVec(M, v)
			}
			contr := (v.AtVec(0)*d*n + v.AtVec(1)*d*d*n + v.AtVec(2)*d*d*n*n) / (n * d)
			if math.Abs(math.Log(contr)/float64(L)-LambdaG(m, L, Corrected)) > 1e-12 {
				t.Errorf("%v L=%d: algebra gives %v, LambdaG %v", c, L, math.Log(contr)/float64(L), LambdaG(m, L, Corrected))
			}
		}
	}
	// Check 5 / P4: α = 0 gives λ_g = 0 in both variants and at any L
	// (exact up to the rounding of log1p(−1/n) in the log-sum-exp, 1e-16).
	for _, v := range []Variant{Corrected, Paper} {
		m := NewModel(0, 0, 2.3)
		if math.Abs(LambdaG(m, 16, v)) > 1e-16 || LambdaGInf(m, v) != 0 {
			t.Errorf("%v: α=0 gives λg = %v", v, LambdaG(m, 16, v))
		}
	}
	// The variants coincide in f at σ_w = 1 (f = χ), differ only by q_A.
	if g := NewModel(0.4, 0.4, 1).Gains(); !relClose(g.Chi, g.FPaper(), 1e-15) {
		t.Errorf("σ_w=1: χ %v ≠ f %v", g.Chi, g.FPaper())
	}
}

// TestTensorAlgebraExplicit is lib/sources/cowsik2024.md#check-10: with n = d = 2, build the
// 4-index tensors 𝟙, 𝒜, ℬ (eqs. 43–45) as 16×16 matrices, index order
// (iμ jη),(kν lζ), and verify the multiplication table (eq. 20) and the
// contractions with B (eq. 52): B𝟙B = dn, B𝒜B = d²n, BℬB = d²n².
func TestTensorAlgebraExplicit(t *testing.T) {
	const n, d = 2, 2
	N := n * d
	idx := func(tok, feat int) int { return tok*d + feat }
	one := mat.NewDense(N*N, N*N, nil)
	A := mat.NewDense(N*N, N*N, nil)
	B := mat.NewDense(N*N, N*N, nil)
	for i := 0; i < n; i++ {
		for mu := 0; mu < d; mu++ {
			for j := 0; j < n; j++ {
				for eta := 0; eta < d; eta++ {
					row := idx(i, mu)*N + idx(j, eta)
					for k := 0; k < n; k++ {
						for nu := 0; nu < d; nu++ {
							for l := 0; l < n; l++ {
								for zeta := 0; zeta < d; zeta++ {
									col := idx(k, nu)*N + idx(l, zeta)
									dl := func(a, b int) float64 {
										if a == b {
											return 1
										}
										return 0
									}
									one.Set(row, col, dl(i, k)*dl(j, l)*dl(mu, nu)*dl(eta, zeta))
									A.Set(row, col, dl(mu, eta)*dl(nu, zeta)*dl(i, k)*dl(j, l))
									B.Set(row, col, dl(mu, eta)*dl(nu, zeta))
								}
							}
						}
					}
				}
			}
		}
	}
	check := func(name string, got *mat.Dense, want *mat.Dense, s float64) {
		var w mat.Dense
		w.Scale(s, want)
		if !mat.EqualApprox(got, &w, 1e-12) {
			t.Errorf("%s wrong", name)
		}
	}
	var p mat.Dense
	p.Mul(A, A)
	check("𝒜𝒜 = d𝒜", &p, A, d)
	p.Mul(A, B)
	check("𝒜ℬ = dℬ", &p, B, d)
	p.Mul(B, A)
	check("ℬ𝒜 = dℬ", &p, B, d)
	p.Mul(B, B)
	check("ℬℬ = dn²ℬ", &p, B, d*n*n)
	p.Mul(one, A)
	check("𝟙𝒜 = 𝒜", &p, A, 1)
	bv := mat.NewVecDense(N*N, nil)
	for a := 0; a < N; a++ {
		bv.SetVec(a*N+a, 1)
	}
	for _, c := range []struct {
		name string
		m    *mat.Dense
		want float64
	}{{"B𝟙B", one, d * n}, {"B𝒜B", A, d * d * n}, {"BℬB", B, d * d * n * n}} {
		if got := mat.Inner(bv, c.m, bv); got != c.want {
			t.Errorf("%s = %v, want %v", c.name, got, c.want)
		}
	}
}
