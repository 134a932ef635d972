package gomlxpeer

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sigprop/sigprop/lib/vit"
)

var sinkLoss float64

// BenchmarkTrainStepGoMLX times one training step — forward pass, gomlx
// autodiff backward pass and the Adam update (lr 3e-4), compiled as one
// graph — of the issue-9 model (vit.PaperConfig(0.5, 1.5): 28×28 images in
// 7×7 patches, n = 17, d = 64, L = 16, ℓ = 2, batch 64, float64) on the
// pure-Go simplego backend. The graph is compiled once before the timer
// starts; the compile time is reported as the compile-ms metric. The
// sub-benchmarks differentiate the matrix products with gomlx's stock
// DotGeneral VJP and with Options.FastDotVJP. Compare
// with lib/vit's hand-written step at the same thread count:
//
//	go test -run - -bench TrainStepGoMLX -cpu 1 .
//	go test -run - -bench 'TrainStep/L=16/kernel' -cpu 1 ../   # from lib/vit/gomlxpeer
func BenchmarkTrainStepGoMLX(b *testing.B) {
	for _, fast := range []bool{false, true} {
		name := "dotvjp=stock"
		if fast {
			name = "dotvjp=fast"
		}
		b.Run(name, func(b *testing.B) {
			cfg := vit.PaperConfig(0.5, 1.5)
			rng := rand.New(rand.NewPCG(1, 2))
			m := vit.New(cfg, rng)
			x, y := randomBatch(cfg, 64, rng)
			p := New(m, Options{FastDotVJP: fast})
			t0 := time.Now()
			if err := p.Compile(x, y); err != nil {
				b.Fatal(err)
			}
			compile := time.Since(t0)
			b.ResetTimer()
			for range b.N {
				l, err := p.Step(x, y)
				if err != nil {
					b.Fatal(err)
				}
				sinkLoss = l
			}
			b.StopTimer()
			b.ReportMetric(float64(compile.Microseconds())/1e3, "compile-ms")
		})
	}
}
