package empirical

import (
	"math/rand/v2"
	"testing"
)

// Each index is seeded by itself, so the output does not depend on the
// worker count; per-worker state is never shared.
func TestPoolDeterministic(t *testing.T) {
	run := func(workers int) []uint64 {
		out := make([]uint64, 100)
		Pool(len(out), workers, func() *[]int { return new([]int) }, func(w *[]int, i int) {
			*w = append(*w, i) // touches only this worker's state
			out[i] = rand.New(rand.NewPCG(SplitMix64(uint64(i)), 7)).Uint64()
		})
		return out
	}
	one := run(1)
	for _, w := range []int{2, 3, 200} {
		got := run(w)
		for i := range one {
			if got[i] != one[i] {
				t.Fatalf("workers = %d: slot %d differs", w, i)
			}
		}
	}
	hit := make([]int, 10)
	Each(10, 4, func(i int) { hit[i]++ })
	for i, h := range hit {
		if h != 1 {
			t.Errorf("Each ran index %d %d times", i, h)
		}
	}
}

func TestSplitMix64(t *testing.T) {
	// First outputs of the reference SplitMix64 seeded with 0 (Vigna's
	// splitmix64.c): the state advances by φ·2⁶⁴ before the mix.
	if got := SplitMix64(0); got != 0xe220a8397b1dcdaf {
		t.Errorf("SplitMix64(0) = %#x", got)
	}
	if got := SplitMix64(0x9e3779b97f4a7c15); got != 0x6e789e6aa1b965f4 {
		t.Errorf("SplitMix64(φ) = %#x", got)
	}
}

// DrawRun: the draws consume one stream in index order and the runs see
// exactly their own draw, whatever the worker count; the outputs equal the
// serial loop's bit for bit.
func TestDrawRun(t *testing.T) {
	type slot struct{ v []float64 }
	out := func(workers int) ([]float64, float64) {
		rng := Rand(7, 0)
		res := make([]float64, 37)
		DrawRun(len(res), workers, func() *slot { return &slot{v: make([]float64, 5)} },
			func(s *slot, i int) {
				for j := range s.v {
					s.v[j] = rng.NormFloat64() + float64(i)
				}
			},
			func(s *slot, i int) {
				var sum float64
				for _, x := range s.v {
					sum += x * x
				}
				res[i] = sum
			})
		return res, rng.Float64() // the stream's state after all draws
	}
	want, wantNext := out(1)
	for _, w := range []int{0, 2, 3, 8, 100} {
		got, next := out(w)
		if next != wantNext {
			t.Errorf("workers=%d: stream state after the draws differs", w)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("workers=%d: result %d = %v, serial %v", w, i, got[i], want[i])
			}
		}
	}
}
