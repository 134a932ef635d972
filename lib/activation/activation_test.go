package activation

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

func all(t *testing.T) []Func {
	t.Helper()
	var fs []Func
	// Parameters away from the specs' defaults (and from the special
	// values: leaky_relu's 0 and 1, swish's 1).
	param := map[string]float64{"shtanh": 2.5, "leaky_relu": 0.2, "swish": 1.7}
	for _, s := range Specs() {
		var params []float64
		if s.Param != "" {
			params = []float64{param[s.Name]}
		}
		f, err := ByName(s.Name, params...)
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, f)
	}
	return fs
}

func TestNames(t *testing.T) {
	want := []string{"elu", "erf", "gelu", "hardtanh", "leaky_relu", "linear", "relu", "selu", "shifted_relu",
		"shtanh", "sin", "smoothed_relu", "softplus", "swish", "tanh"}
	if got := Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	for _, bad := range []struct {
		name   string
		params []float64
	}{{"sigmoid", nil}, {"shtanh", nil}, {"shtanh", []float64{0}}, {"shtanh", []float64{math.Inf(1)}}, {"tanh", []float64{1}},
		{"leaky_relu", nil}, {"leaky_relu", []float64{-0.1}}, {"leaky_relu", []float64{1.5}}, {"swish", []float64{0}},
		{"swish", []float64{math.NaN()}}} {
		if _, err := ByName(bad.name, bad.params...); err == nil {
			t.Errorf("ByName(%q, %v): no error", bad.name, bad.params)
		}
	}
}

// TestDerivative: DPhi equals the central difference of Phi (step 1e-6,
// truncation error ~1e-12·φ‴, rounding ~1e-10) away from kinks.
func TestDerivative(t *testing.T) {
	for _, f := range all(t) {
		for h := -4.0; h <= 4; h += 0.1 {
			near := false
			for _, k := range f.Kinks {
				if math.Abs(h-k) < 1e-3 {
					near = true
				}
			}
			if near {
				continue
			}
			if p, d := f.Both(h); p != f.Phi(h) || d != f.DPhi(h) {
				t.Errorf("%v: Both(%v) = (%v, %v), Phi, DPhi = (%v, %v)", f, h, p, d, f.Phi(h), f.DPhi(h))
			}
			const e = 1e-6
			num := (f.Phi(h+e) - f.Phi(h-e)) / (2 * e)
			if d := math.Abs(num - f.DPhi(h)); d > 1e-8 {
				t.Errorf("%v: φ′(%.2f) = %v, finite difference %v", f, h, f.DPhi(h), num)
			}
		}
		if f.Odd {
			for _, h := range []float64{0.3, 1.7, 5} {
				if f.Phi(-h) != -f.Phi(h) {
					t.Errorf("%v declared odd but φ(-%v) != -φ(%v)", f, h, h)
				}
			}
		}
	}
	// φ′(0): 1 for the P18 family (erf normalisation), ½ for SiLU.
	for name, want := range map[string]float64{"erf": 1, "tanh": 1, "smoothed_relu": 0.5, "linear": 1} {
		f, _ := ByName(name)
		if got := f.DPhi(0); math.Abs(got-want) > 1e-15 {
			t.Errorf("%s: φ′(0) = %v want %v", name, got, want)
		}
	}
}

// TestClosedFormsVsQuadrature checks every closed form against the
// piecewise Gauss–Legendre quadrature of package gauss (independent: the
// quadrature knows only φ, φ′ and the kinks). Tolerance 1e-12 relative, or
// absolute for values below 1e-3.
func TestClosedFormsVsQuadrature(t *testing.T) {
	for _, f := range all(t) {
		g := f.WithoutClosedForms()
		cmp := func(what string, a, b float64) {
			t.Helper()
			if math.Abs(a-b) > 1e-12*math.Max(1, math.Abs(b)) {
				t.Errorf("%v %s: closed %.16g quadrature %.16g (diff %.2e)", f, what, a, b, a-b)
			}
		}
		for _, q := range []float64{0, 1e-4, 0.04, 0.25, 1, 3.7, 40} {
			if f.ClosedSecondMoment != nil {
				cmp(fmt.Sprintf("E φ² q=%v", q), f.SecondMoment(q), g.SecondMoment(q))
			}
			if f.ClosedDSecondMoment != nil && q > 0 {
				cmp(fmt.Sprintf("d/dq E φ² q=%v", q), f.DSecondMoment(q), g.DSecondMoment(q))
			}
			if f.ClosedMu1 != nil {
				cmp(fmt.Sprintf("μ_1 q=%v", q), f.Mu(q, 1), g.Mu(q, 1))
			}
			if f.ClosedMu != nil {
				for k := 1; k <= 8; k++ {
					cmp(fmt.Sprintf("μ_%d q=%v", k, q), f.Mu(q, k), g.Mu(q, k))
				}
			}
			for _, c := range []float64{-1, -0.4, 0, 0.6, 0.999, 1} {
				for _, q2 := range []float64{q, 0.5} {
					if f.ClosedKernel != nil {
						cmp(fmt.Sprintf("K(%v,%v,%v)", q, q2, c), f.Kernel(q, q2, c), g.Kernel(q, q2, c))
					}
					if f.ClosedDKernel != nil && q > 0 {
						cmp(fmt.Sprintf("K′(%v,%v,%v)", q, q2, c), f.DKernel(q, q2, c), g.DKernel(q, q2, c))
					}
				}
			}
		}
	}
}

