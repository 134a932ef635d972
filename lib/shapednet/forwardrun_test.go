package shapednet

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
)

// ForwardRun's network i is Forward with NetRand(seed, i) (same bits),
// and its statistics do not depend on workers.
func TestForwardRunIsForward(t *testing.T) {
	c := Shaped(16, 5, 0.5)
	v0 := EquiCorr(3, 0.2)
	r, err := ForwardRun(c, v0, 4, 9, 1)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := ForwardRun(c, v0, 4, 9, 3)
	if err != nil {
		t.Fatal(err)
	}
	rng := NetRand(9, 2)
	vs, err := Forward(c, Input(v0, 16, rng), rng)
	if err != nil {
		t.Fatal(err)
	}
	for a := 0; a < 3; a++ {
		for b := 0; b < 3; b++ {
			if got := r.Final[2*9+a*3+b]; got != vs[5].At(a, b) {
				t.Errorf("Final[2][%d,%d] = %v, Forward gives %v", a, b, got, vs[5].At(a, b))
			}
		}
	}
	for l := range r.MeanCorr {
		if r.MeanCorr[l] != r2.MeanCorr[l] || r.MeanAbsCov[l] != r2.MeanAbsCov[l] {
			t.Fatalf("layer %d: statistics depend on workers", l)
		}
	}
	if r.MeanCorr[0] != 0.2 && math.Abs(r.MeanCorr[0]-0.2) > 1e-12 {
		t.Errorf("MeanCorr[0] = %v, want ρ₀ = 0.2 (Input reproduces V0 exactly)", r.MeanCorr[0])
	}
}

// The forward pass and the reduced chain have the same law (lib/sources/noci2023.md#reduced-chain):
// the mean final correlation of 400 forward networks and 4000 chain
// networks agree within 4 combined SE (PreRMS, which the chain handles
// exactly, at width 32 and depth 8).
func TestForwardRunMatchesChain(t *testing.T) {
	if testing.Short() {
		t.Skip("400 full forward passes")
	}
	c := PreLN(32, 8, block.PreRMS)
	v0 := EquiCorr(2, 0.2)
	f, err := ForwardRun(c, v0, 400, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Simulate(c, v0, 4000, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	mf, sf := empirical.MeanSE(f.FinalCorr(0, 1))
	ms, ss := empirical.MeanSE(s.FinalCorr(0, 1))
	if math.Abs(mf-ms) > 4*math.Hypot(sf, ss) {
		t.Errorf("mean ρ_d: forward %v ± %v, chain %v ± %v", mf, sf, ms, ss)
	}
}

func TestForwardRunErrors(t *testing.T) {
	if _, err := ForwardRun(Shaped(16, 2, 0.5), EquiCorr(2, 0.2), 0, 1, 1); err == nil {
		t.Error("nets = 0: no error")
	}
	if _, err := ForwardRun(Shaped(2, 2, 0.5), EquiCorr(3, 0.2), 1, 1, 1); err == nil {
		t.Error("Width < m: no error")
	}
}
