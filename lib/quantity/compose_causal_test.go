package quantity

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/compose"
)

// compose.trajectory and compose.rho_depth accept a causal softmax block
// (they refused it before the Gram map covered softmax at σ_A² > 0): the
// default block with causal = true and sigma_a2 = 2, n = 6, depth 5. Their
// q, p and rho are the means over tokens and pairs of
// compose.Block.GramTrajectory from the equicorrelated start, averaged
// here by hand (1e-12 relative); corr[l][i*n+j] is each pair's
// correlation, rho0 at the start; rho_depth is the last rho.
func TestComposeCausalTrajectory(t *testing.T) {
	args := map[string]string{"causal": "true", "sigma_a2": "2", "n": "6", "depth": "5", "rho0": "0.3"}
	got, err := evalNamed(t, "compose.trajectory", args)
	if err != nil {
		t.Fatal(err)
	}
	out := got.(map[string]any)
	b := compose.DefaultBlock()
	b.N, b.Depth, b.Attn.SigmaA2, b.Attn.Causal = 6, 5, 2, true
	d := float64(b.D)
	k0 := mat.NewSymDense(6, nil)
	for i := 0; i < 6; i++ {
		for j := i; j < 6; j++ {
			k0.SetSym(i, j, map[bool]float64{true: d, false: 0.3 * d}[i == j])
		}
	}
	tr, err := b.GramTrajectory(k0)
	if err != nil {
		t.Fatal(err)
	}
	rho, corr := out["rho"].([]float64), out["corr"].([][]float64)
	if len(rho) != 6 || len(corr) != 6 {
		t.Fatalf("rho %d layers, corr %d, want 6", len(rho), len(corr))
	}
	for l, k := range tr {
		var q, p float64
		for i := 0; i < 6; i++ {
			q += k.At(i, i) / 6
			for j := 0; j < 6; j++ {
				if j != i {
					p += k.At(i, j) / 30
				}
			}
		}
		if math.Abs(rho[l]-p/q) > 1e-12*math.Abs(p/q) || math.Abs(out["q"].([]float64)[l]-q) > 1e-12*q {
			t.Errorf("layer %d: rho %v, q %v; by hand %v, %v", l, rho[l], out["q"].([]float64)[l], p/q, q)
		}
		if c := corr[l][1*6+4]; math.Abs(c-k.At(1, 4)/math.Sqrt(k.At(1, 1)*k.At(4, 4))) > 1e-12 {
			t.Errorf("layer %d: corr(1, 4) %v", l, c)
		}
	}
	if math.Abs(corr[0][2]-0.3) > 1e-15 {
		t.Errorf("start corr(0, 2) %v, want 0.3", corr[0][2])
	}
	last, err := evalNamed(t, "compose.rho_depth", args)
	if err != nil || last.(float64) != rho[5] {
		t.Errorf("compose.rho_depth %v (%v), want the trajectory's last rho %v", last, err, rho[5])
	}
}

// compose.compare under a mask (n = 4, d = 8, depth 2, 8 networks, seed
// 3): the per-pair comparison has 6 pairs × 2 layers = 12 z's, its
// threshold is compose.FamilyWiseT(0.01, 12, 8), max_z_pairs is the max of
// |sim − theory|/SE recomputed here from its own outputs (1e-12).
func TestComposeCausalCompare(t *testing.T) {
	got, err := evalNamed(t, "compose.compare", map[string]string{"causal": "true", "sigma_a2": "2", "n": "4", "d": "8", "depth": "2", "nets": "8", "seed": "3"})
	if err != nil {
		t.Fatal(err)
	}
	out := got.(map[string]any)
	if out["tests"].(int) != 12 || out["threshold"].(float64) != compose.FamilyWiseT(0.01, 12, 8) {
		t.Errorf("tests %v, threshold %v; want 12, %v", out["tests"], out["threshold"], compose.FamilyWiseT(0.01, 12, 8))
	}
	th, sim, se := out["theory_corr"].([][]float64), out["sim_corr"].([][]float64), out["sim_corr_se"].([][]float64)
	mz := 0.0
	for l := 1; l <= 2; l++ {
		for i := 0; i < 4; i++ {
			for j := i + 1; j < 4; j++ {
				mz = math.Max(mz, math.Abs(sim[l][i*4+j]-th[l][i*4+j])/se[l][i*4+j])
			}
		}
	}
	if math.Abs(mz-out["max_z_pairs"].(float64)) > 1e-12*mz {
		t.Errorf("max_z_pairs %v, recomputed %v", out["max_z_pairs"], mz)
	}
}

// The exponents stay on the (q, p) theory: compose.lambda_a refuses a
// causal block with compose.ErrNoTheory; a causal Gram map past the work
// budget is refused naming n.
func TestComposeCausalRefusals(t *testing.T) {
	if _, err := evalNamed(t, "compose.lambda_a", map[string]string{"causal": "true"}); !errors.Is(err, compose.ErrNoTheory) {
		t.Errorf("compose.lambda_a causal: %v, want ErrNoTheory", err)
	}
	if _, err := evalNamed(t, "compose.rho_depth", map[string]string{"causal": "true", "n": "2000", "d": "64"}); err == nil || !strings.Contains(err.Error(), "parameter n = 2000") {
		t.Errorf("compose.rho_depth causal n = 2000: %v, want a work refusal naming n", err)
	}
}

// compose.lambda_g_trajectory is compose.Block.TrajectoryLambdaG of the
// block its parameters give (a causal uniform block, n = 6, depth 5, from
// rho0 = 0.3; 1e-12), and refuses softmax at sigma_a2 > 0 with
// compose.ErrNoGradientTheory.
func TestComposeLambdaGTrajectory(t *testing.T) {
	got, err := evalNamed(t, "compose.lambda_g_trajectory", map[string]string{"attn": "softmax", "sigma_a2": "0", "causal": "true", "n": "6", "depth": "5", "rho0": "0.3"})
	if err != nil {
		t.Fatal(err)
	}
	b := compose.DefaultBlock()
	b.N, b.Depth, b.Attn.SigmaA2, b.Attn.Causal = 6, 5, 0, true
	d := float64(b.D)
	k0 := mat.NewSymDense(6, nil)
	for i := 0; i < 6; i++ {
		for j := i; j < 6; j++ {
			k0.SetSym(i, j, map[bool]float64{true: d, false: 0.3 * d}[i == j])
		}
	}
	want, err := b.TrajectoryLambdaG(k0)
	if err != nil {
		t.Fatal(err)
	}
	if lg := got.(map[string]any)["lambda_g"].(float64); math.Abs(lg-want) > 1e-12*math.Abs(want) {
		t.Errorf("lambda_g %v, TrajectoryLambdaG %v", lg, want)
	}
	if _, err := evalNamed(t, "compose.lambda_g_trajectory", map[string]string{"attn": "softmax", "sigma_a2": "1"}); !errors.Is(err, compose.ErrNoGradientTheory) {
		t.Errorf("softmax at sigma_a2 = 1: %v, want ErrNoGradientTheory", err)
	}
}

// compose.compare under a mask refuses a run whose per-pair correlations
// (nets × (depth+1) × n² × 8 bytes) pass SimMemory, naming a parameter.
func TestComposeCausalCompareMemory(t *testing.T) {
	_, err := evalNamed(t, "compose.compare", map[string]string{"causal": "true", "phi": "relu", "n": "180", "d": "1", "depth": "24", "nets": "2000", "sigma_a2": "0"})
	if err == nil || !strings.Contains(err.Error(), "memory") {
		t.Errorf("nets = 2000, n = 180 causal: %v, want a memory refusal", err)
	}
}
