package shapednet

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
	"gonum.org/v1/gonum/mat"
)

// ForwardRun is Simulate with the naive forward pass (Forward, every
// weight matrix drawn, O(Width³) per layer) in place of the reduced
// chain: network i builds its input Input(V0, Width, rng) and its weights
// from rng = NetRand(seed, i). It is the only route for block.PreLN, whose
// mean subtraction breaks the rotation invariance the chain rests on.
// StopLayer is −1 for every network (Forward does not stop). Errors as for
// Forward and Simulate.
func ForwardRun(c Config, V0 mat.Matrix, nets int, seed uint64, workers int) (*Run, error) {
	c = c.withDefaults()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	v0, m, err := shCheckV0(V0)
	if err != nil {
		return nil, err
	}
	if nets < 1 || workers < 1 || c.Width < m {
		return nil, fmt.Errorf("shapednet: ForwardRun needs nets >= 1, workers >= 1 and Width >= m = %d, got %d, %d, %d", m, nets, workers, c.Width)
	}
	d := c.Depth
	mm := m * m
	per := make([]float64, 3*(d+1)*nets)
	res := &Run{M: m, Nets: nets, Depth: d, Config: c, V0: v0, Seed: seed, Final: make([]float64, nets*mm), StopLayer: make([]int, nets)}
	errs := make([]error, nets)
	empirical.Each(nets, workers, func(i int) {
		rng := NetRand(seed, i)
		res.StopLayer[i] = -1
		vs, err := Forward(c, Input(V0, c.Width, rng), rng)
		if errs[i] = err; err != nil {
			return
		}
		v := res.Final[i*mm : (i+1)*mm]
		for l, s := range vs {
			for a := 0; a < m; a++ {
				for b := 0; b < m; b++ {
					v[a*m+b] = s.At(a, b)
				}
			}
			shStats(per[3*(d+1)*i:], v, m, l)
		}
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	res.averageStats(per, nets, d)
	return res, nil
}
