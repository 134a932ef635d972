package spectrumshow

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/cnn"
	"github.com/sigprop/sigprop/lib/papers"
)

// cov returns L layers of p×p covariances filled by f(ℓ, α, α′).
func cov(L, p int, f func(l, a, b int) float64) [][][]float64 {
	out := make([][][]float64, L)
	for l := range out {
		out[l] = make([][]float64, p)
		for a := range out[l] {
			out[l][a] = make([]float64, p)
			for b := range out[l][a] {
				out[l][a][b] = f(l, a, b)
			}
		}
	}
	return out
}

// A made-up simulation off the recursion by 3 SE at one entry: the check
// reads 3 over L·p(p+1)/2 entries, the caption and Params are the
// simulation's settings (the seed the run records); a zero SE turns into a failing NaN with a note.
func TestCNNRecursion(t *testing.T) {
	const L, p = 2, 5
	th := cov(L, p, func(l, a, b int) float64 { return 1/(1+math.Abs(float64(a-b))) + 0.1*float64(l) })
	mean := cov(L, p, func(l, a, b int) float64 { return th[l][a][b] })
	mean[1][1][3] += 0.3
	sim := cnn.SimResult{Net: cnn.Net{Phi: activation.Tanh(), SigmaW2: 1.5, SigmaB2: 0.05, Taps: 3, Init: cnn.DeltaOrthogonal},
		Settings: cnn.SimSettings{Layers: L, Networks: 4, Seed: 7}, Channels: 8, Gram: th[0], Mean: mean, SE: cov(L, p, func(int, int, int) float64 { return 0.1 })}
	v := CNNRecursion(show.Figure{ID: "cnn-delta-orthogonal"}, sim, th)
	f := v.Figures()[0]
	want := map[string]float64{"sigma_w2": 1.5, "sigma_b2": 0.05, "channels": 8, "positions": p, "taps": 3, "networks": 4}
	if fmt.Sprint(f.Params) != fmt.Sprint(want) || f.Seed == nil || *f.Seed != 7 || len(f.Series) != 8 || len(f.Series[0].X) != L ||
		!strings.Contains(f.Caption, "delta-orthogonal kernel, tanh at the edge of chaos") || !strings.Contains(f.Caption, "vs 4 CNNs of 8 channels") {
		t.Errorf("figure: %+v", f)
	}
	a := v.Agreements()[0]
	if math.Abs(a.Value-3) > 1e-9 || a.Note != "" || a.Figure != f.ID || !strings.HasPrefix(a.Basis, "max over 30 entries (α ≤ α′, 2 layers); SE from 4 networks, the network the unit (t with 3 dof") || a.Paper != papers.TannerCNN.Text || !a.Central ||
		a.Name != "CNN covariance recursion, delta-orthogonal kernel: max |z| of Σ̂^ℓ_αα′" {
		t.Errorf("check: %+v", a)
	}
	sim.SE[0][2][2] = 0
	if a := CNNRecursion(show.Figure{ID: "cnn-x"}, sim, th).Agreements()[0]; !math.IsNaN(a.Value) || a.Note == "" {
		t.Errorf("zero SE: value %v, note %q", a.Value, a.Note)
	}
}

// A CNN figure claims its paper figure only at CNNNetworks networks of
// CNNChannels channels and CNNLayers layers; at other sizes it claims
// nothing and its caption says so.
func TestCNNRecursionClaim(t *testing.T) {
	const p = 5
	th := cov(CNNLayers, p, func(l, a, b int) float64 { return 1 / (1 + math.Abs(float64(a-b))) })
	claim := []string{"tanner-cnn-fig"}
	for _, tc := range []struct {
		nets, channels, layers int
		paper                  bool
	}{{CNNNetworks, CNNChannels, CNNLayers, true}, {CNNNetworks / 2, CNNChannels, CNNLayers, false}, {CNNNetworks, CNNChannels / 2, CNNLayers, false}, {CNNNetworks, CNNChannels, CNNLayers - 1, false}} {
		sim := cnn.SimResult{Net: cnn.Net{Phi: activation.Tanh(), SigmaW2: 1.5, SigmaB2: 0.05, Taps: 3, Init: cnn.Gaussian},
			Settings: cnn.SimSettings{Layers: tc.layers, Networks: tc.nets, Seed: 7}, Channels: tc.channels, Gram: th[0], Mean: th, SE: cov(CNNLayers, p, func(int, int, int) float64 { return 0.1 })}
		f := CNNRecursion(show.Figure{ID: "cnn-gaussian", Paper: claim}, sim, th).Figures()[0]
		if claims := len(f.Paper) > 0; claims != tc.paper || strings.HasSuffix(f.Caption, show.YourSettings) == tc.paper {
			t.Errorf("%d networks, %d channels, %d layers: claims %v, caption %q; want a claim %v", tc.nets, tc.channels, tc.layers, f.Paper, f.Caption, tc.paper)
		}
	}
}
