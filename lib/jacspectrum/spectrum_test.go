package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// lib/sources/tanner2024.md#check-12 (Table 1 at q*), 13 (orthogonal linear) and the Table
// 1 closed forms against quadrature of φ′^{2k} (package gauss; 1e-10).
func TestTable1(t *testing.T) {
	for _, act := range []activation.Func{activation.Linear(), activation.ReLU(), activation.HardTanh(), activation.ShiftedReLU(), activation.Erf()} {
		for _, q := range []float64{0.1, 0.25, 1, 2} {
			for _, w := range []Ensemble{Orthogonal, Gaussian} {
				r := Table1(act, q, w)
				for k := 0; k < 3; k++ {
					if rel(r.MuQuad[k], r.Mu[k]) > 1e-10 {
						t.Errorf("%s q*=%g: μ_%d closed %.12g quad %.12g", act, q, k+1, r.Mu[k], r.MuQuad[k])
					}
				}
				s1, _ := w.SCoeffs()
				if act.Name == "erf" {
					// Table 1 erf entries: σ_w² = √(1+πq*), variance form.
					if rel(r.SigmaW2, math.Sqrt(1+math.Pi*q)) > 1e-14 ||
						rel(r.VarPerL, (1+math.Pi*q)/math.Sqrt(1+2*math.Pi*q)-1-s1) > 1e-12 {
						t.Errorf("erf q*=%g: row %+v", q, r)
					}
				}
			}
		}
	}
	// lib/sources/tanner2024.md#check-12 (7 digits): erf at q*=0.25; hard tanh 1/p − 1.
	e := Table1(activation.Erf(), 0.25, Orthogonal)
	for _, c := range []struct{ got, want float64 }{
		{e.Mu[0], 0.7483977}, {e.Mu[1], 0.6236862}, {e.VarPerL, 0.1135283},
		{Table1(activation.HardTanh(), 0.25, Orthogonal).VarPerL, 0.0476692},
		{Table1(activation.HardTanh(), 0.25, Gaussian).VarPerL, 1.0476692},
		{activation.Tanh().Mu(0.570048, 1), 0.5678738}, {activation.Tanh().Mu(0.570048, 2), 0.4328516},
	} {
		if math.Abs(c.got-c.want) > 6e-8 {
			t.Errorf("got %.8f, want %.7f", c.got, c.want)
		}
	}
	// Erf Lerch series (Table 1 M_{D²}) against the quadrature law, |w| > 1.
	d := D2(activation.Erf(), 0.25)
	for _, w := range []complex128{complex(1.5, 0.3), complex(-2, 1), complex(3, 0)} {
		m, _ := d.M(w)
		if l := erfMD2Lerch(w, 0.25); cmplxAbs(m-l) > 1e-12 {
			t.Errorf("erf M_D2(%v): quad %v, Lerch %v", w, m, l)
		}
	}
	// check 13: orthogonal linear at σ_w=1 is δ(λ−1) at every depth.
	a := Critical(activation.Linear(), Orthogonal, 8, 1).Atoms()
	if len(a) != 1 || a[0] != (freeprob.Atom{Loc: 1, Mass: 1}) {
		t.Errorf("orthogonal linear atoms %v, want {(1,1)}", a)
	}
}

func cmplxAbs(z complex128) float64 { return math.Hypot(real(z), imag(z)) }

// F20/F21 moments (lib/sources/tanner2024.md#check-14 theory): m₁ = χ₁^L; σ² = L for linear
// Gaussian and ReLU orthogonal, 2L for ReLU Gaussian; m₃ by F21 against
// the power series of S_{D²}^L S_W^L (freeprob.MomentsFromS), off
// criticality too.
func TestMomentsF20F21(t *testing.T) {
	for _, L := range []int{1, 2, 5, 8} {
		fl := float64(L)
		for _, c := range []struct {
			n   Network
			vr  float64
			tag string
		}{
			{Critical(activation.Linear(), Gaussian, L, 1), fl, "linear-gauss"},
			{Critical(activation.ReLU(), Orthogonal, L, 1), fl, "relu-orth"},
			{Critical(activation.ReLU(), Gaussian, L, 1), 2 * fl, "relu-gauss"},
		} {
			m := c.n.Moments()
			if math.Abs(m.Var-c.vr) > 1e-12*c.vr || math.Abs(m.M1-1) > 1e-12 {
				t.Errorf("%s L=%d: %+v, want var %g", c.tag, L, m, c.vr)
			}
		}
		for _, n := range []Network{
			{Depth: L, Weights: Gaussian, SigmaW2: 1.3, D2: D2(activation.Erf(), 0.4)},
			{Depth: L, Weights: Orthogonal, SigmaW2: 0.9, D2: D2(activation.HardTanh(), 0.7)},
			{Depth: L, Weights: Gaussian, SigmaW2: 1.7, D2: D2(activation.Tanh(), 0.5)},
		} {
			m := n.Moments()
			// series route: S_J = (S_D2 · S_W)^L as power series.
			mu := []float64{n.D2.Mu(1), n.D2.Mu(2), n.D2.Mu(3)}
			sd := freeprob.SFromMoments(mu)
			s1, s2 := n.Weights.SCoeffs()
			sw := []float64{1 / n.SigmaW2, s1 / n.SigmaW2, s2 / n.SigmaW2}
			layer := mulSeries(sd, sw)
			sj := []float64{1, 0, 0}
			for i := 0; i < L; i++ {
				sj = mulSeries(sj, layer)
			}
			want := freeprob.MomentsFromS(sj)
			for k, got := range []float64{m.M1, m.M2, m.M3} {
				if rel(got, want[k]) > 1e-10 {
					t.Errorf("%+v: m_%d F20/F21 %.12g, series %.12g", n, k+1, got, want[k])
				}
			}
			if rel(m.M1, math.Pow(n.SigmaW2*n.D2.Mu(1), fl)) > 1e-12 {
				t.Errorf("m1 != chi^L")
			}
		}
	}
}

func mulSeries(a, b []float64) []float64 {
	out := make([]float64, len(a))
	for i := range a {
		for j := 0; i+j < len(out); j++ {
			out[i+j] += a[i] * b[j]
		}
	}
	return out
}
