package cnn

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/papers"
)

// fake is a simulation whose mean is n's own recursion from the input Gram
// matrix gram (SE 0.1 everywhere), at nets networks, channels and L layers.
func fake(t *testing.T, n Net, gram [][]float64, nets, channels, L int) SimResult {
	t.Helper()
	th, err := n.Trajectory(gram, L)
	if err != nil {
		t.Fatal(err)
	}
	mean, se := make([][][]float64, L), make([][][]float64, L)
	for l := range th {
		for a := range th[l] {
			mean[l] = append(mean[l], append([]float64(nil), th[l][a]...))
			row := make([]float64, len(th[l][a]))
			for b := range row {
				row[b] = 0.1
			}
			se[l] = append(se[l], row)
		}
	}
	return SimResult{Net: n, Settings: SimSettings{Layers: L, Networks: nets, Seed: 7}, Channels: channels, Gram: gram, Mean: mean, SE: se}
}

// TestCurves: a made-up simulation equal to its recursion but 3 SE off at
// one entry reads max |z| = 3 over L·p(p+1)/2 entries; the lines are the
// neighbour correlations of the recursion and of the simulation (equal
// where the simulation is); a zero SE turns the check into a failing NaN
// with a note; the figure claims its paper figure only at Fig1Networks,
// Fig1Channels and Fig1Layers.
func TestCurves(t *testing.T) {
	const p = 5
	gram := make([][]float64, p)
	for a := range gram {
		gram[a] = make([]float64, p)
		for b := range gram[a] {
			gram[a][b] = 1 / (1 + math.Abs(float64(a-b))) * (1 + 0.1*float64(a+b))
		}
	}
	n := Net{Phi: activation.Tanh(), SigmaW2: 1.5, SigmaB2: 0.05, Taps: 3, Init: DeltaOrthogonal}
	r := fake(t, n, gram, 4, 8, 2)
	r.Mean[1][1][3] += 0.3
	c, err := r.Curves()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"sigma_w2": 1.5, "sigma_b2": 0.05, "channels": 8, "positions": p, "taps": 3, "networks": 4}
	if err := c.Wellformed(); err != nil || fmt.Sprint(c.Record.Params) != fmt.Sprint(want) || c.Record.Seed != 7 || len(c.Lines) != 2*CorrLags || len(c.Lines[0].X) != 2 ||
		!strings.Contains(c.Caption, "delta-orthogonal kernel, tanh at the edge of chaos") || !strings.Contains(c.Caption, "vs 4 CNNs of 8 channels") || c.Record.AtPaper {
		t.Fatalf("curves %+v, %v", c, err)
	}
	if th, sim := c.Lines[2], c.Lines[3]; th.Y[0] != sim.Y[0] || th.Y[0] != Corr(r.Mean[0], 1, 2) {
		t.Errorf("ρ(1,2) at layer 1: recursion %v, CNN %v", th.Y[0], sim.Y[0])
	}
	k := c.Checks[0]
	if math.Abs(k.Value-3) > 1e-9 || k.Note != "" || !strings.HasPrefix(k.Basis, "max over 30 entries (α ≤ α′, 2 layers); SE from 4 networks, the network the unit (t with 3 dof") || k.Statement != papers.TannerCNN || !k.Central ||
		k.Name != "CNN covariance recursion, delta-orthogonal kernel: max |z| of Σ̂^ℓ_αα′" {
		t.Errorf("check %+v", k)
	}
	r.SE[0][2][2] = 0
	if c, _ := r.Curves(); !math.IsNaN(c.Checks[0].Value) || c.Checks[0].Note == "" {
		t.Errorf("zero SE: value %v, note %q", c.Checks[0].Value, c.Checks[0].Note)
	}
	for _, tc := range []struct {
		nets, channels, layers int
		paper                  bool
	}{{Fig1Networks, Fig1Channels, Fig1Layers, true}, {Fig1Networks / 2, Fig1Channels, Fig1Layers, false}, {Fig1Networks, Fig1Channels / 2, Fig1Layers, false}, {Fig1Networks, Fig1Channels, Fig1Layers - 1, false}} {
		c, err := fake(t, n, gram, tc.nets, tc.channels, tc.layers).Curves()
		if err != nil || c.Record.AtPaper != tc.paper {
			t.Errorf("%d networks, %d channels, %d layers: at paper %v, want %v (%v)", tc.nets, tc.channels, tc.layers, c.Record.AtPaper, tc.paper, err)
		}
	}
}
