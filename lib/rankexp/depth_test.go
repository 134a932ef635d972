package rankexp

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// Fig. 8's setting is the theory's own (uniform attention, linear FF, no
// LN), so the ratio-of-means ρ̂ and the mean ‖X^ℓ‖² agree with Lemmas
// 3.2–3.3 within 5 SE (300 networks, n = 8, d = 8, L = 3); the scaled run
// is run 1 of the seed.
func TestPropagation(t *testing.T) {
	const n, d, L, draws = 8, 8, 3, 300
	runs, err := Sizes{N: n, D: d, L: L, Draws: draws, Seed: 5, Stream: 11}.Propagation()
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range runs {
		a1sq := []float64{1, 1.0 / L}[i]
		rho, _ := rankcollapse.RhoProfile(n, 0, a1sq, L)
		norm, _ := rankcollapse.NormProfile(n, n*d, n*d, a1sq, a1sq, L)
		if r.Scaled != (i == 1) || r.A1Sq != a1sq || r.N != n || r.D != d || !reflect.DeepEqual(r.Rho, rho) || !reflect.DeepEqual(r.SqNorm, norm) {
			t.Fatalf("run %d: %+v", i, r)
		}
		if z, err := empirical.MaxZ(r.Sim.Rho, r.Sim.RhoSE, r.Rho); err != nil || !(z <= 5) {
			t.Errorf("run %d: ρ̂ max |z| = %g", i, z)
		}
		if z, err := empirical.MaxZ(r.Sim.SqNorm, r.Sim.SqNormSE, r.SqNorm); err != nil || !(z <= 5) {
			t.Errorf("run %d: ‖X‖² max |z| = %g", i, z)
		}
	}
	cfg := rankblock.Config{N: n, DV: d, Layers: L, Alpha1: 1, Alpha2: 1, DepthScaled: true, Tau: 1, Attention: block.Uniform}
	p, _ := rankblock.Simulate(cfg, rankblock.GaussianInput(1), rankblock.ProfileSettings{Draws: draws}, empirical.Rand(6, 11))
	if !reflect.DeepEqual(p, runs[1].Sim) {
		t.Error("the scaled run is not rankblock.Simulate from empirical.Rand(seed+1, stream)")
	}
}

// NormPlacements: the table's gap and z are those of the scaled run
// against the uniform theory, the scaling's effect is positive, and
// PostLN at α = 1 is run 2 of the seed.
func TestNormPlacements(t *testing.T) {
	const n, d, L, draws = 6, 8, 3, 20
	p, err := Sizes{N: n, D: d, L: L, Draws: draws, Seed: 40, Stream: 3}.NormPlacements()
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Runs) != 3 || p.Runs[0].Norm != block.NoNorm || p.Runs[1].Norm != block.PostLN || p.Runs[2].Norm != block.PreLN {
		t.Fatalf("runs %+v", p.Runs)
	}
	if !(p.Effect > 0) || p.Effect != p.Unscaled[L]-p.Theory[L] {
		t.Errorf("effect %g, want ρ^L(α² = 1) − ρ^L(α² = 1/L) > 0", p.Effect)
	}
	for _, r := range p.Runs {
		if z, err := empirical.MaxZ(r.Scaled.MeanCos[1:], r.Scaled.MeanCosSE[1:], p.Theory[1:]); r.Gap != empirical.MaxAbsDiff(r.Scaled.MeanCos[1:], p.Theory[1:]) || r.Z != z || err != nil {
			t.Errorf("%v: gap %g z %g", r.Norm, r.Gap, r.Z)
		}
	}
	cfg := rankblock.Config{N: n, DV: d, Layers: L, Norm: block.PostLN, Alpha1: 1, Alpha2: 1, Tau: 1}
	q, _ := rankblock.Simulate(cfg, rankblock.GaussianInput(1), rankblock.ProfileSettings{Draws: draws}, empirical.Rand(42, 3))
	if !reflect.DeepEqual(q, p.Runs[1].Fixed) {
		t.Error("PostLN at α = 1 is not rankblock.Simulate from empirical.Rand(seed+2, stream)")
	}
}