// TestMuHighPowers: μ_k of tanh and SiLU for k = 1..8 against mpmath 1.3.0
// (mp.dps = 40, mp.quad of φ′(√q z)^{2k} ϕ(z) on [−∞,−6,−3,−1,0,1,3,6,∞],
// printed to 22 digits). Tolerance 1e-14 relative (observed ≤ 2e-15).
// Before Mu shrank the quadrature scale with k (gauss.Settings.Scale),
// tanh was off by 2e-11 at k = 3 and 3e-6 at k = 8.
func TestMuHighPowers(t *testing.T) {
	tanh, silu := Tanh(), SmoothedReLU()
	for _, r := range []struct {
		f  Func
		q  float64
		mu [8]float64
	}{
		{tanh, 0.1, [8]float64{0.8492070684064720111152, 0.7497889837714670453735, 0.6782785195605171992585, 0.6237821415913537308288, 0.5805190314539813706168, 0.5451155876376473940845, 0.515458795332866397891, 0.4901510481357051366676}},
		{tanh, 0.5, [8]float64{0.5924257933717963939799, 0.4559935292131940522822, 0.3837091252050127826909, 0.3374373929216054170607, 0.3046236980951573958942, 0.2798122409095297784179, 0.2602085061105170266995, 0.2442157160313293592104}},
		{tanh, 1, [8]float64{0.464402902448268241972, 0.3415092073166635394721, 0.2822723630638546809698, 0.2458979446940455185221, 0.2206974704428699949662, 0.2019245361149165294125, 0.1872445985720370229254, 0.1753593792932503033887}},
		{tanh, 3, [8]float64{0.292017130692002280662, 0.2057905883956442680072, 0.1676599886719886004557, 0.1450101855914083525633, 0.1295923489509761530635, 0.1182319302419843743727, 0.109414417065636864237, 0.1023141028393990640648}},
		{tanh, 10, [8]float64{0.1655724207697086595673, 0.1145341615268477565629, 0.09278713407954842701942, 0.08003520289281038822829, 0.07141225486161691240726, 0.06508420145054543316237, 0.06018599538291355772562, 0.05624945452416028849085}},
		{silu, 0.1, [8]float64{0.2727573299053232349617, 0.09802323950161533324713, 0.04228948975352426231002, 0.02083797714270710799442, 0.01136984778458724554286, 0.006727593793039448504708, 0.004253130674100256109141, 0.002841259334011492285747}},
		{silu, 0.5, [8]float64{0.3347089583480498958313, 0.204476628974724465031, 0.1543066970704425265658, 0.1304573212643017702294, 0.1184395598408324966023, 0.1129113701973596364193, 0.1115336044824496926493, 0.1131826056133179826457}},
		{silu, 1, [8]float64{0.3794823516328293089963, 0.2865805768796148133743, 0.2571103562922478369062, 0.2504982859210679825803, 0.2561390803145257079178, 0.2703150553862231500472, 0.2916740327053825357581, 0.3199140554783875405495}},
		{silu, 3, [8]float64{0.4515222167220982024822, 0.4224289809410915734631, 0.4386595866653744557663, 0.4756197591215205363062, 0.5280548698670227723018, 0.5950750270162362980487, 0.6775001288620334167431, 0.7771242684026779297225}},
		{silu, 10, [8]float64{0.4971634488003009314017, 0.5071584890300560279651, 0.5476661425039137580725, 0.6048915399838651524934, 0.6767790532092666742437, 0.7638649936023894042533, 0.8678322326875980401343, 0.991138223694703303363}},
	} {
		for k := 1; k <= 8; k++ {
			if got := r.f.Mu(r.q, k); math.Abs(got-r.mu[k-1]) > 1e-14*r.mu[k-1] {
				t.Errorf("%v q=%g: μ_%d = %.17g, mpmath %.17g (rel %.2g)", r.f, r.q, k, got, r.mu[k-1], math.Abs(got/r.mu[k-1]-1))
			}
		}
	}
}

