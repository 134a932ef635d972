package sde

import (
	"math"
	"testing"
)

var benchSink *Result

// BenchmarkShapedAttentionSDE: 10 000 paths of the Theorem 4.2 SDE, m = 4
// tokens, T = 1, h = 0.001 (1 000 steps), γ = 1/√8, τ₀ = 1, V₀ with unit
// diagonal and off-diagonal 0.2; with 1 and 2 workers, and on the portable
// Go path of the block products. The numpy peer is testdata/bench_sde.py
// (same parameters, vectorised over paths).
func BenchmarkShapedAttentionSDE(b *testing.B) {
	v := EquiCov(4, 1, 0.2)
	md := Model{Kind: Attention, Gamma: 1 / math.Sqrt(8), Tau0: 1}
	for _, c := range []struct {
		name    string
		workers int
		asm     bool
	}{{"workers=1", 1, true}, {"workers=2", 2, true}, {"portable", 1, false}} {
		b.Run(c.name, func(b *testing.B) {
			saved := useLaneAsm
			useLaneAsm = c.asm && hasLaneAsm
			defer func() { useLaneAsm = saved }()
			w := c.workers
			for b.Loop() {
				r, err := Simulate(md, v, 1, 10000, 1, Settings{Step: 0.001, Workers: w})
				if err != nil {
					b.Fatal(err)
				}
				benchSink = r
			}
		})
	}
}
