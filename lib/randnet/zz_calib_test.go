package randnet

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
)

func TestZZCalibJac(t *testing.T) {
	exact := freeprob.Continuation{Eps: 1e-10}
	for _, c := range []struct {
		act  jacspectrum.Activation
		w    jacspectrum.Ensemble
		wd   WeightDist
		L    int
		q    float64
	}{
		{jacspectrum.ReLU, jacspectrum.Orthogonal, OrthogonalWeights, 2, 1},
		{jacspectrum.HardTanh, jacspectrum.Orthogonal, OrthogonalWeights, 8, 0.25},
		{jacspectrum.Erf, jacspectrum.Orthogonal, OrthogonalWeights, 8, 0.102908},
		{jacspectrum.Linear, jacspectrum.Gaussian, GaussianWeights, 2, 1},
	} {
		n := jacspectrum.Critical(c.act, c.w, c.L, c.q)
		sup, err := jacspectrum.Support(n, exact)
		if err != nil {
			t.Fatal(err)
		}
		var xs []float64
		hi := sup[len(sup)-1].Hi
		for _, a := range n.Atoms() {
			hi = max(hi, a.Loc)
		}
		for i := 1; i <= 60; i++ {
			xs = append(xs, hi*1.02*float64(i)/60)
		}
		cdf, err := jacspectrum.CDF(n, xs, sup, exact)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := activation.ByName(string(c.act))
		_, sb := jacspectrum.EoCSigmaB2(c.act, c.q)
		for seed := uint64(0); seed < 4; seed++ {
			st := time.Now()
			sim := JacobianSim{Width: 500, Depth: c.L, Phi: f, SigmaW2: n.SigmaW2, SigmaB2: sb, Weights: c.wd, QStar: c.q}
			e, err := sim.Eigs(rand.New(rand.NewPCG(seed, 9)))
			if err != nil {
				t.Fatal(err)
			}
			m := freeprob.MomentsFromEigs(e, 2)
			fmt.Printf("%s L=%d seed %d KS %.4f m1 %.4f var %.4f (theory %.4f) %v\n", c.act, c.L, seed, jacspectrum.KSDistance(e, xs, cdf), m[0], m[1]-m[0]*m[0], n.Moments().Var, time.Since(st))
		}
	}
}
