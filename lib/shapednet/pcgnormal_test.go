package shapednet

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestPCGNormals: pcg draws math/rand/v2's PCG stream, and its normals are
// NormFloat64's, bit for bit and in the same order, when interleaved with
// other draws through rand.New(p) (as the chain draws its χ² variables
// between the normals of its MLP sub-blocks). 3·10⁶ normals in blocks of
// 1 to 600 take the rare paths of the ziggurat (the base strip's tail,
// about 3 in 10⁴ draws, and the wedge test) thousands of times each.
func TestPCGNormals(t *testing.T) {
	for _, seed := range [][2]uint64{{1, 2}, {0x9e3779b97f4a7c15, 7}} {
		ref := rand.New(rand.NewPCG(seed[0], seed[1]))
		p := &pcg{seed[0], seed[1]}
		rng := rand.New(p)
		for k := 0; k < 100; k++ {
			if a, b := ref.Uint64(), rng.Uint64(); a != b {
				t.Fatalf("seed %v: Uint64 draw %d = %#x, math/rand/v2's PCG %#x", seed, k, b, a)
			}
		}
		dst := make([]float64, 600)
		total, tails := 0, 0
		for blk := 0; total < 3_000_000; blk++ {
			n := 1 + blk%600
			p.normals(dst[:n])
			for k, x := range dst[:n] {
				want := ref.NormFloat64()
				if math.Float64bits(x) != math.Float64bits(want) {
					t.Fatalf("seed %v: normal %d = %v, NormFloat64 %v", seed, total+k, x, want)
				}
				if math.Abs(x) > 3.442619855899 {
					tails++
				}
			}
			total += n
			a := distuv.ChiSquared{K: 199, Src: ref}.Rand()
			b := distuv.ChiSquared{K: 199, Src: rng}.Rand()
			if math.Float64bits(a) != math.Float64bits(b) {
				t.Fatalf("seed %v: χ² after %d normals = %v, with math/rand/v2's PCG %v", seed, total, b, a)
			}
		}
		if tails < 1000 {
			t.Fatalf("seed %v: %d of %d normals in the base strip's tail, want the path taken >= 1000 times", seed, tails, total)
		}
	}
}
