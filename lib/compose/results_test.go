package compose

import (
	"testing"

	"github.com/sigprop/sigprop/lib/result"
)

// resultsBlock is the default block at n = 4, d = 16, depth 3, a hidden
// width of 16: small enough for a test's runs.
func resultsBlock() Block {
	b := DefaultBlock()
	b.N, b.D, b.Depth, b.FF.Hidden = 4, 16, 3, 16
	return b
}

// TestResults: the kinds notebook 07 draws (by kernel-ext/render) from
// small real runs: ρ and q/d over depth, each with its max |z| check
// named after the comparison and holding its value (MaxZRho, MaxZQ); the
// width convergence with its one-sided slope check (Z, AtMost SlopeTol);
// the λ_a plane of a block with a finite collapsed point; every result
// well formed and claiming no paper figure.
func TestResults(t *testing.T) {
	b := resultsBlock()
	s := SimSettings{Nets: 6, Seed: 1, Rho0: 0.3}
	c, err := Compare(b, s)
	if err != nil {
		t.Fatal(err)
	}
	rho, q := c.Curves("pre-ln")
	for i, r := range []struct {
		c     result.Curves
		name  string
		value float64
	}{{rho, "pre-ln: max |z| of ρ over depth", c.MaxZRho}, {q, "pre-ln: max |z| of q over depth", c.MaxZQ}} {
		if err := r.c.Wellformed(); err != nil || len(r.c.Checks) != 1 || !r.c.Record.NoPaperFigure || len(r.c.Lines) != 2 {
			t.Fatalf("curves %d: %v, %d checks, record %+v", i, err, len(r.c.Checks), r.c.Record)
		}
		if k := r.c.Checks[0]; k.Name != r.name || k.Value != r.value || k.Tol != MaxZTol || k.Rule != result.AtMost {
			t.Errorf("curves %d: check %+v, want %q at %v", i, k, r.name, r.value)
		}
	}
	wc, err := CheckWidths(b, []int{8, 16, 32}, s)
	if err != nil {
		t.Fatal(err)
	}
	w := wc.Curves("w")
	if err := w.Wellformed(); err != nil || len(w.Checks) != 1 || len(w.Lines) != 3 {
		t.Fatalf("width curves: %v, %d checks, %d lines", err, len(w.Checks), len(w.Lines))
	}
	if k := w.Checks[0]; k.Value != wc.Z || k.Rule != result.AtMost || k.Tol != SlopeTol || k.Name != "w: slope of the deviation against 1/d" {
		t.Errorf("width check %+v, Z %v", k, wc.Z)
	}
	pb := b
	pb.ResA.Skip, pb.ResM.Skip = 0.7, 0.7 // a finite collapsed point (skips 1: none)
	ph, err := PhaseLambdaA(pb, "branch_mlp", []float64{0.2, 0.6, 1}, "sigma_w", []float64{0.5, 2, 4}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p := ph.Plane(); p.Wellformed() != nil || len(p.Z) != 9 || !p.Record.NoPaperFigure {
		t.Errorf("plane %+v", p)
	}
}

// TestSpecialCasesChecks: the four checks of the special cases hold (each
// difference at most SpecialCaseTol) and a composed map off by 1e-9
// fails its check.
func TestSpecialCasesChecks(t *testing.T) {
	sc, err := CheckSpecialCases()
	if err != nil {
		t.Fatal(err)
	}
	cs := sc.Checks()
	if len(cs) != 4 {
		t.Fatalf("%d checks, want 4", len(cs))
	}
	for _, c := range cs {
		if c.Rule != result.AtMost || !(c.Value <= c.Tol) {
			t.Errorf("%s: %v > %v", c.Name, c.Value, c.Tol)
		}
	}
	sc.Map = 1e-9
	if c := sc.Checks()[0]; c.Value <= c.Tol {
		t.Errorf("a composed map off by 1e-9 passes: %+v", c)
	}
}
