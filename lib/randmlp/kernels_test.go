package randmlp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/mat"
)

// Propagate and PooledEigs on lib/dense's assembly and portable paths
// agree to rounding on odd widths (1, 7, 65): 1e-10 relative for the
// activations, and for the eigenvalues 1e-10 relative to the largest
// (an SVD's backward error is a few ε times the largest singular value).
// Same bits twice per path, and PooledEigs gives the same bits for any
// worker count.
func TestKernelsPathsAndWorkers(t *testing.T) {
	for _, n := range []int{1, 7, 65} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			m := MLP{Width: n, Depth: 4, Phi: activation.Tanh(), SigmaW2: 1.7, SigmaB2: 0.1}
			x0 := mat.NewDense(n, 3, nil)
			r := rand.New(rand.NewPCG(3, 3))
			for i := range x0.RawMatrix().Data {
				x0.RawMatrix().Data[i] = r.NormFloat64()
			}
			js := JacobianSim{Width: n, Depth: 5, Phi: activation.Tanh(), SigmaW2: 1.2, SigmaB2: 0.05, QStar: 0.4}
			run := func(workers int) (h, e []float64) {
				tr := m.Propagate(x0, rand.New(rand.NewPCG(4, 4)))
				js.Workers = workers
				e, err := js.PooledEigs(5, rand.New(rand.NewPCG(5, 5)))
				if err != nil {
					t.Fatal(err)
				}
				return tr.Last.RawMatrix().Data, e
			}
			h, e := run(1)
			for _, w := range []int{1, 2, 3} {
				h2, e2 := run(w)
				for i := range h {
					if math.Float64bits(h[i]) != math.Float64bits(h2[i]) {
						t.Fatalf("workers=%d: activation %d differs", w, i)
					}
				}
				for i := range e {
					if math.Float64bits(e[i]) != math.Float64bits(e2[i]) {
						t.Fatalf("workers=%d: eigenvalue %d differs", w, i)
					}
				}
			}
			prev := dense.SetAssembly(false)
			hp, ep := run(2)
			hp2, ep2 := run(1)
			dense.SetAssembly(prev)
			var dh, sh, de, se float64
			for i := range h {
				dh, sh = math.Max(dh, math.Abs(h[i]-hp[i])), math.Max(sh, math.Abs(hp[i]))
				if math.Float64bits(hp[i]) != math.Float64bits(hp2[i]) {
					t.Fatalf("portable path: activation %d differs between runs", i)
				}
			}
			for i := range e {
				de, se = math.Max(de, math.Abs(e[i]-ep[i])), math.Max(se, math.Abs(ep[i]))
				if math.Float64bits(ep[i]) != math.Float64bits(ep2[i]) {
					t.Fatalf("portable path: eigenvalue %d differs between runs", i)
				}
			}
			if dh > 1e-10*sh || de > 1e-10*se {
				t.Errorf("paths differ: activations %g (scale %g), eigenvalues %g (scale %g)", dh, sh, de, se)
			}
		})
	}
}
