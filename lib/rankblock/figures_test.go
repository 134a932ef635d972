package rankblock

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
)

func TestRelativeToFirst(t *testing.T) {
	got := RelativeToFirst([]float64{2, 4, 1})
	if got[0] != 1 || got[1] != 2 || got[2] != 0.5 {
		t.Errorf("RelativeToFirst = %v, want [1 2 0.5]", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("zero first entry: no panic")
		}
	}()
	RelativeToFirst([]float64{0, 1})
}

// Identical tokens: every row equals the first, and ‖x‖² is the row's.
func TestIdenticalTokens(t *testing.T) {
	x, x2 := IdenticalTokens(5, 7, rand.New(rand.NewPCG(1, 2)))
	r0 := mat.Row(nil, 0, x)
	if math.Abs(mat.Norm(mat.NewVecDense(7, r0), 2)*mat.Norm(mat.NewVecDense(7, r0), 2)-x2) > 1e-12 {
		t.Errorf("‖x‖² = %g, row norm² %g", x2, mat.Norm(mat.NewVecDense(7, r0), 2))
	}
	for k := 1; k < 5; k++ {
		for j, v := range mat.Row(nil, k, x) {
			if v != r0[j] {
				t.Fatalf("row %d differs from row 0 at %d", k, j)
			}
		}
	}
}

// With s = 0 the input is the positional encoding alone: row 0 is
// (0, 1, 0, 1, …) and each (sin, cos) pair has unit norm, so every token
// has squared norm d/2 (d even). With s > 0 the embedding adds variance s²
// per entry: over 2000 draws the mean ‖X‖² is n d/2 + n d s² within 4 SE.
func TestEmbeddingInput(t *testing.T) {
	const n, d = 6, 8
	x := mat.NewDense(n, d, nil)
	rng := rand.New(rand.NewPCG(3, 3))
	EmbeddingInput(0)(x, rng)
	for j, v := range mat.Row(nil, 0, x) {
		if want := float64(j % 2); v != want {
			t.Errorf("PE[0][%d] = %g, want %g", j, v, want)
		}
	}
	for k := 0; k < n; k++ {
		r := mat.NewVecDense(d, mat.Row(nil, k, x))
		if got := mat.Dot(r, r); math.Abs(got-d/2) > 1e-12 {
			t.Errorf("‖PE[%d]‖² = %g, want %d", k, got, d/2)
		}
	}
	const draws, s = 2000, 0.5
	sq := make([]float64, draws)
	for i := range sq {
		EmbeddingInput(s)(x, rng)
		f := mat.Norm(x, 2)
		sq[i] = f * f
	}
	m, se := empirical.MeanSE(sq)
	if want := float64(n*d)/2 + n*d*s*s; math.Abs(m-want) > 4*se {
		t.Errorf("mean ‖X‖² = %g ± %g, want %g", m, se, want)
	}
}

// The grid visits (ρ, σ_x², n, d) with ρ outermost; at ρ = 1 every token
// is the same, so the query/key Jacobian norms vanish exactly also with
// the true softmax (Thm 3.2), while the value one does not.
func TestAttnGradGrid(t *testing.T) {
	g := AttnGradGrid([]float64{0.2, 1}, []float64{1}, []int{3, 4}, []int{2}, 3, rand.New(rand.NewPCG(4, 4)))
	if len(g) != 4 || g[1].N != 4 || g[2].Rho != 1 || g[2].N != 3 {
		t.Fatalf("grid order: %+v", g)
	}
	for _, p := range g[2:] {
		if p.WQ != 0 || p.WK != 0 || !(p.WV > 0) {
			t.Errorf("ρ = 1, n = %d: WQ %g WK %g WV %g, want 0, 0, > 0", p.N, p.WQ, p.WK, p.WV)
		}
	}
	if !(g[0].WQ > 0) {
		t.Errorf("ρ = 0.2: WQ = %g, want > 0", g[0].WQ)
	}
}

// KeepSqNorms keeps the draws whose mean is Profile.SqNorm.
func TestSimulateKeepSqNorms(t *testing.T) {
	cfg := Config{N: 4, DV: 3, Layers: 2, Alpha1: 1, Alpha2: 1, Tau: 1, Attention: block.Uniform}
	p, err := Simulate(cfg, GaussianInput(1), ProfileSettings{Draws: 5, KeepSqNorms: true}, rand.New(rand.NewPCG(5, 5)))
	if err != nil {
		t.Fatal(err)
	}
	for l, d := range p.SqNormDraws {
		if m, _ := empirical.MeanSE(d); len(d) != 5 || math.Abs(m-p.SqNorm[l]) > 1e-12*m {
			t.Errorf("layer %d: %d draws, mean %g, SqNorm %g", l, len(d), m, p.SqNorm[l])
		}
	}
}

// Table2 is the paper's Table 2 network and resolves (4 heads divide
// d_k = d_v = 32).
func TestTable2(t *testing.T) {
	c := Table2(block.PreLN, 6, 0.5, true)
	if c.N != 50 || c.DV != 32 || c.DF != 128 || c.Heads != 4 || !c.ReLU || c.Norm != block.PreLN || c.Layers != 6 || c.Alpha1 != 0.5 || !c.DepthScaled || c.Tau != 1 {
		t.Errorf("Table2 = %+v", c)
	}
	if r := c.resolve(); r.heads != 4 || math.Abs(r.a1-0.5/math.Sqrt(6)) > 1e-15 {
		t.Errorf("resolved %+v", r)
	}
}

// TestAttnGradMCWorkers: AttnGradMC's norms on 2, 3 or 8 goroutines give
// the serial loop's bits (the draws keep their order), for true softmax
// and uniform attention, and leave rng where the serial loop leaves it.
func TestAttnGradMCWorkers(t *testing.T) {
	for _, uniform := range []bool{false, true} {
		run := func(workers int) (AttnGrads, uint64) {
			rng := rand.New(rand.NewPCG(3, 9))
			g := attnGradMC(6, 5, 4, 1.3, uniform, EquicorrelatedInput(6, 5, 0.4, 2), 11, rng, workers)
			return g, rng.Uint64()
		}
		want, wantNext := run(1)
		for _, w := range []int{2, 3, 8} {
			if got, next := run(w); got != want || next != wantNext {
				t.Errorf("uniform %v, %d workers: %+v (next draw %d), serial %+v (%d)", uniform, w, got, next, want, wantNext)
			}
		}
	}
}
