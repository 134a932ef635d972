package randmlp

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

func tanh(t *testing.T) activation.Func {
	f, err := activation.ByName("tanh")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// QCheck is LayerStats of q beside the q-map, and the two agree within 5
// SE (6 networks of width 300, each the average of its 2 inputs; relative
// SE of q̂ ≈ √(2/N)/√12; normal-equivalent z with 5 degrees of freedom).
func TestQCheck(t *testing.T) {
	m := MLP{Width: 300, Depth: 6, Phi: tanh(t), SigmaW2: 2, SigmaB2: 0.05}
	r := m.qCheck(2.5, 6, empirical.Rand(1, 2))
	mean, se := m.LayerStats(6, (2.5-0.05)/2, 0, func(t MLPTrace, l int) []float64 { return t.Q[l] }, empirical.Rand(1, 2))
	if !slices.Equal(r.Mean, mean) || !slices.Equal(r.SE, se) {
		t.Error("QCheck differs from LayerStats with the same generator")
	}
	if r.Theory[0] != 2.5 || len(r.Layers) != 6 || r.Layers[5] != 6 {
		t.Errorf("Theory[0] = %v, Layers = %v; want q¹ = 2.5 and layers 1…6", r.Theory[0], r.Layers)
	}
	if z, err := empirical.MaxZDOF(r.Mean, r.SE, r.Theory, r.Nets-1); err != nil || z > 5 {
		t.Errorf("q-map against simulation: max |z| = %v > 5", z)
	}
}

// CCheck with gap is 1 − the correlation, in theory and in simulation,
// and the simulation follows the covariance map within 5 SE.
func TestCCheck(t *testing.T) {
	m := MLP{Width: 300, Depth: 8, Phi: tanh(t), SigmaW2: 1.2, SigmaB2: 0.05}
	c, err := m.cCheck(0.5, 4, false, empirical.Rand(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	g, err := m.cCheck(0.5, 4, true, empirical.Rand(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	for l := range c.Theory {
		if g.Theory[l] != 1-c.Theory[l] || math.Abs(g.Mean[l]-(1-c.Mean[l])) > 1e-12 || math.Abs(g.SE[l]-c.SE[l]) > 1e-12 {
			t.Errorf("layer %d: gap %v ± %v (theory %v), correlation %v ± %v (theory %v)", l+1, g.Mean[l], g.SE[l], g.Theory[l], c.Mean[l], c.SE[l], c.Theory[l])
		}
	}
	if math.Abs(c.Theory[0]-0.5) > 1e-12 {
		t.Errorf("c¹ = %v, want 0.5", c.Theory[0])
	}
	if z, err := empirical.MaxZ(c.Mean, c.SE, c.Theory); err != nil || z > 5 {
		t.Errorf("c-map against simulation: max |z| = %v > 5", z)
	}
}

// On the critical line the mean-field χ₁ is 1; beside it, it is not; the
// estimates agree with the theory within 5 SE (4 networks of width 300,
// the SE over networks: normal-equivalent z with 3 degrees of freedom).
func TestChi1Beside(t *testing.T) {
	p, err := chi1Beside(tanh(t), []float64{0.05, 0.2}, 0.3, 300, 3, 4, 30, 7, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.SigmaW2) != 6 {
		t.Fatalf("%d points, want 6", len(p.SigmaW2))
	}
	for k := 0; k < 2; k++ {
		if c := p.Theory[3*k+1]; math.Abs(c-1) > 1e-9 {
			t.Errorf("row %d: χ₁ on the critical line = %v, want 1", k, c)
		}
		if !(p.Theory[3*k] < 1 && p.Theory[3*k+2] > 1) {
			t.Errorf("row %d: χ₁ beside the line = %v, %v; want < 1 and > 1", k, p.Theory[3*k], p.Theory[3*k+2])
		}
	}
	if z, err := empirical.MaxZDOF(p.Mean, p.SE, p.Theory, p.Nets-1); err != nil || z > 5 {
		t.Errorf("χ₁ against simulation: max |z| = %v > 5", z)
	}
	// The points on 2 or 4 goroutines: the same values, in order.
	for _, w := range []int{2, 4} {
		if q, err := chi1Beside(tanh(t), []float64{0.05, 0.2}, 0.3, 300, 3, 4, 30, 7, w); err != nil || !reflect.DeepEqual(q, p) {
			t.Errorf("on %d workers: %+v (%v), on one %+v", w, q, err, p)
		}
	}
}

// For ReLU φ′ is 0 or 1 with probability ½ at any q: the CDF is ½ on
// [0, 1) and the empirical CDF is within the DKW bound of it.
func TestSlopeLawAt(t *testing.T) {
	relu, err := activation.ByName("relu")
	if err != nil {
		t.Fatal(err)
	}
	ts := []float64{-0.1, 0.5, 1.1}
	l, err := slopeLawAt(relu, 1, ts, 300, 3, 2, empirical.Rand(5, 6))
	if err != nil {
		t.Fatal(err)
	}
	if l.Samples != 600 || l.CDF[0] != 0 || math.Abs(l.CDF[1]-0.5) > 1e-15 || l.CDF[2] != 1 {
		t.Errorf("Samples %d, CDF %v; want 600 (2 networks × 300 units of one input), [0 0.5 1]", l.Samples, l.CDF)
	}
	if d := empirical.MaxAbsDiff(l.CDF, l.ECDF); d > empirical.DKW(l.Samples, 1e-3) {
		t.Errorf("sup |CDF − ECDF| = %v above the DKW bound %v", d, empirical.DKW(l.Samples, 1e-3))
	}
}

// MeanField carries φ, σ_w², σ_b² over.
func TestMeanField(t *testing.T) {
	m := MLP{Width: 10, Depth: 2, Phi: tanh(t), SigmaW2: 1.7, SigmaB2: 0.1}
	n := meanfield.Net{Phi: m.Phi, SigmaW2: 1.7, SigmaB2: 0.1}
	if m.MeanField().QMap(0.7) != n.QMap(0.7) {
		t.Error("MeanField().QMap differs from the Net with the same parameters")
	}
}
