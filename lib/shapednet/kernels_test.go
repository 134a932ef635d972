package shapednet

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/mat"
)

// Forward (the full-width reference) on lib/dense's assembly and portable
// paths agrees to rounding on odd shapes, m ∈ {2, 7, 65} tokens, width
// n ∈ {7, 65}, for the shaped, vanilla and Pre-LN blocks: 1e-10 relative
// to the largest |V| entry over 4 layers of O(1) products (a few ε per
// operation, far below any figure's resolution). Same bits twice per path.
func TestForwardPathsAgree(t *testing.T) {
	for _, mn := range [][2]int{{2, 7}, {7, 7}, {65, 7}, {7, 65}} {
		for ci, c := range []Config{Shaped(mn[1], 4, 0.3), Vanilla(mn[1], 4, 0.3), PreLN(mn[1], 4, block.PreLN)} {
			t.Run(fmt.Sprintf("m=%d,n=%d,%d", mn[0], mn[1], ci), func(t *testing.T) {
				x0 := mat.NewDense(mn[0], mn[1], nil)
				r := rand.New(rand.NewPCG(1, 1))
				for i := range x0.RawMatrix().Data {
					x0.RawMatrix().Data[i] = r.NormFloat64()
				}
				run := func() []float64 {
					vs, err := Forward(c, x0, rand.New(rand.NewPCG(2, uint64(ci))))
					if err != nil {
						t.Fatal(err)
					}
					var out []float64
					for _, v := range vs {
						for i := 0; i < mn[0]; i++ {
							for j := 0; j < mn[0]; j++ {
								out = append(out, v.At(i, j))
							}
						}
					}
					return out
				}
				asm, asm2 := run(), run()
				prev := dense.SetAssembly(false)
				port, port2 := run(), run()
				dense.SetAssembly(prev)
				var d, s float64
				for i := range asm {
					d = math.Max(d, math.Abs(asm[i]-port[i]))
					s = math.Max(s, math.Abs(port[i]))
					if math.Float64bits(asm[i]) != math.Float64bits(asm2[i]) ||
						math.Float64bits(port[i]) != math.Float64bits(port2[i]) {
						t.Fatalf("same seed, different bits at %d", i)
					}
				}
				if d > 1e-10*s {
					t.Errorf("paths differ by %g (scale %g)", d, s)
				}
			})
		}
	}
}
