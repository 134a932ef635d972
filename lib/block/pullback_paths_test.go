package block

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/dense"
)

// TestPullbacksPathBits: the softmax pull-back (plain and centred) and
// NormBack (PreLN, PreRMS at √d, overwrite and add) give the same bits on
// every lib/dense path the CPU runs, at token counts that take the Go
// loops (3), the kernels with a tail (17, 65) and a whole multiple of four
// rows (64): their row reductions are dense.Sum/Dot/Dot4/DotDiff, which
// promise every path's bits, and nothing else in them depends on the path.
// Each is also within rounding of the pull-back with one in-order sum per
// row (the code before issue 42 item 5): |Δ| ≤ 4nε Σ_j |t_j| per row sum.
func TestPullbacksPathBits(t *testing.T) {
	defer dense.SetPath(dense.CurrentPath())
	for _, n := range []int{3, 17, 64, 65} {
		rng := rand.New(rand.NewPCG(11, uint64(n)))
		a, g := benchAttention(n)
		for i := range g.Data {
			g.Data[i] *= 1 + rng.Float64()
		}
		y, gn := General(n, 24), General(n, 24)
		inv := make([]float64, n)
		for i := range y.Data {
			y.Data[i], gn.Data[i] = rng.NormFloat64(), rng.NormFloat64()
		}
		for i := range inv {
			inv[i] = 1 + rng.Float64()
		}
		run := func() [][]float64 {
			var out [][]float64
			for _, centred := range []bool{false, true} {
				da := General(n, n)
				copy(da.Data, g.Data)
				pullback(da, a, 0.7, AttnParams{Kind: Softmax, Centred: centred}, make([]float64, 2*n))
				out = append(out, da.Data)
			}
			for _, s := range []Spec{{Norm: PreLN, Eps: 1e-5}, {Norm: PreRMS, SqrtD: true}} {
				for _, add := range []bool{false, true} {
					dst := General(n, 24)
					for i := range dst.Data {
						dst.Data[i] = float64(i%5) - 2
					}
					NormBack(dst, gn, y, inv, s, add)
					out = append(out, dst.Data)
				}
			}
			return out
		}
		dense.SetPath(dense.Portable)
		want := run()
		for _, p := range []dense.Path{dense.AVX2, dense.AVX512} {
			if !dense.Available(p) {
				t.Logf("this CPU cannot run the %s path of lib/dense: not checked", p)
				continue
			}
			dense.SetPath(p)
			for k, got := range run() {
				for i := range got {
					if math.Float64bits(got[i]) != math.Float64bits(want[k][i]) {
						t.Fatalf("n=%d case %d entry %d: %s %v, portable %v", n, k, i, p, got[i], want[k][i])
					}
				}
			}
		}
		// The plain softmax pull-back against the in-order row sums.
		for i := 0; i < n; i++ {
			ar, gr, got := row(a, i), row(g, i), want[0][i*n:(i+1)*n]
			var s, abs float64
			for j, v := range ar {
				s += v * gr[j]
				abs += math.Abs(v * gr[j])
			}
			for j, v := range ar {
				ref := 0.7 * v * (gr[j] - s)
				// Δs ≤ 2·(n+3)ε Σ|a g| (both sums' error bounds), times 0.7 a_j,
				// plus the map's own rounding (3 ulps of the result).
				tol := 0.7*v*2*float64(n+3)*0x1p-52*abs + 3*0x1p-52*math.Abs(ref)
				if d := math.Abs(got[j] - ref); d > tol {
					t.Errorf("n=%d row %d col %d: %v, in-order %v (|Δ| %.3g > %.3g)", n, i, j, got[j], ref, d, tol)
				}
			}
		}
	}
}
