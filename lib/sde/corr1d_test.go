package sde

import (
	"math"
	"testing"
)

// TestResNetCorrReduction checks lib/sources/noci2023.md#check-16: ρ_T of the matrix ResNet
// SDE agrees with the 1-D correlation SDE (KS below the 0.1% critical value
// for 8000 vs 8000 samples, 0.031), the time change (γ, T) ↔ (1, γ²T) holds
// in law, and q95(|ρ_T|) at T = 1/3 for γ = 0.1 … 1 (Fig. 3 right) matches
// the notes' (lib/sources/noci2023.md) 200 000-path references within 4.5 batch standard errors (8
// batches) plus 0.005 for the h = 0.005 discretisation, increasing in γ.
func TestResNetCorrReduction(t *testing.T) {
	const n = 8000
	const T = 1.0 / 3
	s := Settings{Step: 0.005, Workers: 2}
	md := Model{Kind: ResNet, Gamma: 0.5, CMinus: -1}
	r, err := Simulate(md, v0, T, n, 21, s)
	if err != nil {
		t.Fatal(err)
	}
	matrixRho := r.Corr(0, 1)
	rc := ResNetCorr{Gamma: 0.5, CMinus: -1}
	oneD, err := rc.Simulate(0.2, T, n, 22, s)
	if err != nil {
		t.Fatal(err)
	}
	crit := KSCritical(n, n, 0.001)
	if d := KS2(matrixRho, oneD); d > crit {
		t.Errorf("KS(matrix, 1-D) = %.4f > %.4f", d, crit)
	} else {
		t.Logf("KS(matrix, 1-D) = %.4f (crit %.4f)", d, crit)
	}
	tc, _ := ResNetCorr{Gamma: 1, CMinus: -1}.Simulate(0.2, 0.25*T, n, 23, Settings{Step: 0.00125, Workers: 2})
	if d := KS2(tc, oneD); d > crit {
		t.Errorf("time change: KS = %.4f > %.4f", d, crit)
	}
	abs := func(x []float64) []float64 {
		o := make([]float64, len(x))
		for i, v := range x {
			o[i] = math.Abs(v)
		}
		return o
	}
	// Fig. 3 right, SDE side: q95(|ρ_T|) for every γ against the notes' (lib/sources/noci2023.md)
	// 200 000-path references, and increasing in γ.
	prev := 0.0
	for i, tc := range []struct{ g, want float64 }{{0.1, 0.326}, {0.25, 0.499}, {0.5, 0.732}, {1 / math.Sqrt2, 0.857}, {1, 0.947}} {
		x := oneD
		if tc.g != 0.5 {
			x, _ = ResNetCorr{Gamma: tc.g, CMinus: -1}.Simulate(0.2, T, n, uint64(30+i), s)
		}
		q := Quantile(abs(x), 0.95)
		var qs []float64
		for b := 0; b < 8; b++ {
			qs = append(qs, Quantile(abs(x[b*n/8:(b+1)*n/8]), 0.95))
		}
		_, sdb := MeanSD(qs)
		se := sdb / math.Sqrt(8)
		t.Logf("γ=%.3f: q95|ρ| = %.4f ± %.4f (reference %.3f)", tc.g, q, se, tc.want)
		if math.Abs(q-tc.want) > 4.5*se+0.005 {
			t.Errorf("γ=%.3f: q95|ρ| = %.4f, want %.3f ± %.4f", tc.g, q, tc.want, 4.5*se+0.005)
		}
		if q <= prev {
			t.Errorf("q95|ρ| not increasing in γ at γ=%.3f", tc.g)
		}
		prev = q
	}
}
