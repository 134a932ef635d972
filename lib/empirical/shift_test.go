package empirical

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestMeanShift(t *testing.T) {
	// Hand-computed: shifts 1 and 3 → 2; se = √(1+1+4+4)/2 = √10/2.
	s, se := MeanShift([]float64{2, 5, 9}, []float64{1, 2, 7}, []float64{1, 2, 0}, []float64{1, 2, 7}, func(i int) bool { return i < 2 })
	if s != 2 || math.Abs(se-math.Sqrt(10)/2) > 1e-15 {
		t.Errorf("MeanShift = %v ± %v, want 2 ± %v", s, se, math.Sqrt(10)/2)
	}
	// Monte Carlo: the SE is the spread of the shift over repeated draws of
	// estimates with the stated errors (4000 repetitions: the sample SD of
	// the shift is within 5% of se with probability ≈ 0.998).
	r := rand.New(rand.NewPCG(1, 2))
	const n, reps = 50, 4000
	sa, sb := make([]float64, n), make([]float64, n)
	for i := range sa {
		sa[i], sb[i] = 0.1+r.Float64(), 0.1+r.Float64()
	}
	var shifts []float64
	var want float64
	for range reps {
		a, b := make([]float64, n), make([]float64, n)
		for i := range a {
			a[i], b[i] = 0.3+sa[i]*r.NormFloat64(), sb[i]*r.NormFloat64()
		}
		var s float64
		s, want = MeanShift(a, sa, b, sb, nil)
		shifts = append(shifts, s)
	}
	m, sd := MeanSD(shifts)
	if math.Abs(sd/want-1) > 0.05 || math.Abs(m-0.3) > 4*want/math.Sqrt(reps) {
		t.Errorf("shift %v, SD over draws %v; want mean 0.3 and SD %v", m, sd, want)
	}
}
