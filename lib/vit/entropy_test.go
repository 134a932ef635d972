package vit

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAttentionEntropyUniform: with Q = 0 every logit is 0 and the
// softmax is uniform, so the entropy is ln n (closed form), and with the
// causal mask row i is uniform over i+1 tokens: mean over rows of
// ln(i+1). A generic model lies strictly between 0 and ln n.
func TestAttentionEntropyUniform(t *testing.T) {
	for _, causal := range []bool{false, true} {
		cfg := tinyConfig(0.6, 1.5, 2)
		cfg.Causal = causal
		rng := rand.New(rand.NewPCG(1, 2))
		m := New(cfg, rng)
		x, y := randomBatch(cfg, 3, rng)
		if _, _, err := m.Loss(x, y); err != nil {
			t.Fatal(err)
		}
		n := float64(m.n)
		if h := m.AttentionEntropy(1); !(h > 0 && h < math.Log(n)) {
			t.Errorf("causal %v: generic entropy %v outside (0, ln n)", causal, h)
		}
		for _, tn := range m.Tensors() {
			if tn.Name == "block1.Q" {
				clear(tn.Value)
			}
		}
		if _, _, err := m.Loss(x, y); err != nil {
			t.Fatal(err)
		}
		want := math.Log(n)
		if causal {
			want = 0
			for i := 1; i <= m.n; i++ {
				want += math.Log(float64(i)) / n
			}
		}
		if h := m.AttentionEntropy(1); math.Abs(h-want) > 1e-14 {
			t.Errorf("causal %v: uniform entropy %v, want %v", causal, h, want)
		}
	}
}
