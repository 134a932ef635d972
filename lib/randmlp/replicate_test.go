package randmlp

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
)

// Replicate tests of the standard errors of this package's checks
// (issue 37, item 5; the kinds and the band as in lib/empirical's
// replicate tests): over 400 seeds of a linear network, where the q-map is
// exact at every width (E‖Wx‖²/N = σ_w²‖x‖²/N for Gaussian W, so E q̂^{ℓ+1}
// = σ_w² E q̂^ℓ + σ_b²), the SD of the normal-equivalent z (nets − 1
// degrees of freedom) must lie within 10% of 1 (relative SE of an SD
// from 400 replicates: 3.5%, so the band is 2.8 SE), and the SE that
// pools values of one network as independent samples must leave the band.

const replicates = 400

func linearMLP(t *testing.T, width, depth int) MLP {
	t.Helper()
	f, err := activation.ByName("linear")
	if err != nil {
		t.Fatal(err)
	}
	return MLP{Width: width, Depth: depth, Phi: f, SigmaW2: 1, SigmaB2: 1}
}

func sd(x []float64) float64 { _, s := empirical.MeanSD(x); return s }

// QCheck: per-network average of the two inputs' q̂^ℓ, SE over networks
// (LayerStats), against the exact q-map of a linear network (N = 48,
// L = 3, 10 networks, q¹ = 1.5). The two inputs share b (and, from layer
// 2, W acting on correlated inputs): pooling their 20 values must fail.
func TestReplicateQCheck(t *testing.T) {
	const width, depth, nets, q1 = 48, 3, 10, 1.5
	m := linearMLP(t, width, depth)
	theory := m.MeanField().QTrajectory(q1, depth-1)
	z := make([][]float64, depth)
	pooled := make([]float64, replicates)
	for i := range replicates {
		r := m.qCheck(q1, nets, empirical.Rand(uint64(i), 301))
		for l := range z {
			z[l] = append(z[l], empirical.NormalZ((r.Mean[l]-r.Theory[l])/r.SE[l], nets-1))
		}
		// The former SE: both inputs of every network as 2·nets samples.
		rng := empirical.Rand(uint64(i), 301)
		var q []float64
		for range nets {
			tr := m.Propagate(MLPInputPair(width, (q1-m.SigmaB2)/m.SigmaW2, 0, rng), rng)
			q = append(q, tr.Q[0]...)
		}
		mean, se := empirical.MeanSE(q)
		pooled[i] = (mean - theory[0]) / se
	}
	for l := range z {
		s := sd(z[l])
		t.Logf("QCheck layer %d: SD of z over %d seeds = %.3f", l+1, replicates, s)
		if math.Abs(s-1) > 0.1 {
			t.Errorf("QCheck layer %d: SD of z over %d seeds = %.3f, want within 0.1 of 1", l+1, replicates, s)
		}
	}
	t.Logf("inputs pooled as independent samples, layer 1: SD of z = %.3f", sd(pooled))
	if s := sd(pooled); !(s > 1.1) {
		t.Errorf("inputs pooled: SD of z = %.3f at layer 1, want > 1.1 (the test must detect the wrong unit)", s)
	}
}

// The cluster SE over a network's units (Chi1Points' kind: LastLayer,
// then empirical.ClusterMeanSE by network): the mean of h² over the last
// layer's units is q^L exactly for a linear network (N = 32, L = 3, 10
// networks, q¹ = 1.5). The units share the network's last-layer input
// and its q̂: pooling the 320 units must fail.
func TestReplicateUnitsByNetwork(t *testing.T) {
	const width, depth, nets, q1 = 32, 3, 10, 1.5
	m := linearMLP(t, width, depth)
	qL := m.MeanField().QTrajectory(q1, depth-1)[depth-1]
	sq := func(h float64) float64 { return h * h }
	var z, pooled []float64
	for i := range replicates {
		v := m.LastLayer(nets, (q1-m.SigmaB2)/m.SigmaW2, 0, 1, sq, empirical.Rand(uint64(i), 302))
		mean, se := empirical.ClusterMeanSE(v, width)
		z = append(z, empirical.NormalZ((mean-qL)/se, nets-1))
		mean, se = empirical.MeanSE(v)
		pooled = append(pooled, (mean-qL)/se)
	}
	t.Logf("units by network: SD of z over %d seeds = %.3f; units pooled: %.3f", replicates, sd(z), sd(pooled))
	if s := sd(z); math.Abs(s-1) > 0.1 {
		t.Errorf("units by network: SD of z = %.3f, want within 0.1 of 1", s)
	}
	if s := sd(pooled); !(s > 1.1) {
		t.Errorf("units pooled: SD of z = %.3f, want > 1.1 (the test must detect the wrong unit)", s)
	}
}

