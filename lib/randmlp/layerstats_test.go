package randmlp

import (
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// LayerStats agrees with the q-map of mean-field theory (an independent
// computation) within 5 SE at every layer, and gives the same numbers as
// the explicit loop with the same seed.
func TestLayerStats(t *testing.T) {
	phi, err := activation.ByName("tanh")
	if err != nil {
		t.Fatal(err)
	}
	const width, depth, nets = 500, 6, 8
	m := MLP{Width: width, Depth: depth, Phi: phi, SigmaW2: 2, SigmaB2: 0.05}
	q1, r := 1.5, (1.5-0.05)/2
	q := func(tr MLPTrace, l int) []float64 { return tr.Q[l] }
	mean, se := m.LayerStats(nets, r, 0, q, empirical.Rand(3, 9))
	theory := meanfield.Net{Phi: phi, SigmaW2: 2, SigmaB2: 0.05}.QTrajectory(q1, depth-1)
	if z := empirical.MaxZ(mean, se, theory); z > 5 {
		t.Errorf("max |z| against the q-map = %.2f > 5 (mean %v, theory %v)", z, mean, theory)
	}
	for l := range se {
		if !(se[l] > 0) {
			t.Errorf("layer %d: SE %v", l, se[l])
		}
	}
	rng := empirical.Rand(3, 9)
	samples := make([][]float64, depth)
	for range nets {
		tr := m.Propagate(MLPInputPair(width, r, 0, rng), rng)
		for l := range samples {
			samples[l] = append(samples[l], tr.Q[l]...)
		}
	}
	for l := range samples {
		mu, s := empirical.MeanSE(samples[l])
		if mu != mean[l] || s != se[l] {
			t.Errorf("layer %d: LayerStats (%v, %v), loop (%v, %v)", l, mean[l], se[l], mu, s)
		}
	}
	for name, f := range map[string]func(){
		"nets":  func() { m.LayerStats(0, r, 0, q, empirical.Rand(1, 1)) },
		"empty": func() { m.LayerStats(1, r, 0, func(MLPTrace, int) []float64 { return nil }, empirical.Rand(1, 1)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
