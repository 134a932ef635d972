package cnn

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// circulant returns the p×p circulant matrix with first row r.
func circulant(r []float64) [][]float64 {
	p := len(r)
	s := make([][]float64, p)
	for a := range s {
		s[a] = make([]float64, p)
		for b := range s[a] {
			s[a][b] = r[mod(b-a, p)]
		}
	}
	return s
}

// TestStationaryIsFullyConnected: on a stationary (circulant) covariance
// both kernels reduce to the fully connected covariance map of package
// meanfield entry by entry (q-map on the diagonal, q_ab′ = c′√(q_a′q_b′)
// off it), to round-off.
func TestStationaryIsFullyConnected(t *testing.T) {
	s := circulant([]float64{0.9, 0.4, -0.1, 0.05, -0.1, 0.4})
	fc := meanfield.Net{Phi: activation.Tanh(), SigmaW2: 1.7, SigmaB2: 0.1}
	for _, init := range []Init{Gaussian, DeltaOrthogonal} {
		n := Net{Phi: fc.Phi, SigmaW2: fc.SigmaW2, SigmaB2: fc.SigmaB2, Taps: 3, Init: init}
		got, err := n.CovMap(s)
		if err != nil {
			t.Fatal(err)
		}
		for a := range s {
			for b := range s {
				qa, qb, c := fc.CovMap(s[a][a], s[b][b], Corr(s, a, b))
				if want := c * math.Sqrt(qa*qb); math.Abs(got[a][b]-want) > 1e-12 {
					t.Errorf("%v (%d,%d): %.15g, fully connected %.15g", init, a, b, got[a][b], want)
				}
			}
		}
	}
}

// TestSpatialAveraging: for a non-stationary covariance the Gaussian
// kernel averages each lag over the 2k+1 shifts (by hand, one entry) and
// the delta-orthogonal kernel does not average.
func TestSpatialAveraging(t *testing.T) {
	k := [][]float64{{1, 0.5, 0, 0}, {0.5, 2, 0.1, 0}, {0, 0.1, 3, 0.2}, {0, 0, 0.2, 4}}
	g := Net{Phi: activation.Linear(), SigmaW2: 2, SigmaB2: 0.5, Taps: 3, Init: Gaussian}
	s, _ := g.FirstLayer(k)
	// (1,2): shifts β = −1, 0, 1 read K[0][1], K[1][2], K[2][3] = 0.5, 0.1, 0.2.
	if want := 2*(0.5+0.1+0.2)/3 + 0.5; math.Abs(s[1][2]-want) > 1e-15 {
		t.Errorf("Gaussian 𝒜⋆K (1,2) = %g, want %g", s[1][2], want)
	}
	// (0,0) wraps: K[3][3], K[0][0], K[1][1].
	if want := 2*(4+1+2)/3.0 + 0.5; math.Abs(s[0][0]-want) > 1e-15 {
		t.Errorf("Gaussian 𝒜⋆K (0,0) = %g, want %g", s[0][0], want)
	}
	d := g
	d.Init = DeltaOrthogonal
	s, _ = d.FirstLayer(k)
	if want := 2*0.1 + 0.5; math.Abs(s[1][2]-want) > 1e-15 {
		t.Errorf("delta-orthogonal (1,2) = %g, want %g", s[1][2], want)
	}
}

