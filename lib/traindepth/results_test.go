package traindepth

import (
	"errors"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// storedUpTo is a stored grid of s trainable (accuracy 0.8) exactly up to
// depth bound(ξ_c) at each σ_w² and at chance beyond.
func storedUpTo(t *testing.T, s Settings, bound func(xi float64) float64) StoredRuns {
	t.Helper()
	sc, err := meanfield.ScanSigmaW2(activation.Tanh(), s.SigmaW2, s.SigmaB2)
	if err != nil {
		t.Fatal(err)
	}
	d := StoredRuns{Prov: Provenance{Settings: Stored{Settings: s}}}
	for k, c := range Plan(s) {
		acc := Chance
		if float64(c.Depth) <= bound(sc.XiC[k/(len(s.Depths)*len(s.Seeds))]) {
			acc = 0.8
		}
		d.Runs = append(d.Runs, Run{Cell: c, TestAcc: []float64{0.1, acc}})
	}
	return d
}

// TestDepthResult: on Paper()'s grid trainable exactly up to 6ξ_c both
// claims hold and the plane claims its figure, with the colour bar from
// chance to the shallow mean 0.8, log₂ depths upward and the 6ξ_c line in
// its own colour; trainable up to 32 layers at every σ_w² (a depth that
// does not follow ξ_c) the proportionality claim fails. The provenance
// table claims nothing.
func TestDepthResult(t *testing.T) {
	r, err := storedUpTo(t, Paper(), func(xi float64) float64 { return PaperRatio * xi }).Depth()
	if err != nil {
		t.Fatal(err)
	}
	p := r.Plane()
	if err := p.Wellformed(); err != nil || !p.Record.AtPaper || p.ZMin != Chance || math.Abs(p.ZMax-0.8) > 1e-12 || p.Ys[0] != 2 || p.Lines[0].Name != "6 ξ_c (mean field)" || p.Lines[0].Pair != 3 {
		t.Fatalf("plane %+v, %v", p, err)
	}
	for _, c := range r.Checks() {
		if !(c.Value <= c.Tol) {
			t.Errorf("trainable to 6ξ_c: %q = %v > %v", c.Name, c.Value, c.Tol)
		}
	}
	if !r.Provenance().Record.NoPaperFigure {
		t.Error("the provenance table claims a paper figure")
	}
	flat, err := storedUpTo(t, Paper(), func(float64) float64 { return 32 }).Depth()
	if err != nil {
		t.Fatal(err)
	}
	if c := flat.Checks()[0]; c.Value <= c.Tol {
		t.Errorf("a depth that ignores ξ_c passes the proportionality claim: %v ≤ %v", c.Value, c.Tol)
	}
}

// TestBudgetResult: a budget grid whose ordered end stays at 32 layers
// while the σ_w² nearest criticality deepens by one step every record
// passes both checks (moved 0 and 4 steps); a grid whose first σ_w² has
// the largest ξ_c is ErrNoNearer.
func TestBudgetResult(t *testing.T) {
	stored := func(s Settings) StoredRuns {
		d := StoredRuns{Prov: Provenance{Settings: Stored{Settings: s}}}
		for k, c := range Plan(s) {
			i := k / (len(s.Depths) * len(s.Seeds))
			r := Run{Cell: c, Step: []int{0}, Loss: []float64{2.3}, TestAcc: []float64{Chance}, TestLoss: []float64{2.3}}
			for _, st := range RecordedSteps(s) {
				bound, a := 32, Chance
				if i == 1 {
					bound = []int{23, 32, 45, 64, 91}[st/300-1]
				}
				if c.Depth <= bound {
					a = 0.8
				}
				r.Step, r.Loss, r.TestAcc, r.TestLoss = append(r.Step, st), append(r.Loss, 1), append(r.TestAcc, a), append(r.TestLoss, 1)
			}
			d.Runs = append(d.Runs, r)
		}
		return d
	}
	d := stored(Budget())
	b, err := d.Budget()
	if err != nil {
		t.Fatal(err)
	}
	cs := b.Checks()
	if b.Grow != 1 || cs[0].Value != 0 || cs[1].Value != 4 || !b.Curves().Record.AtPaper {
		t.Errorf("grow row %d, moved %v and %v, at paper %v", b.Grow, cs[0].Value, cs[1].Value, b.Curves().Record.AtPaper)
	}
	s := Budget()
	s.SigmaW2 = []float64{1.75, 1, 4}
	if _, err := stored(s).Budget(); !errors.Is(err, ErrNoNearer) {
		t.Errorf("first σ_w² nearest criticality: %v, want ErrNoNearer", err)
	}
}
