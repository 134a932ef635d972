package vit

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestUniformEntropy: with Q = 0 every row of block 1's softmax is
// uniform, and the model's own entropy sum −Σ_j S_ij ln S_ij over the row
// (AttentionEntropy, another computation) is Config.UniformEntropy to
// rounding.
func TestUniformEntropy(t *testing.T) {
	cfg := tinyConfig(0.6, 1.5, 2)
	rng := rand.New(rand.NewPCG(3, 4))
	m := New(cfg, rng)
	for _, tn := range m.Tensors() {
		if tn.Name == "block1.Q" {
			clear(tn.Value)
		}
	}
	x, y := randomBatch(cfg, 2, rng)
	if _, _, err := m.Loss(x, y); err != nil {
		t.Fatal(err)
	}
	if h, want := m.AttentionEntropy(1), cfg.UniformEntropy(); math.Abs(h-want) > 1e-14 {
		t.Errorf("uniform attention: entropy %.17g, UniformEntropy %.17g", h, want)
	}
}
