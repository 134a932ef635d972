package rankexp

import (
	"errors"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// The paper's uniform-attention linear block handed over as a
// compose.Block: compose's ρ^ℓ is Lemma 3.2's (rankcollapse.RhoProfile,
// an independent closed form; 1e-12), and the simulation agrees with it:
// 200 networks (the unit of the SE), n = 10, d = 32, L = 8 under 1/√L from
// ρ₀ = 0.2, max |z| over the 8 layers below 4 (a false alarm under the
// null has probability < 1e-3).
func TestBlockDepthIsLemma32(t *testing.T) {
	const n, d, L = 10, 32, 8
	s := BlockDepth{Block: compose.Noci2022(n, d, L, 1, 1, compose.InvSqrtDepth, compose.NoNorm), Rho0: 0.2, Draws: 200, Seed: 40, Stream: 3}
	r, err := s.Run()
	if err != nil {
		t.Fatal(err)
	}
	want, err := rankcollapse.RhoProfile(n, 0.2, 1/float64(L), L)
	if err != nil {
		t.Fatal(err)
	}
	for l := range want {
		if math.Abs(r.Rho[l]-want[l]) > 1e-12 {
			t.Errorf("layer %d: compose ρ = %v, Lemma 3.2 %v", l, r.Rho[l], want[l])
		}
	}
	t.Logf("max |z| of the simulated ρ against compose's: %.2f", r.Z)
	if r.Z > 4 {
		t.Errorf("simulated ρ against the theory: max |z| = %.2f", r.Z)
	}
	if cfg, _ := rankblock.FromBlock(s.Block); r.Config != cfg || r.Sim.Draws != 200 || len(r.Sim.Rho) != L+1 {
		t.Errorf("ran %+v with %d draws, %d layers", r.Config, r.Sim.Draws, len(r.Sim.Rho))
	}
}

// Settings out of range and blocks rankblock cannot run are errors naming
// the field.
func TestBlockDepthErrors(t *testing.T) {
	good := BlockDepth{Block: compose.Noci2022(4, 8, 2, 1, 1, compose.Const, compose.NoNorm), Draws: 4}
	causal := good
	causal.Block = compose.Noci2022Softmax(4, 8, 2, 1, 1, compose.Const, compose.NoNorm, 1)
	causal.Block.Attn.Causal = true
	draws, rho, n := good, good, good
	draws.Draws = 1
	rho.Rho0 = 1
	n.Block.N = 1
	for _, c := range []struct {
		s     BlockDepth
		field string
		is    error
	}{{draws, "BlockDepth.Draws", ErrParam}, {rho, "BlockDepth.Rho0", ErrParam}, {causal, "causal", rankblock.ErrParam}, {n, "n", compose.ErrParam}} {
		_, err := c.s.Run()
		var f interface{ Field() string }
		if !errors.Is(err, c.is) || !errors.As(err, &f) || f.Field() != c.field {
			t.Errorf("%s: err = %v, want %v naming it", c.field, err, c.is)
		}
	}
	if _, err := good.Run(); err != nil {
		t.Errorf("good settings: %v", err)
	}
}
