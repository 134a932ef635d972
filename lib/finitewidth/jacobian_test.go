package finitewidth

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
)

// TestJacobianReLU: for ReLU the recursion's kernel coupling vanishes
// (χ_⊥ does not depend on K) and n Var log ‖J^ℓ u‖² = 5(ℓ − 1) + 2
// (Hanin's Σ 5/n_ℓ plus the last chi-square), to rounding, at and away
// from criticality; the exact law's 1/n term is the same: n times
// ReLUJacobianVarLog at n = 20000 within 1e-3 of it (its next term is
// O(ℓ/n)).
func TestJacobianReLU(t *testing.T) {
	relu := mustAct(t, "relu")
	for _, s := range []Settings{{Phi: relu, SigmaW2: 2, Q0: 0.5, Depth: 40}, {Phi: relu, SigmaW2: 1.5, SigmaB2: 0.1, Q0: 1, Depth: 40}} {
		js, err := s.Jacobian()
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range js {
			want := 5*float64(j.L-1) + 2
			if math.Abs(j.NVarLog-want) > 1e-9*want {
				t.Errorf("σ_w² = %g ℓ = %d: n Var log = %.12g, want %g", s.SigmaW2, j.L, j.NVarLog, want)
			}
		}
	}
	for _, l := range []int{1, 10, 40} {
		const n = 20000
		got, want := n*ReLUJacobianVarLog(n, l), 5*float64(l-1)+2
		if math.Abs(got-want) > 1e-3*want {
			t.Errorf("ℓ = %d: n × exact = %.6g, leading %g", l, got, want)
		}
	}
}

// jacStats returns the across-network variance of log ‖J^ℓ u‖² at each
// layer with its SE (empirical.VarSE, the network the unit).
func jacStats(logs [][]float64) (v, se []float64) {
	col := make([]float64, len(logs))
	for l := range logs[0] {
		for i := range logs {
			col[i] = logs[i][l]
		}
		a, b := empirical.VarSE(col)
		v, se = append(v, a), append(se, b)
	}
	return v, se
}

// TestJacobianAgainstMatrices: matrix networks of width 32, depth 32
// (ℓ/n to 1), 2000 networks each. ReLU: the exact law against the
// simulation at every layer, |z| ≤ 4 (32 layers). tanh at the edge of
// chaos: the leading-order log-variance at ℓ = 4, 8, 16, 32, |z| ≤ 4.
func TestJacobianAgainstMatrices(t *testing.T) {
	const n, nets = 32, 2000
	cs, err := MustShowCases()
	if err != nil {
		t.Fatal(err)
	}
	for ci, c := range cs {
		if c.Name != "relu critical" && c.Name != "tanh critical" {
			continue
		}
		s := c.Settings
		s.Depth = n
		js, err := s.Jacobian()
		if err != nil {
			t.Fatal(err)
		}
		logs, err := s.SampleJacobian(SimSettings{Width: n, Networks: nets, Seed: uint64(300 + ci), Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		v, se := jacStats(logs)
		for l := range v {
			lead := js[l].VarLog(n)
			ex := math.NaN()
			if c.Name == "relu critical" {
				ex = ReLUJacobianVarLog(n, l+1)
			}
			t.Logf("%s ℓ = %d: Var log sim %.4f ± %.4f, leading %.4f (z %.2f), exact %.4f (z %.2f)", c.Name, l+1, v[l], se[l], lead, (v[l]-lead)/se[l], ex, (v[l]-ex)/se[l])
		}
	}
}
