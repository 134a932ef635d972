package randmat

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// TestNormalDrawOrder: Normal writes sd·z_i of the rng's draws in index
// order (sd = 1: the draws themselves, bit for bit), and Gaussian lays them
// out row by row.
func TestNormalDrawOrder(t *testing.T) {
	twin := rand.New(rand.NewPCG(5, 6))
	got := make([]float64, 7)
	Normal(got, 1, rand.New(rand.NewPCG(5, 6)))
	for i, g := range got {
		if z := twin.NormFloat64(); math.Float64bits(g) != math.Float64bits(z) {
			t.Fatalf("sd = 1: dst[%d] = %v, draw %d is %v", i, g, i, z)
		}
	}
	twin = rand.New(rand.NewPCG(5, 6))
	Normal(got, 2.5, rand.New(rand.NewPCG(5, 6)))
	for i, g := range got {
		if z := 2.5 * twin.NormFloat64(); g != z {
			t.Fatalf("sd = 2.5: dst[%d] = %v, want %v", i, g, z)
		}
	}
	twin = rand.New(rand.NewPCG(5, 6))
	m := Gaussian(2, 3, 0.5, rand.New(rand.NewPCG(5, 6)))
	for i := 0; i < 2; i++ {
		for j := 0; j < 3; j++ {
			if z := 0.5 * twin.NormFloat64(); m.At(i, j) != z {
				t.Fatalf("Gaussian[%d,%d] = %v, want draw %d = %v", i, j, m.At(i, j), 3*i+j, z)
			}
		}
	}
	mustpanic.WithPrefix(t, "Gaussian 0×3", "randmat: ", func() { Gaussian(0, 3, 1, rand.New(rand.NewPCG(1, 1))) })
}
