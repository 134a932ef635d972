package compose

import (
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/lib/activation"
)

// TestTrajectoryQuadratureBound: a no-norm block started where its
// feed-forward's Gaussian integrals would take hours is refused at once,
// saying why (issue 36: compose.rho_depth norm=none no_attention=true
// depth=1 q0=1e8 ran forever); a closed-form φ (ReLU) at the same start
// is evaluated, and a start within the bound too.
func TestTrajectoryQuadratureBound(t *testing.T) {
	b := DefaultBlock()
	b.Norm, b.NoAttention, b.Depth = NoNorm, true, 1
	t0 := time.Now()
	_, err := b.Trajectory(1e8, 0.3e8)
	if err == nil || !strings.Contains(err.Error(), "MaxQuadratureVariance") {
		t.Errorf("q0 = 1e8, tanh: %v, want the quadrature bound", err)
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Errorf("refused after %v", d)
	}
	b.FF.Act = activation.ReLU()
	if _, err := b.Trajectory(1e8, 0.3e8); err != nil {
		t.Errorf("q0 = 1e8, ReLU (closed form): %v", err)
	}
	b.FF.Act = activation.Tanh()
	if _, err := b.Trajectory(640, 0.3*640); err != nil { // σ_w² q/d = 10
		t.Errorf("q0 = 640, tanh: %v", err)
	}
}
