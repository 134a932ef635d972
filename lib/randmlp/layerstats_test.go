package randmlp

import (
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// tanhMLP returns a tanh MLP with Gaussian weights and its mean-field
// limit, the network of package meanfield with the same φ, σ_w², σ_b².
func tanhMLP(t testing.TB, width, depth int, sw2, sb2 float64) (MLP, meanfield.Net) {
	t.Helper()
	phi, err := activation.ByName("tanh")
	if err != nil {
		t.Fatal(err)
	}
	return MLP{Width: width, Depth: depth, Phi: phi, SigmaW2: sw2, SigmaB2: sb2}, meanfield.Net{Phi: phi, SigmaW2: sw2, SigmaB2: sb2}
}

// LayerStats agrees with the q-map of mean-field theory (an independent
// computation) within 5 SE at every layer (normal-equivalent z, nets − 1
// degrees of freedom), and gives the same numbers as the explicit loop
// with the same seed, in which each network's two inputs are averaged
// before the SE is taken over networks.
func TestLayerStats(t *testing.T) {
	const width, depth, nets = 500, 6, 8
	m, limit := tanhMLP(t, width, depth, 2, 0.05)
	q1, r := 1.5, (1.5-0.05)/2
	q := func(tr MLPTrace, l int) []float64 { return tr.Q[l] }
	mean, se := m.LayerStats(nets, r, 0, q, empirical.Rand(3, 9))
	theory := limit.QTrajectory(q1, depth-1)
	if z, err := empirical.MaxZDOF(mean, se, theory, nets-1); err != nil || z > 5 {
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
			samples[l] = append(samples[l], (tr.Q[l][0]+tr.Q[l][1])/2)
		}
	}
	for l := range samples {
		mu, s := empirical.MeanSE(samples[l])
		if mu != mean[l] || s != se[l] {
			t.Errorf("layer %d: LayerStats (%v, %v), loop (%v, %v)", l, mean[l], se[l], mu, s)
		}
	}
	mustpanic.All(t, map[string]func(){
		"nets":  func() { m.LayerStats(0, r, 0, q, empirical.Rand(1, 1)) },
		"empty": func() { m.LayerStats(1, r, 0, func(MLPTrace, int) []float64 { return nil }, empirical.Rand(1, 1)) },
	})
}

// LastLayer's values have the mean-field law: the mean of h² is the q-map's
// q^L (within 5 SE, the SE taken over the networks' own means, since the
// units of one network share its weights), and they equal the explicit
// loop's with the same seed.
func TestLastLayer(t *testing.T) {
	const width, depth, nets = 200, 3, 16
	m, limit := tanhMLP(t, width, depth, 1.5, 0.1)
	r := (0.8 - 0.1) / 1.5
	sq := func(h float64) float64 { return h * h }
	got := m.LastLayer(nets, r, 0.3, 2, sq, empirical.Rand(5, 9))
	if len(got) != nets*width*2 {
		t.Fatalf("%d values, want %d", len(got), nets*width*2)
	}
	perNet := make([]float64, nets)
	for k := range perNet {
		perNet[k], _ = empirical.MeanSE(got[k*2*width : (k+1)*2*width])
	}
	mean, se := empirical.MeanSE(perNet)
	qL := limit.QTrajectory(0.8, depth-1)[depth-1]
	if z := (mean - qL) / se; z > 5 || z < -5 {
		t.Errorf("mean h² = %v ± %v over %d networks, q-map %v (z = %.2f)", mean, se, nets, qL, z)
	}
	rng := empirical.Rand(5, 9)
	var want []float64
	for range nets {
		tr := m.Propagate(MLPInputPair(width, r, 0.3, rng), rng)
		for i := 0; i < width; i++ {
			want = append(want, sq(tr.Last.At(i, 0)), sq(tr.Last.At(i, 1)))
		}
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("value %d: %v, loop %v", i, got[i], want[i])
		}
	}
	one := m.LastLayer(1, r, 0.3, 1, sq, empirical.Rand(5, 9))
	if len(one) != width || one[0] != want[0] || one[1] != want[2] {
		t.Errorf("inputs = 1: %d values, first two %v, want %v, %v", len(one), one[:2], want[0], want[2])
	}
	mustpanic.Check(t, "inputs = 3", func() { m.LastLayer(1, r, 0, 3, sq, empirical.Rand(1, 1)) })
}
