package tokengeom

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/num/dual"

	"github.com/sigprop/sigprop/lib/activation"
)

// TestAnyActivation: the token-geometry maps for the activations of
// issue 27 and a user's φ built from φ alone (FromDual, φ = tanh + h/10),
// at (α_A, α_M, σ_w) = (0.6, 0.5, 1.3). 1 + λ_a from the gains (the MLP
// Jacobian χ through Func.Mu) against the top eigenvalue of the
// finite-difference Jacobian of the map F itself (through Func.Kernel and
// SecondMoment: MLPQP). Where φ′ jumps (SELU, leaky ReLU) the kernel
// E φ′(u)φ′(v) approaches its c = 1 value like √(1−c) (the arc-cosine
// kernel's (π − arccos c)/(2π)), so the one-sided differences err by
// O(√h) as well as O(h): they are extrapolated in s = √h from relative
// steps h = 1e-4, 1e-4/4, 1e-4/16 (two Richardson stages, factors 2 and
// 4), leaving O(h^{3/2}) ≲ 1e-6 plus quadrature noise ~1e-13/h·4:
// tolerance 1e-6 relative. λ_g is finite.
func TestAnyActivation(t *testing.T) {
	var acts []activation.Func
	for _, c := range []struct {
		name string
		p    []float64
	}{{"gelu", nil}, {"softplus", nil}, {"elu", nil}, {"selu", nil}, {"sin", nil}, {"leaky_relu", []float64{0.2}}, {"swish", []float64{1.7}}} {
		f, err := activation.ByName(c.name, c.p...)
		if err != nil {
			t.Fatal(err)
		}
		acts = append(acts, f)
	}
	user, err := activation.FromDual("user", func(x dual.Number) dual.Number {
		return dual.Add(dual.Tanh(x), dual.Scale(0.1, x))
	}, activation.Props{Odd: true})
	if err != nil {
		t.Fatal(err)
	}
	acts = append(acts, user)
	for _, f := range acts {
		m := NewModel(0.6, 0.5, 1.3)
		m.Act = f
		la := LambdaA(m)
		var d [3][4]float64
		for k, h := range []float64{1e-4, 2.5e-5, 6.25e-6} {
			j, err := jacobianAtCollapseFD(m, h)
			if err != nil {
				t.Fatal(err)
			}
			copy(d[k][:], j.RawMatrix().Data)
		}
		var r [4]float64
		for i := range r {
			r1, r2 := 2*d[1][i]-d[0][i], 2*d[2][i]-d[1][i]
			r[i] = (4*r2 - r1) / 3
		}
		tr, det := r[0]+r[3], r[0]*r[3]-r[1]*r[2]
		top := tr/2 + math.Sqrt(tr*tr/4-det)
		if !relClose(top, 1+la, 1e-6) {
			t.Errorf("%v: 1+λ_a = %v, FD Jacobian's top eigenvalue %v", f, 1+la, top)
		}
		if lg := LambdaG(m, 10, Corrected); math.IsNaN(lg) || math.IsInf(lg, 0) {
			t.Errorf("%v: λ_g = %v", f, lg)
		}
	}
}