// TestReferenceMoments: numbers of lib/sources/tanner2024.md#checks (Tanner lecture spec), checks
// 12 (Table 1 at q* = 0.25) and the Fig. 3 row of lib/sources/tanner2024.md#figures (P(φ′ = 1)).
func TestReferenceMoments(t *testing.T) {
	erf, ht, tanh, sr := Erf(), HardTanh(), Tanh(), ShiftedReLU()
	cases := []struct {
		name      string
		got, want float64
		tol       float64 // absolute; lib/sources/tanner2024.md#checks prints 7 digits, #figures 4
	}{
		{"erf μ1(0.25)", erf.Mu(0.25, 1), 0.7483977, 1e-7},
		{"erf μ2(0.25)", erf.Mu(0.25, 2), 0.6236862, 1e-7},
		{"erf μ2/μ1²−1 (0.25)", erf.Mu(0.25, 2)/math.Pow(erf.Mu(0.25, 1), 2) - 1, 0.1135283, 1e-7},
		{"hardtanh 1/p−1 (0.25)", 1/ht.Mu(0.25, 1) - 1, 0.0476692, 1e-7},
		{"tanh μ1(0.570048)", tanh.Mu(0.570048, 1), 0.5678738, 1e-7},
		{"tanh μ2(0.570048)", tanh.Mu(0.570048, 2), 0.4328516, 1e-7},
		{"tanh ratio−1", tanh.Mu(0.570048, 2)/math.Pow(tanh.Mu(0.570048, 1), 2) - 1, 0.3422562, 1e-7},
		// Fig. 3 (P18): P(φ′=1) at q* = 2, 1, 0.5, 0.2.
		{"hardtanh p(2)", ht.Mu(2, 1), 0.5205, 1e-4},
		{"hardtanh p(1)", ht.Mu(1, 1), 0.6827, 1e-4},
		{"hardtanh p(0.5)", ht.Mu(0.5, 1), 0.8427, 1e-4},
		{"hardtanh p(0.2)", ht.Mu(0.2, 1), 0.9747, 1e-4},
		{"shifted p(2)", sr.Mu(2, 1), 0.6382, 1e-4},
		{"shifted p(1)", sr.Mu(1, 1), 0.6915, 1e-4},
		{"shifted p(0.5)", sr.Mu(0.5, 1), 0.7602, 1e-4},
		{"shifted p(0.2)", sr.Mu(0.2, 1), 0.8682, 1e-4},
		{"relu μ3", ReLU().Mu(7, 3), 0.5, 0},
	}
	for _, c := range cases {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.8f, want %.8f", c.name, c.got, c.want)
		}
	}
}

// TestShtanhScaling: F31(3) of lib/sources/tanner2024.md#formulas, Shtanh_a at q equals a²·hardtanh at q/a².
func TestShtanhScaling(t *testing.T) {
	a := 3.0
	s, h := Shtanh(a), HardTanh()
	for _, q := range []float64{0.1, 2, 30} {
		if d := s.SecondMoment(q) - a*a*h.SecondMoment(q/(a*a)); math.Abs(d) > 1e-13*q {
			t.Errorf("q=%v: diff %v", q, d)
		}
		if d := s.Mu(q, 1) - h.Mu(q/(a*a), 1); math.Abs(d) > 1e-15 {
			t.Errorf("q=%v: μ diff %v", q, d)
		}
	}
}

// TestNoNaN: every method is finite for q ∈ [0, 1e3], c ∈ [−1, 1], k ≤ 8.
func TestNoNaN(t *testing.T) {
	for _, f := range all(t) {
		for _, q := range []float64{0, 1e-300, 1e-8, 1, 1e2, 1e3} {
			vals := []float64{f.SecondMoment(q), f.Phi(q), f.DPhi(-q), f.Phi(-1e300), f.DPhi(1e300)}
			for k := 1; k <= 8; k++ {
				vals = append(vals, f.Mu(q, k))
			}
			for _, c := range []float64{-1, 0, 0.5, 1} {
				vals = append(vals, f.Kernel(q, 1, c), f.DKernel(1, q, c))
			}
			for i, v := range vals {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("%v q=%v: value %d is %v", f, q, i, v)
				}
			}
		}
	}
}

func TestPanics(t *testing.T) {
	mustpanic.All(t, map[string]func(){
		"q<0":    func() { Tanh().SecondMoment(-1) },
		"k=0":    func() { Tanh().Mu(1, 0) },
		"c>1":    func() { Erf().Kernel(1, 1, 1.5) },
		"a<=0":   func() { Shtanh(0) },
		"q=NaN":  func() { ReLU().Mu(math.NaN(), 1) },
		"q2=Inf": func() { ReLU().DKernel(1, math.Inf(1), 0) },
	})
}

func ExampleByName() {
	f, _ := ByName("hardtanh")
	fmt.Printf("P(φ′=1) at q*=0.5: %.4f\n", f.Mu(0.5, 1))
	// Output: P(φ′=1) at q*=0.5: 0.8427
}
