package shapednet

import (
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"gonum.org/v1/gonum/mat"
)

var benchSink float64

// The reduced chain of 64 networks of width 128 over 64 layers, m = 3
// tokens, one worker (notebook 05's figures run this at larger sizes).
func BenchmarkSimulate(b *testing.B) {
	v0 := mat.NewSymDense(3, []float64{1, 0.3, 0.3, 0.3, 1, 0.3, 0.3, 0.3, 1})
	cfg := Config{Width: 128, Depth: 64, Gamma: 0.5, Tau0: 1, Attention: block.Shaped}
	for b.Loop() {
		r, err := Simulate(cfg, v0, 64, 7, 1)
		if err != nil {
			b.Fatal(err)
		}
		benchSink += r.MeanCorr[64]
	}
}
