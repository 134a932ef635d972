package randmlp

import (
	"errors"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/finitewidth"
)

// TestKernelStatsAgainstFiniteWidth: KernelStats of tanh networks at
// σ_w² = 1.5, σ_b² = 0.05, width 32, depth 6, q⁰ = 1, 3000 networks,
// against lib/finitewidth's O(1/n) variance and mean shift: |z| ≤ 4 at
// every layer (12 comparisons; at ℓ/n ≤ 0.19 the O(1/n²) remainder is
// below the SE, lib/sources/finitewidth.md#table); K is the q-map's
// (1e-12 against finitewidth's K); the variance without V (2K²/n) is
// rejected, |z| ≥ 6 at some layer. Bad arguments wrap ErrParam.
func TestKernelStatsAgainstFiniteWidth(t *testing.T) {
	tanh, err := activation.ByName("tanh")
	if err != nil {
		t.Fatal(err)
	}
	const n, depth, nets, q0 = 32, 6, 3000, 1.0
	m := MLP{Width: n, Depth: depth, Phi: tanh, SigmaW2: 1.5, SigmaB2: 0.05}
	ks, err := m.KernelStats(nets, q0, empirical.Rand(11, 0))
	if err != nil {
		t.Fatal(err)
	}
	ls, err := finitewidth.Settings{Phi: tanh, SigmaW2: 1.5, SigmaB2: 0.05, Q0: q0, Depth: depth}.Layers()
	if err != nil {
		t.Fatal(err)
	}
	worstNoV := 0.0
	for l := range depth {
		L := ls[l]
		if math.Abs(ks.K[l]-L.K) > 1e-12*L.K {
			t.Errorf("ℓ = %d: K %.15g, finitewidth %.15g", l+1, ks.K[l], L.K)
		}
		zv := (ks.Var[l] - L.Var(n)) / ks.VarSE[l]
		zs := (ks.Shift[l] - L.MeanShift(n)) / ks.MeanSE[l]
		worstNoV = math.Max(worstNoV, math.Abs(ks.Var[l]-2*L.K*L.K/n)/ks.VarSE[l])
		t.Logf("ℓ = %d: Var %.5g ± %.2g vs %.5g (z %.2f); shift %.4g ± %.2g vs %.4g (z %.2f)", l+1, ks.Var[l], ks.VarSE[l], L.Var(n), zv, ks.Shift[l], ks.MeanSE[l], L.MeanShift(n), zs)
		if math.Abs(zv) > 4 || math.Abs(zs) > 4 {
			t.Errorf("ℓ = %d: variance z %.2f, shift z %.2f", l+1, zv, zs)
		}
	}
	if worstNoV < 6 {
		t.Errorf("the comparison cannot tell V dropped: max |z| %.1f", worstNoV)
	}
	for _, bad := range []struct {
		nets int
		q0   float64
	}{{1, 1}, {10, -1}, {10, math.Inf(1)}} {
		if _, err := m.KernelStats(bad.nets, bad.q0, empirical.Rand(1, 0)); !errors.Is(err, ErrParam) {
			t.Errorf("KernelStats(%d, %v): error %v, want ErrParam", bad.nets, bad.q0, err)
		}
	}
}
