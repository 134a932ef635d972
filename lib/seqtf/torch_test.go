package seqtf

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// TestMatchesPyTorch loads the parameters, tokens, loss and gradients of a
// tiny model built from PyTorch's own modules (testdata/torch_ref.py:
// nn.Embedding, nn.TransformerEncoderLayer with norm_first = False, one
// head, ReLU, no dropout; nn.Linear head; cross_entropy; autograd; all
// float64) and compares: a POST-LN model without a mask (torch_ref.json)
// and a PRE-LN one (norm_first = True) under a causal mask
// (torch_ref_pre_causal.json). This checks the architecture (post-LN order,
// attention scaling, biases, LayerNorm ε, sinusoidal positions), which the
// finite-difference test cannot. Both are float64 evaluations of the same
// expression in different orders, agreeing to ~1e-15; tolerance 1e-11
// relative (plus 1e-15 absolute, for the key bias's zero gradient).
// PyTorch has no α: the reference is α₁ = α₂ = 1, and the α
// tensors, absent from it, are the only ones not compared.
func TestMatchesPyTorch(t *testing.T) {
	for _, file := range []string{"testdata/torch_ref.json", "testdata/torch_ref_pre_causal.json"} {
		t.Run(file, func(t *testing.T) { matchTorch(t, file) })
	}
}

func matchTorch(t *testing.T, file string) {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Config         Config
		Tokens, Target []int
		Loss           float64
		Params, Grads  map[string][]float64
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	m := New(ref.Config, rand.New(rand.NewPCG(1, 1)))
	compared := 0
	for _, tn := range m.Tensors() {
		v, ok := ref.Params[tn.Name]
		if strings.Contains(tn.Name, "alpha") {
			if ok {
				t.Fatalf("the reference has %s", tn.Name)
			}
			continue
		}
		if !ok || len(v) != len(tn.Value) {
			t.Fatalf("tensor %s: reference has %d values, model %d", tn.Name, len(v), len(tn.Value))
		}
		copy(tn.Value, v)
		compared++
	}
	if compared != len(ref.Params) {
		t.Fatalf("reference has %d tensors, model compares %d", len(ref.Params), compared)
	}
	loss, _, err := m.LossGrad(ref.Tokens, ref.Target)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(loss-ref.Loss) > 1e-11*math.Abs(ref.Loss) {
		t.Errorf("loss %.17g, torch %.17g", loss, ref.Loss)
	}
	for _, tn := range m.Tensors() {
		g, ok := ref.Grads[tn.Name]
		if !ok {
			continue
		}
		var num, den float64
		for i, v := range g {
			num += (tn.Grad[i] - v) * (tn.Grad[i] - v)
			den += v * v
		}
		// The key bias's gradient is zero in exact arithmetic (it adds
		// q_i·b_K to every logit of row i, which the softmax ignores), so
		// both sides hold rounding noise of ~1e-17: an absolute floor of
		// 1e-15 for it.
		if math.Sqrt(num) > 1e-11*math.Sqrt(den)+1e-15 {
			t.Errorf("%s: |g − torch| = %.3g, |torch| = %.3g", tn.Name, math.Sqrt(num), math.Sqrt(den))
		}
	}
}
