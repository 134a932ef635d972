package randnet

import (
	"math"
	"testing"
	"time"

	"github.com/sigprop/sigprop/lib/sde"
	"gonum.org/v1/gonum/mat"
)

func TestShZZExplore(t *testing.T) {
	v0 := mat.NewSymDense(2, []float64{1, .2, .2, 1})
	for _, g := range []float64{1 / math.Sqrt(8), 0.5, 1 / math.Sqrt(2)} {
		T := 0.75
		r, _ := sde.Simulate(sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1}, v0, T, 20000, 1, sde.Settings{Step: 0.0025, Workers: 2})
		ref := r.Corr(0, 1)
		for _, n := range []int{4, 8, 16, 32, 64, 128} {
			t0 := time.Now()
			d := int(math.Round(T * float64(n)))
			run, err := ShapedSimulate(ShapedConfig{Width: n, Depth: d, Gamma: g, Tau0: 1, Blocks: BlocksAttention}, v0, 4000, 2, 2)
			if err != nil {
				t.Fatal(err)
			}
			x := run.FinalCorr(0, 1)
			mn, sd := sde.MeanSD(x)
			t.Logf("g=%.3f n=%d d=%d KS=%.4f mean %.4f sd %.4f stopped %d (%v)", g, n, d, sde.KS2(x, ref), mn, sd, run.NumStopped(), time.Since(t0))
		}
	}
}
