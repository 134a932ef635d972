package attnspec

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/block"
)

// OutsideFraction counts the bulk (everything after the outlier) beyond
// the radius, and for a random Markov matrix at T = 256, s = 1 at most 5%
// of the bulk lies beyond 1.1 r_T (lib/sources/tanner2024.md#check-26).
func TestOutsideFraction(t *testing.T) {
	eigs := []complex128{1, complex(0.3, 0.4), 0.2, complex(0, -0.6), 0.1}
	if got := OutsideFraction(eigs, 0.45); got != 0.5 { // 0.5 and 0.6 of 0.5, 0.2, 0.6, 0.1
		t.Errorf("got %v, want 0.5", got)
	}
	if got := OutsideFraction(eigs, 0.5); got != 0.25 { // |0.3+0.4i| = 0.5 is not beyond
		t.Errorf("got %v, want 0.25", got)
	}
	e, _, err := Spectrum(RandomMarkov(256, 1, rand.New(rand.NewPCG(3, 4))))
	if err != nil {
		t.Fatal(err)
	}
	if f := OutsideFraction(e, 1.1*BulkRadius(256, 1)); f > 0.05 {
		t.Errorf("%v of the bulk beyond 1.1 r_T", f)
	}
	mustpanic.Check(t, "one eigenvalue", func() { OutsideFraction(eigs[:1], 1) })
}

// NormRatio divides every norm by the first.
func TestNormRatio(t *testing.T) {
	got := StackResult{Norm: []float64{2, 1, 0.5}}.NormRatio()
	if !reflect.DeepEqual(got, []float64{1, 0.5, 0.25}) {
		t.Errorf("got %v", got)
	}
}

// ResidualsByWidth is Stack on RandomTokens with sharedMean drawn from
// rng(i), bit for bit; every layer shrinks the residual, and one layer
// scales it like T^{−1/2} (F36): the residual after layer 2 over that
// after layer 1 is r_T within 25% (lib/sources/tanner2024.md#check-27 band).
func TestResidualsByWidth(t *testing.T) {
	Ts := []int{64, 256}
	rng := func(i int) *rand.Rand { return rand.New(rand.NewPCG(uint64(10+i), 7)) }
	res := ResidualsByWidth(Ts, 32, 3, 1, rng)
	if len(res) != 3 || len(res[0]) != 2 {
		t.Fatalf("shape %d×%d, want 3×2", len(res), len(res[0]))
	}
	for i, T := range Ts {
		r := rng(i)
		st := Stack(RandomTokens(T, 32, true, r), 3, 1, block.Softmax, r)
		for l := 0; l < 3; l++ {
			if res[l][i] != st.Residual[l+1] {
				t.Errorf("T=%d layer %d: %v, Stack gives %v", T, l+1, res[l][i], st.Residual[l+1])
			}
		}
		if d := math.Abs(res[1][i]/res[0][i]/BulkRadius(T, 1) - 1); d > 0.25 || !(res[2][i] < res[1][i]) {
			t.Errorf("T=%d: residuals %v, %v, %v; per-layer factor off r_T by %v", T, res[0][i], res[1][i], res[2][i], d)
		}
	}
	mustpanic.Check(t, "T = 1", func() { ResidualsByWidth([]int{1}, 4, 1, 1, rng) })
}
