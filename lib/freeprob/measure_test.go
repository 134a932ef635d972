package freeprob

import (
	"math/cmplx"
	"testing"
)

// TestMFromGSeries: M(z) = z G(z) − 1 (P18 eq 9) equals the moment series
// Σ_{k≥1} m_k z^{−k} for Marchenko–Pastur (ratio 1, moments the Catalan
// numbers from MarchenkoPastur.Moment) at |z| ≥ 8, where the 60-term
// truncation error is below (4/8)^60 ≈ 1e-18.
func TestMFromGSeries(t *testing.T) {
	mp := MarchenkoPastur{Ratio: 1, Variance: 1}
	for _, z := range []complex128{8, complex(0, 10), complex(-9, 3), complex(12, -5)} {
		var series complex128
		zk := complex(1, 0)
		for k := 1; k <= 60; k++ {
			zk /= z
			series += complex(mp.Moment(k), 0) * zk
		}
		if got := MFromG(mp.Stieltjes, z); cmplx.Abs(got-series) > 1e-13 {
			t.Errorf("z = %v: MFromG = %v, moment series %v", z, got, series)
		}
	}
}