// Table2Settings.Runs: one run per residual weight, with gradients, run i from seed
// + i; larger α aligns the tokens more at the last layer (α = 1 against
// α = 0.1, a large effect even at 2 blocks and 8 networks).
func TestTable2Runs(t *testing.T) {
	runs, err := Table2Settings{L: 2, Draws: 8, Seed: 50, Stream: 1}.Runs(block.PostLN)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != len(Table2Residuals) {
		t.Fatalf("%d runs", len(runs))
	}
	for i, p := range runs {
		if len(p.GradWQ) != 2 || len(p.MeanCos) != 3 || p.Draws != 8 {
			t.Errorf("run %d: %d gradients, %d layers, %d draws", i, len(p.GradWQ), len(p.MeanCos), p.Draws)
		}
	}
	if z := empirical.MinDiffZ(runs[0].MeanCos[2:], runs[0].MeanCosSE[2:], runs[3].MeanCos[2:], runs[3].MeanCosSE[2:]); !(z > 4) {
		t.Errorf("α = 1 over α = 0.1 at the last layer: %g SE, want > 4", z)
	}
	p, _ := rankblock.Simulate(rankblock.Table2(block.PostLN, 2, 1, true), rankblock.EmbeddingInput(1), rankblock.ProfileSettings{Draws: 8, Gradients: true}, empirical.Rand(52, 1))
	if !reflect.DeepEqual(p, runs[2]) {
		t.Error("the 1/√L run is not rankblock.Simulate from empirical.Rand(seed+2, stream)")
	}
	// The draws spread over 2 or 3 goroutines give the same profiles
	// (rankblock.ProfileSettings.Workers), Post-LN and Pre-LN.
	for _, norm := range []block.Norm{block.PostLN, block.PreLN} {
		one, _ := Table2Settings{L: 2, Draws: 8, Seed: 50, Stream: 1}.Runs(norm)
		for _, w := range []int{2, 3} {
			if got, err := (Table2Settings{L: 2, Draws: 8, Seed: 50, Stream: 1, Workers: w}.Runs(norm)); err != nil || !reflect.DeepEqual(got, one) {
				t.Errorf("%v on %d workers: not the profiles of one (%v)", norm, w, err)
			}
		}
	}
	if _, err := (Table2Settings{L: 2, Draws: 8, Workers: -1}).Runs(block.PostLN); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "Table2Settings.Workers = -1") {
		t.Errorf("Workers = -1: %v", err)
	}
}

// FeedForwards: ReLU raises the correlation after one block (the
// arc-cosine kernel: ≈ 0.17 against ≈ 0.02 for linear at n = 50, d = 32;
// here n = 10, d = 16, 60 networks, by more than 4 SE), and the theory is
// the linear ρ^ℓ.
func TestFeedForwards(t *testing.T) {
	f, err := Sizes{N: 10, D: 16, L: 2, Draws: 60, Seed: 130, Stream: 5}.FeedForwards()
	if err != nil {
		t.Fatal(err)
	}
	if th, _ := rankcollapse.RhoProfile(10, 0, 1, 2); !reflect.DeepEqual(th, f.Theory) {
		t.Errorf("theory %v, want %v", f.Theory, th)
	}
	if z := empirical.MinDiffZ(f.ReLU.MeanCos[1:2], f.ReLU.MeanCosSE[1:2], f.Linear.MeanCos[1:2], f.Linear.MeanCosSE[1:2]); !(z > 4) {
		t.Errorf("ReLU over linear after one block: %g SE (%.3f vs %.3f)", z, f.ReLU.MeanCos[1], f.Linear.MeanCos[1])
	}
}

