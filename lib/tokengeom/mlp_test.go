package tokengeom

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

var a8 = 1 / math.Sqrt(8)

func TestGainsReference(t *testing.T) {
	// lib/sources/cowsik2024.md#checks reference numbers (numpy trapezoid, cross-checked with scipy
	// quad to ~1e-12); compared at 1e-9 relative.
	cases := []struct {
		sw, q1, q2, f, chi float64
	}{
		{0.5, 0.173516143432, 0.040016512143, 0.041443327048, 0.010360831762},
		{1.0, 0.394294490398, 0.236450410499, 0.295613142351, 0.295613142351},
		{1.5, 0.540648380904, 0.430052044254, 0.722859601787, 1.626434104021},
		{2.0, 0.635261234257, 0.561600637194, 1.288436194200, 5.153744776800},
		{2.5, 0.699420582288, 0.648722331437, 1.990910521867, 12.443190761669},
		{5.0, 0.842961759563, 0.829454016752, 7.597410428522, 189.935260713057},
	}
	for _, c := range cases {
		g := NewModel(a8, a8, c.sw).Gains()
		got := []float64{g.Q[0], g.Q[1], g.FPaper(), g.Chi}
		want := []float64{c.q1, c.q2, c.f, c.chi}
		for i := range got {
			if !relClose(got[i], want[i], 1e-9) {
				t.Errorf("σ_w=%v: gains[%d] = %.12f, want %.12f", c.sw, i, got[i], want[i])
			}
		}
	}
}

func TestMapsReference(t *testing.T) {
	// lib/sources/cowsik2024.md#checks "Maps at (q,p) = (64,32), α_A = α_M = a8, σA² = 1", 1e-9
	// relative; for the small p of F(64,0), 1e-9 of q (p is a difference
	// of O(q) terms).
	type pair struct{ q, p float64 }
	cases := []struct {
		sw      float64
		mlp     pair
		fmlp    pair
		f       pair
		f0      pair
		hasNear bool
		fNear   pair
	}{
		{1, pair{15.132826271955, 6.993413175594}, pair{57.891603283994, 28.874176646949},
			pair{54.414087418803, 28.953089578567}, pair{50.965435736486, 0.028297194990}, false, pair{}},
		{2, pair{143.769763121566, 55.125692081063}, pair{73.971220390196, 34.890711510133},
			pair{70.493704525004, 35.427178162751}, pair{67.045052842687, 0.034638018778}, true,
			pair{73.901496564946, 73.059346263879}},
	}
	chk := func(name string, gq, gp float64, w pair) {
		t.Helper()
		if !relClose(gq, w.q, 1e-9) || math.Abs(gp-w.p) > 1e-9*w.q {
			t.Errorf("%s = (%.12f, %.12f), want (%.12f, %.12f)", name, gq, gp, w.q, w.p)
		}
	}
	for _, c := range cases {
		m := NewModel(a8, a8, c.sw)
		q, p := MLPQP(m, 64, 32)
		chk("MLPQP", q, p, c.mlp)
		q, p = FMLP(m, 64, 32)
		chk("FMLP", q, p, c.fmlp)
		q, p = F(m, 64, 32)
		chk("F(64,32)", q, p, c.f)
		q, p = F(m, 64, 0)
		chk("F(64,0)", q, p, c.f0)
		if c.hasNear {
			q, p = F(m, 64, 63.36)
			chk("F(64,63.36)", q, p, c.fNear)
		}
	}
}

