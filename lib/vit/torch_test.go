package vit

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/sigprop/sigprop/lib/dense"
)

// TestMatchesPyTorch loads the parameters, inputs, loss and gradients of
// a tiny model built independently in PyTorch (testdata/torch_ref.py:
// unfold patches, nn.functional.layer_norm, cross_entropy, autograd) into
// a Model and compares. This checks the architecture itself (patch order,
// class token, LayerNorm, head), which the finite-difference test cannot.
// Both are float64 evaluations of the same expression in different
// orders, so they agree to ~1e-14; tolerance 1e-11 relative.
func TestMatchesPyTorch(t *testing.T) {
	b, err := os.ReadFile("testdata/torch_ref.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Config Config
		X      []float64
		Labels []int
		Loss   float64
		Params map[string][]float64
		Grads  map[string][]float64
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	forEachPath(t, func(t *testing.T) {
		checkAgainstTorch(t, ref.Config, ref.X, ref.Labels, ref.Loss, ref.Params, ref.Grads)
	})
}

// forEachPath runs f on each path of lib/dense this CPU runs (portable,
// AVX2, AVX512), as subtests named for the path.
func forEachPath(t *testing.T, f func(t *testing.T)) {
	for _, p := range dense.Paths() {
		t.Run(p.String(), func(t *testing.T) {
			defer dense.SetPath(dense.SetPath(p))
			f(t)
		})
	}
}

func checkAgainstTorch(t *testing.T, cfg Config, x []float64, labels []int, refLoss float64, params, grads map[string][]float64) {
	m := New(cfg, rand.New(rand.NewPCG(1, 1)))
	for _, tn := range m.Tensors() {
		v, ok := params[tn.Name]
		if !ok || len(v) != len(tn.Value) {
			t.Fatalf("tensor %s: reference has %d values, model %d", tn.Name, len(v), len(tn.Value))
		}
		copy(tn.Value, v)
	}
	if len(params) != len(m.Tensors()) {
		t.Fatalf("reference has %d tensors, model %d", len(params), len(m.Tensors()))
	}
	loss, _, err := m.LossGrad(x, labels)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(loss-refLoss) > 1e-11*math.Abs(refLoss) {
		t.Errorf("loss %.17g, torch %.17g", loss, refLoss)
	}
	for _, tn := range m.Tensors() {
		g := grads[tn.Name]
		var num, den float64
		for i, v := range g {
			num += (tn.Grad[i] - v) * (tn.Grad[i] - v)
			den += v * v
		}
		if math.Sqrt(num) > 1e-11*math.Sqrt(den) {
			t.Errorf("%s: |g − torch| = %.3g, |torch| = %.3g", tn.Name, math.Sqrt(num), math.Sqrt(den))
		}
	}
}
