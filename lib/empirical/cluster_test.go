package empirical

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// ClusterMeanSE is MeanSE of the cluster means; the mean is the pooled one.
func TestClusterMeanSE(t *testing.T) {
	x := []float64{1, 3, 2, 2, 10, 12}
	m, se := ClusterMeanSE(x, 2)
	wm, wse := MeanSE([]float64{2, 2, 11})
	if m != wm || se != wse || math.Abs(m-5) > 1e-15 {
		t.Errorf("ClusterMeanSE = %v ± %v, want %v ± %v (pooled mean 5)", m, se, wm, wse)
	}
	if m, se := ClusterMeanSE(x, 6); m != 5 || se != 0 {
		t.Errorf("one cluster: %v ± %v, want 5 ± 0", m, se)
	}
	mustpanic.All(t, map[string]func(){
		"size 0":   func() { ClusterMeanSE(x, 0) },
		"ragged":   func() { ClusterMeanSE(x, 4) },
		"empty":    func() { ClusterMeanSE(nil, 1) },
		"means 0":  func() { ClusterMeans(x, 0) },
		"means 5":  func() { ClusterMeans(x, 5) },
		"dof < 0":  func() { NormalZ(1, -1) },
		"maxz dof": func() { MaxZDOF([]float64{1}, []float64{1}, []float64{1}, 0) },
	})
}

// NormalZ has the tail of Student's t: TTail2(t, ν) = P(|Z| > NormalZ);
// it is the identity for large ν, odd, NaN without degrees of freedom.
func TestNormalZ(t *testing.T) {
	for _, c := range []struct {
		t   float64
		dof int
	}{{0.5, 1}, {2, 3}, {5, 5}, {5.43, 5}, {12, 7}, {3, 200}} {
		z := NormalZ(c.t, c.dof)
		if p, q := TTail2(c.t, c.dof), math.Erfc(z/math.Sqrt2); math.Abs(p/q-1) > 1e-9 {
			t.Errorf("NormalZ(%v, %d) = %v: normal tail %v, t tail %v", c.t, c.dof, z, q, p)
		}
		if NormalZ(-c.t, c.dof) != -z || !(z < c.t) {
			t.Errorf("NormalZ(%v, %d) = %v: want odd and below |t|", c.t, c.dof, z)
		}
	}
	if z := NormalZ(3, 1e6); math.Abs(z-3) > 1e-4 {
		t.Errorf("NormalZ(3, 1e6) = %v, want ≈ 3", z)
	}
	if !math.IsNaN(NormalZ(1, 0)) || !math.IsInf(NormalZ(math.Inf(1), 3), 1) {
		t.Error("NormalZ(1, 0) must be NaN and NormalZ(+Inf, 3) +Inf")
	}
	// 5.43 SE with 6 networks is the normal 2.98 (the reproducer of issue 37).
	if z := NormalZ(5.43, 5); math.Abs(z-2.981) > 1e-3 {
		t.Errorf("NormalZ(5.43, 5) = %v, want 2.981", z)
	}
	z, err := MaxZDOF([]float64{1, 2, 3}, []float64{0.1, 0.1, 0.1}, []float64{1.2, 2, 2.5}, 5)
	if want := NormalZ(5, 5); err != nil || math.Abs(z-want) > 1e-12 {
		t.Errorf("MaxZDOF = %v, %v; want %v", z, err, want)
	}
	if _, err := MaxZDOF([]float64{1}, []float64{0}, []float64{1}, 5); err == nil {
		t.Error("MaxZDOF with a zero SE: no error")
	}
}
