package randmat

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// TestFrame: UᵀU = I_m to 1e-12, and U spans the columns of the Gaussian
// matrix it was drawn from (rebuilt from a twin rng): (I − UUᵀ)G = 0 to
// 1e-12 relative to |G| (n = 50, m = 4).
func TestFrame(t *testing.T) {
	const n, m = 50, 4
	u := Frame(n, m, rand.New(rand.NewPCG(9, 10)))
	if r, c := u.Dims(); r != n || c != m {
		t.Fatalf("dims %d×%d, want %d×%d", r, c, n, m)
	}
	var utu mat.Dense
	utu.Mul(u.T(), u)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			want := 0.0
			if i == j {
				want = 1
			}
			if math.Abs(utu.At(i, j)-want) > 1e-12 {
				t.Fatalf("(UᵀU)[%d,%d] = %v", i, j, utu.At(i, j))
			}
		}
	}
	g := Gaussian(n, m, 1, rand.New(rand.NewPCG(9, 10)))
	var c, proj, res mat.Dense
	c.Mul(u.T(), g)
	proj.Mul(u, &c)
	res.Sub(g, &proj)
	if r := mat.Norm(&res, 2) / mat.Norm(g, 2); r > 1e-12 {
		t.Errorf("|(I − UUᵀ)G|/|G| = %g, want <= 1e-12", r)
	}
	mustpanic.WithPrefix(t, "m > n", "randmat: ", func() { Frame(3, 4, rand.New(rand.NewPCG(1, 1))) })
	mustpanic.WithPrefix(t, "m = 0", "randmat: ", func() { Frame(3, 0, rand.New(rand.NewPCG(1, 1))) })
	mustpanic.WithPrefix(t, "Haar 0", "randmat: ", func() { Haar(0, rand.New(rand.NewPCG(1, 1))) })
	mustpanic.WithPrefix(t, "HaarInto 2×3", "randmat: ", func() { HaarInto(mat.NewDense(2, 3, nil), rand.New(rand.NewPCG(1, 1))) })
}