func maxZ(t *testing.T, r SimResult, theory [][][]float64) float64 {
	t.Helper()
	z, err := r.MaxZ(theory)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// TestSimulateAgainstTheory: tanh CNNs of 128 channels on a
// non-stationary 6-position input, 6 layers, 40 networks per kernel. Every
// entry of every layer's mean Σ̂ agrees with the recursion within 4.5 SE
// (21 entries × 6 layers: a Bonferroni 4.5 for t with 39 dof is ≈ 3e-5 per
// entry; the O(1/c) finite-width bias is not modelled: measured max |z|
// 2.77 Gaussian, 2.22 delta-orthogonal at seed (3, i)). The
// Gaussian-kernel simulation is far from the delta-orthogonal recursion
// (max |z| > 10; measured 30.9): the check tells the kernels apart.
func TestSimulateAgainstTheory(t *testing.T) {
	q := []float64{0.5, 1, 2, 1.5, 0.7, 1.2}
	theta := []float64{0.2, 1.2, 0.6, 0.1, 0.9, 0.4}
	x := MAInput(q, theta, 128, rand.New(rand.NewPCG(1, 2)))
	var sims [2]SimResult
	var theo [2][][][]float64
	for i, init := range []Init{Gaussian, DeltaOrthogonal} {
		n := Net{Phi: activation.Tanh(), SigmaW2: 1.8, SigmaB2: 0.05, Taps: 3, Init: init}
		r, err := simulate(n, x, SimSettings{Layers: 6, Networks: 40}, rand.New(rand.NewPCG(3, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		th, err := n.Trajectory(r.Gram, 6)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v max z %.2f", init, maxZ(t, r, th))
		if z := maxZ(t, r, th); z > 4.5 {
			t.Errorf("%v: max |z| = %.2f over 6 layers, want ≤ 4.5", init, z)
		}
		sims[i], theo[i] = r, th
	}
	t.Logf("cross z %.2f", maxZ(t, sims[0], theo[1]))
	if z := maxZ(t, sims[0], theo[1]); z < 10 {
		t.Errorf("Gaussian-kernel simulation within %.2f SE of the delta-orthogonal recursion: the check cannot tell them apart", z)
	}
}

func TestSimulateDeterministic(t *testing.T) {
	n := Net{Phi: activation.ReLU(), SigmaW2: 2, SigmaB2: 0, Taps: 3}
	x := MAInput([]float64{1, 1, 1}, []float64{0, 0.5, 1}, 8, rand.New(rand.NewPCG(1, 1)))
	a, _ := simulate(n, x, SimSettings{Layers: 2, Networks: 2}, rand.New(rand.NewPCG(4, 4)))
	b, _ := simulate(n, x, SimSettings{Layers: 2, Networks: 2}, rand.New(rand.NewPCG(4, 4)))
	if a.Mean[1][0][1] != b.Mean[1][0][1] {
		t.Fatal("same seed, different result")
	}
	if _, err := (SimSettings{Layers: 2, Networks: 1}).Run(n, x); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "SimSettings.Networks = 1") {
		t.Errorf("Networks = 1: %v, want ErrParam naming it", err)
	}
	if _, err := (SimSettings{Layers: 0, Networks: 2}).Run(n, x); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "SimSettings.Layers = 0") {
		t.Errorf("Layers = 0: %v, want ErrParam naming it", err)
	}
}

func TestMaxZRefusesZeroSE(t *testing.T) {
	r := SimResult{Mean: [][][]float64{{{1}}}, SE: [][][]float64{{{0}}}, Gram: [][]float64{{1}}}
	if z, err := r.MaxZ([][][]float64{{{1}}}); err == nil || !math.IsNaN(z) {
		t.Errorf("zero SE: z = %v, err %v", z, err)
	}
	if r.Entries() != 1 {
		t.Errorf("Entries = %d", r.Entries())
	}
}

func TestLagCorr(t *testing.T) {
	s := [][]float64{{1, 0.5, 0.2}, {0.5, 4, 1}, {0.2, 1, 1}}
	got := LagCorr([][][]float64{s}, 2, 1) // (2, 0) circularly
	if math.Abs(got[0]-0.2) > 1e-15 {
		t.Errorf("LagCorr = %v, want 0.2", got)
	}
}

// SimSettings.Run is simulate with the generator empirical.Rand(Seed,
// Stream), as notebook 04 called it positionally, and records the seed.
func TestSimSettingsRun(t *testing.T) {
	n, x := Net{Phi: activation.Tanh(), SigmaW2: 1.5, SigmaB2: 0.05, Taps: 3, Init: DeltaOrthogonal}, MAInput([]float64{1, 1.2, 0.8, 1, 1.1}, []float64{0.1, 0.3, 0.2, 0.4, 0.1}, 8, rand.New(rand.NewPCG(1, 2)))
	s := SimSettings{Layers: 2, Networks: 3, Seed: 131, Stream: 5}
	got, err := s.Run(n, x)
	if err != nil {
		t.Fatal(err)
	}
	want, err := simulate(n, x, s, empirical.Rand(131, 5))
	// (Net holds functions, which reflect.DeepEqual never finds equal.)
	if err != nil || !reflect.DeepEqual(got.Mean, want.Mean) || !reflect.DeepEqual(got.SE, want.SE) || !reflect.DeepEqual(got.Gram, want.Gram) || got.Settings != want.Settings || got.Settings.Seed != 131 || got.Settings.Stream != 5 {
		t.Errorf("Run = %+v, Simulate %+v (%v)", got, want, err)
	}
	if _, err := (SimSettings{Layers: 2, Networks: 1}).Run(n, x); err == nil {
		t.Error("Run with one network: no error")
	}
}
