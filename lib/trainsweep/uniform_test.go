package trainsweep

import (
	"math"
	"testing"
)

// TestUniformLoss: the cross-entropy of the uniform guess, −Σ_c (1/C)
// ln(1/C) summed over the C = 10 classes of the sweep's model, is
// UniformLoss to rounding.
func TestUniformLoss(t *testing.T) {
	C := Settings{}.Model().Classes
	h := 0.0
	for range C {
		h -= math.Log(1/float64(C)) / float64(C)
	}
	if C != 10 || math.Abs(h-UniformLoss) > 1e-14 {
		t.Errorf("%d classes: uniform cross-entropy %.17g, UniformLoss %.17g", C, h, UniformLoss)
	}
}
