package empirical

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// TestTokenGeometryAndCosines against the definitions, pair by pair, on a
// fixed 5×3 matrix: q is the mean squared row norm, p the mean dot product
// over the 10 pairs i < j (TokenGeometry's O(nd) formula is an identity,
// 1e-14), and PairCosines lists X_i·X_j/(|X_i||X_j|) in the order (0,1),
// (0,2), …, (3,4).
func TestTokenGeometryAndCosines(t *testing.T) {
	x := mat.NewDense(5, 3, []float64{
		1, 2, 0.5,
		-1, 0.3, 2,
		0.7, -0.2, 1.1,
		3, 1, -1,
		0.1, 0.1, 0.4,
	})
	var sq, dot float64
	var cos []float64
	for i := 0; i < 5; i++ {
		sq += mat.Dot(x.RowView(i), x.RowView(i))
		for j := i + 1; j < 5; j++ {
			d := mat.Dot(x.RowView(i), x.RowView(j))
			dot += d
			cos = append(cos, d/math.Sqrt(mat.Dot(x.RowView(i), x.RowView(i))*mat.Dot(x.RowView(j), x.RowView(j))))
		}
	}
	q, p := TokenGeometry(x)
	if math.Abs(q-sq/5) > 1e-14*sq || math.Abs(p-dot/10) > 1e-14*sq {
		t.Errorf("TokenGeometry = (%v, %v), definitions give (%v, %v)", q, p, sq/5, dot/10)
	}
	got := PairCosines(x)
	if len(got) != len(cos) {
		t.Fatalf("%d cosines, want %d", len(got), len(cos))
	}
	for k := range got {
		if math.Abs(got[k]-cos[k]) > 1e-14 {
			t.Errorf("cosine %d = %v, want %v", k, got[k], cos[k])
		}
	}
	mustpanic.WithPrefix(t, "one token", "empirical: ", func() { TokenGeometry(mat.NewDense(1, 3, []float64{1, 2, 3})) })
	mustpanic.WithPrefix(t, "zero token", "empirical: ", func() { PairCosines(mat.NewDense(2, 2, []float64{1, 0, 0, 0})) })
}