func TestMLPIdentities(t *testing.T) {
	for _, sw := range []float64{0.7, 1.3, 2.6} {
		m := NewModel(0.4, 0.6, sw)
		g := m.Gains()
		// Check 2: MLPQP(q,q) = (dσ_w²Q₂, dσ_w²Q₂), 1e-12.
		q, p := MLPQP(m, 5, 5)
		w := m.D * sw * sw * g.QL()
		if !relClose(q, w, 1e-12) || !relClose(p, w, 1e-12) {
			t.Errorf("σ_w=%v: MLPQP(q,q) = (%v,%v), want %v", sw, q, p, w)
		}
		// Odd φ: p = 0 maps to p_MLP = 0 (correlation stays 0), 1e-12.
		_, p0 := MLPQP(m, 5, 0)
		if math.Abs(p0) > 1e-12*w {
			t.Errorf("σ_w=%v: MLPQP(q,0) p = %v, want 0", sw, p0)
		}
		// Check 5: α_M = 0 makes F_MLP the identity.
		m0 := m
		m0.AlphaM = 0
		qi, pi := FMLP(m0, 3.5, 1.25)
		if qi != 3.5 || pi != 1.25 {
			t.Errorf("α_M=0: FMLP = (%v,%v), want identity", qi, pi)
		}
		// Check 5: α = 0 makes F the identity.
		m0.AlphaA = 0
		qi, pi = F(m0, 3.5, 1.25)
		if qi != 3.5 || pi != 1.25 {
			t.Errorf("α=0: F = (%v,%v), want identity", qi, pi)
		}
	}
	// ℓ = 0 (linear MLP): q_MLP = dσ_w², p_MLP = dσ_w²ρ, χ = σ_w² (exact).
	m := NewModel(0.5, 0.5, 1.7)
	m.MLPLayers = 0
	q, p := MLPQP(m, 4, 1)
	if !relClose(q, 64*1.7*1.7, 1e-14) || !relClose(p, 64*1.7*1.7/4, 1e-14) || !relClose(m.Gains().Chi, 1.7*1.7, 1e-15) {
		t.Errorf("ℓ=0: MLPQP = (%v,%v), χ = %v", q, p, m.Gains().Chi)
	}
}

func TestGainsTanhFastPathMatchesActivation(t *testing.T) {
	// The shared-rule tanh path equals activation.Tanh's own Mu and
	// SecondMoment (same nodes and weights: agreement to rounding, 1e-14),
	// and a non-tanh activation goes through the generic path.
	for _, sw := range []float64{0.3, 1, 2.2, 4, 7} {
		fast := NewModel(0.5, 0.5, sw).Gains()
		slow := Gains{SigmaW: sw, Chi: sw * sw}
		act := activation.Tanh()
		prev := 1.0
		for k := 0; k < 2; k++ {
			v := sw * sw * prev
			slow.Chi *= sw * sw * act.Mu(v, 1)
			prev = act.SecondMoment(v)
			slow.Q = append(slow.Q, prev)
		}
		if !relClose(fast.Chi, slow.Chi, 1e-14) || !relClose(fast.Q[1], slow.Q[1], 1e-14) {
			t.Errorf("σ_w=%v: fast %v vs generic %v", sw, fast, slow)
		}
	}
	// Linear φ through the generic path: Q_k = σ_w^{2k}, χ = σ_w^{2(ℓ+1)}.
	m := NewModel(0.5, 0.5, 1.5)
	m.Act = activation.Linear()
	g := m.Gains()
	if !relClose(g.Q[1], math.Pow(1.5, 4), 1e-12) || !relClose(g.Chi, math.Pow(1.5, 6), 1e-12) {
		t.Errorf("linear φ gains %v", g)
	}
}

// TestMLPQPUnderflow: with σ_w = 1e-6 the variance falls by ~1e-12 per
// layer and underflows float64 within 64 layers; the branch output is
// then 0 (its true size is below 1e-300), not a NaN correlation panic
// (found by lib/quantity's FuzzEvalEdges).
func TestMLPQPUnderflow(t *testing.T) {
	m := NewModel(0.35, 0.35, 1e-6)
	m.MLPLayers = 64
	qm, pm := MLPQP(m, 64, 32)
	if qm != 0 || pm != 0 {
		t.Errorf("MLPQP = (%v, %v), want (0, 0) after the underflow", qm, pm)
	}
	m.MLPLayers = 2 // no underflow: the branch is small but positive
	if qm, pm := MLPQP(m, 64, 32); !(qm > 0 && pm > 0 && pm <= qm) {
		t.Errorf("two layers: MLPQP = (%v, %v), want 0 < p <= q", qm, pm)
	}
}
