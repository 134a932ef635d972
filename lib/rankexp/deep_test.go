package rankexp

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
)

// TestFeedForwardPlacements: six runs per feed-forward (3 placements × 2
// scalings), and at n = 20, d = 16, L = 6, 40 draws ReLU's last-layer
// cosine exceeds linear's by > 4 SE in every one (the paper's claim, App.
// B.1; at the notebook's sizes it holds by 5–37 SE in a pilot).
func TestFeedForwardPlacements(t *testing.T) {
	f, err := Sizes{N: 20, D: 16, L: 6, Draws: 40, Seed: 1, Stream: 2}.FeedForwardPlacements()
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Runs) != 3 || f.Runs[1].Norm != block.PostLN {
		t.Fatalf("runs %d, second %v", len(f.Runs), f.Runs[1].Norm)
	}
	z := f.ReLUExcessZ()
	if len(z) != 6 {
		t.Fatalf("%d z-scores", len(z))
	}
	for i, v := range z {
		if !(v > 4) {
			t.Errorf("run %d: ReLU excess z = %.2f, want > 4", i, v)
		}
	}
}

// TestSoftmaxDepths: the scaled runs at L/2 and L and the unscaled run at
// L carry the uniform-attention theory of their own depth and scaling;
// without the scaling the tokens collapse far more (mean cosine > 0.5 at
// L = 16; measured 0.73, where uniform attention's Lemma 3.2 gives 0.9997:
// softmax slows the collapse at these sizes) than with it (< 0.3;
// measured 0.11), and LastZ is antisymmetric.
func TestSoftmaxDepths(t *testing.T) {
	r, err := Sizes{N: 20, D: 16, L: 16, Draws: 30, Seed: 3, Stream: 4}.SoftmaxDepths()
	if err != nil {
		t.Fatal(err)
	}
	if len(r) != 3 || r[0].L != 8 || r[1].L != 16 || !r[1].Scaled || r[2].Scaled {
		t.Fatalf("runs %+v", []any{len(r), r[0].L, r[1].L, r[1].Scaled, r[2].Scaled})
	}
	if len(r[0].Rho) != 9 || len(r[2].SqNorm) != 17 {
		t.Fatalf("theory lengths %d, %d", len(r[0].Rho), len(r[2].SqNorm))
	}
	t.Logf("mean cosines: scaled %.3f, unscaled %.3f; rho %.3f, %.3f", r[1].Sim.MeanCos[16], r[2].Sim.MeanCos[16], r[1].Sim.Rho[16], r[2].Sim.Rho[16])
	if c := r[2].Sim.MeanCos[16]; c < 0.5 {
		t.Errorf("unscaled L = 16: mean cosine %.3f, want collapse > 0.5", c)
	}
	if c := r[1].Sim.MeanCos[16]; c > 0.3 {
		t.Errorf("scaled L = 16: mean cosine %.3f, want < 0.3", c)
	}
	a1, b1 := LastZ(r[0], r[1])
	a2, b2 := LastZ(r[1], r[0])
	if math.Abs(a1+a2) > 1e-12 || math.Abs(b1+b2) > 1e-12 {
		t.Errorf("LastZ not antisymmetric: %g %g, %g %g", a1, a2, b1, b2)
	}
}
