package vit

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/dense"
)

var sinkLoss float64

// BenchmarkTrainStep times one training step (forward, backward, Adam) of
// the issue-9 model (28×28 images in 7×7 patches, n = 17, d = 64, ℓ = 2,
// batch 64) at L = 4 and L = 16 (on 1 and 2 workers), with the assembly kernels (when the CPU
// has AVX2 and FMA) and at L = 16 with the portable path of lib/dense
// (gonum's dgemm, math.Exp and math.Tanh). Compare with testdata/bench_step.py (PyTorch, same model,
// float64) at the same thread count, e.g.
//
//	go test -run - -bench TrainStep/L=16/kernel -cpu 1 ./lib/vit
//	/usr/bin/python3 lib/vit/testdata/bench_step.py --threads 1
func BenchmarkTrainStep(b *testing.B) {
	for _, bc := range []struct {
		L, workers int
		kernel     bool
	}{{4, 1, true}, {16, 1, true}, {16, 2, true}, {16, 1, false}} {
		L := bc.L
		name := fmt.Sprintf("L=%d/kernel/workers=%d", L, bc.workers)
		if !bc.kernel {
			name = fmt.Sprintf("L=%d/portable/workers=%d", L, bc.workers)
		}
		b.Run(name, func(b *testing.B) {
			defer dense.SetAssembly(dense.SetAssembly(dense.Assembly() && bc.kernel))
			cfg := PaperConfig(0.5, 1.5)
			cfg.Layers = L
			rng := rand.New(rand.NewPCG(1, 2))
			m := New(cfg, rng)
			m.SetWorkers(bc.workers)
			x, y := randomBatch(cfg, 64, rng)
			opt := &Adam{}
			b.ResetTimer()
			for range b.N {
				l, _, err := m.LossGrad(x, y)
				if err != nil {
					b.Fatal(err)
				}
				opt.Step(m.Params(), m.Grads())
				sinkLoss = l
			}
		})
	}
}