// NormLaws: every draw's ‖X^ℓ‖² is kept; under uniform attention the mean
// agrees with Lemma 3.3 within 5 SE (400 networks, n = 6, d = 10, L = 2),
// and N0 = nd·Std².
func TestNormLaws(t *testing.T) {
	s := 1 / math.Sqrt(10)
	runs, err := Sizes{N: 6, D: 10, L: 2, Draws: 400, Seed: 90, Stream: 4}.NormLaws([]NormCase{{block.Uniform, s}, {block.Softmax, 1}})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range runs {
		if len(r.Sim.SqNormDraws) != 3 || len(r.Sim.SqNormDraws[2]) != 400 || r.N0 != 60*r.Std*r.Std {
			t.Errorf("case %d: %d layers kept, N0 %g", i, len(r.Sim.SqNormDraws), r.N0)
		}
	}
	if z, err := empirical.MaxZ(runs[0].Sim.SqNorm, runs[0].Sim.SqNormSE, runs[0].Theory); err != nil || !(z <= 5) {
		t.Errorf("uniform attention: max |z| = %g against Lemma 3.3", z)
	}
}

// UniformitySettings.Gaps: for d_k ≫ d_v the gap follows the small-logit
// asymptote within 5 SE (300 draws); Slope on hand-made values.
func TestUniformityGaps(t *testing.T) {
	u, err := UniformitySettings{N: 6, DV: 10, DK: []int{1000, 4000}, Draws: 300, Seed: 120, Stream: 6}.Gaps()
	if err != nil {
		t.Fatal(err)
	}
	if z, err := empirical.MaxZ(u.MC, u.SE, u.Theory); err != nil || !(z <= 5) {
		t.Errorf("max |z| = %g: MC %v ± %v, theory %v", z, u.MC, u.SE, u.Theory)
	}
	h := Uniformity{DK: []int{10, 100}, MC: []float64{1, 0.01}, SE: []float64{0.1, 0.002}, Theory: []float64{2, 0.2}}
	sim, se, th := h.Slope(0, 1)
	if math.Abs(sim+2) > 1e-15 || math.Abs(th+1) > 1e-15 || math.Abs(se-math.Hypot(0.2, 0.1)/math.Ln10) > 1e-15 {
		t.Errorf("Slope: %g ± %g, theory %g; want −2 ± %g, −1", sim, se, th, math.Hypot(0.2, 0.1)/math.Ln10)
	}
}

// TestEmbeddingRho0: the input law's correlation against a Monte Carlo of
// the input itself (ratio of the means of C(X) and ‖X‖² over 4000 draws),
// and the two ends: no embedding (s = 0) is the encodings' own ρ, and
// s → ∞ drowns them (ρ⁰ → 0).
func TestEmbeddingRho0(t *testing.T) {
	const n, d = 50, 32
	got := EmbeddingRho0(n, d, 1)
	rng := empirical.Rand(5, 1)
	x := mat.NewDense(n, d, nil)
	var c, sq []float64
	for range 4000 {
		rankblock.EmbeddingInput(1)(x, rng)
		st := rankcollapse.TokenStats(x)
		c, sq = append(c, st.C), append(sq, st.SqNorm)
	}
	mc, msq := stat.Mean(c, nil), stat.Mean(sq, nil)
	want := mc/(float64(n-1)*msq) - 1/float64(n-1)
	// SE of the ratio: C's relative SE dominates (‖X‖² varies by ~1%).
	se := stat.StdDev(c, nil) / math.Sqrt(4000) / (float64(n-1) * msq)
	if math.Abs(got-want) > 4*se || got < 0.15 || got > 0.3 {
		t.Errorf("EmbeddingRho0 = %.5f, Monte Carlo %.5f ± %.5f", got, want, se)
	}
	if r := EmbeddingRho0(n, d, 1e6); math.Abs(r) > 1e-9 {
		t.Errorf("s → ∞: ρ⁰ = %g, want 0", r)
	}
	th, err := Table2Theory(12, 1)
	if err != nil || math.Abs(th[0]-got) > 1e-12 || !(th[11] > 0.99 && th[11] < 1) {
		t.Errorf("Table2Theory ρ⁰ %g (want %g), ρ^11 %g, err %v", th[0], got, th[11], err)
	}
}