// The slope law's ECDF (SlopeLaw; its check is the DKW bound for Samples
// independent values): for ReLU on the edge of chaos P(φ′ = 0) = ½
// exactly, given any network, so the ECDF at t = ½ has SD √(1/(4n)) when
// its n values are independent. Over 400 seeds (N = 64, L = 6, 2
// networks, q* = 1) its z-score must have SD within 10% of 1 for the one
// input per network slopeLawAt uses, and leave the band with both inputs
// of each pair, whose h^L are correlated through the shared weights.
func TestReplicateSlopeLaw(t *testing.T) {
	relu, err := activation.ByName("relu")
	if err != nil {
		t.Fatal(err)
	}
	const width, depth, nets = 64, 6, 2
	var one, both []float64
	for i := range replicates {
		l, err := slopeLawAt(relu, 1, []float64{0.5}, width, depth, nets, empirical.Rand(uint64(i), 303))
		if err != nil {
			t.Fatal(err)
		}
		one = append(one, (l.ECDF[0]-l.CDF[0])/math.Sqrt(0.25/float64(l.Samples)))
		m := MLP{Width: width, Depth: depth, Phi: relu, SigmaW2: 2, SigmaB2: 0} // ReLU's edge of chaos at q* = 1
		s := m.LastLayer(nets, 0.5, 0, 2, relu.DPhi, empirical.Rand(uint64(i), 303))
		zeros := 0
		for _, v := range s {
			if v == 0 {
				zeros++
			}
		}
		both = append(both, (float64(zeros)/float64(len(s))-0.5)/math.Sqrt(0.25/float64(len(s))))
	}
	t.Logf("slope law ECDF, one input per network: SD of z over %d seeds = %.3f; both inputs: %.3f", replicates, sd(one), sd(both))
	if s := sd(one); math.Abs(s-1) > 0.1 {
		t.Errorf("one input per network: SD of z = %.3f, want within 0.1 of 1", s)
	}
	if s := sd(both); !(s > 1.1) {
		t.Errorf("both inputs: SD of z = %.3f, want > 1.1 (the test must detect the dependent inputs)", s)
	}
}

// Issue 37's reproducer at layer 1, where E q̂¹ = q¹ exactly for any φ
// and width: GELU, σ_w² = 1.5, σ_b² = 0.5, q¹ = 1, 6 networks (N = 50 to
// keep it cheap). QCheck's normal-equivalent z (5 degrees of freedom) has
// SD within 10% of 1 over 400 seeds; the former SE, both inputs of each
// network pooled as 12 samples, gave SD 1.43 at N = 500 over 30 seeds and
// must leave the band here.
func TestReplicateQCheckIssue37(t *testing.T) {
	gelu, err := activation.ByName("gelu")
	if err != nil {
		t.Fatal(err)
	}
	const width, nets, q1 = 50, 6, 1.0
	m := MLP{Width: width, Depth: 1, Phi: gelu, SigmaW2: 1.5, SigmaB2: 0.5}
	var z, pooled []float64
	for i := range replicates {
		r := m.qCheck(q1, nets, empirical.Rand(uint64(i), 304))
		z = append(z, empirical.NormalZ((r.Mean[0]-q1)/r.SE[0], nets-1))
		rng := empirical.Rand(uint64(i), 304)
		var q []float64
		for range nets {
			q = append(q, m.Propagate(MLPInputPair(width, (q1-m.SigmaB2)/m.SigmaW2, 0, rng), rng).Q[0]...)
		}
		mean, se := empirical.MeanSE(q)
		pooled = append(pooled, (mean-q1)/se)
	}
	t.Logf("issue 37 setting, layer 1: SD of z over %d seeds = %.3f; inputs pooled: %.3f", replicates, sd(z), sd(pooled))
	if s := sd(z); math.Abs(s-1) > 0.1 {
		t.Errorf("QCheck layer 1: SD of z = %.3f, want within 0.1 of 1", s)
	}
	if s := sd(pooled); !(s > 1.1) {
		t.Errorf("inputs pooled: SD of z = %.3f, want > 1.1", s)
	}
}
