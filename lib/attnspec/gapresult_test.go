package attnspec

import (
	"math"
	"testing"
)

// TestGapCurves: the spectral gap as a result. At the notes' T = 512,
// s = 1 it claims their figure, every band check applies, those on |λ₂| and
// the bulk outside 1.1 r_T hold, the
// circle has the closed-form radius √((e − 1)/T) and λ₁ = 1 to 1e-10; at
// T = 64, s = 2 (outside the bands) it claims nothing and the three band
// checks are not applicable, |λ₁ − 1| still applies. The eigenvalues are
// drawn as they are.
func TestGapCurves(t *testing.T) {
	g, err := GapSettings{T: 512, S: 1, Seed: 90, Stream: 7}.Run()
	if err != nil {
		t.Fatal(err)
	}
	c := g.Curves()
	if err := c.Wellformed(); err != nil || !c.Record.AtPaper || c.Record.Params["T"] != 512 || c.Record.Seed != 90 || !c.Record.HasSeed {
		t.Fatalf("record %+v, %v", c.Record, err)
	}
	circle := c.Lines[1]
	if r := math.Hypot(circle.X[37], circle.Y[37]); math.Abs(r-math.Sqrt((math.E-1)/512)) > 1e-15 || len(circle.X) != circlePoints {
		t.Errorf("circle radius %v, want √((e−1)/512)", r)
	}
	if eig := c.Lines[0]; len(eig.X) != 512 || eig.X[0] != real(g.Eigs[0]) || eig.Y[5] != imag(g.Eigs[5]) {
		t.Errorf("eigenvalues drawn %d, first %v", len(eig.X), eig.X[0])
	}
	// The σ₂ band is not asserted to hold: at T = 512, s = 1 its value
	// σ₂/(2 r_T) − 1 was 0.068 at notebook 04's seed but 0.52, 0.53, 0.33
	// and 0.05 at seeds 602 (stream 1), 90, 91, 92 (stream 7), outside the
	// notes' band [0.9, 1.3] at three of five seeds: a finding, not a
	// property of this conversion.
	for _, k := range c.Checks {
		held := math.Abs(k.Value) <= k.Tol
		switch k.Name {
		case "fraction of the bulk outside 1.1 r_T":
			held = k.Value <= k.Tol
		case "σ₂/(2 r_T) − 1":
			held = true
		}
		if k.NotApplicable != "" || !held {
			t.Errorf("T = 512: check %q = %v (tol %v), not applicable %q", k.Name, k.Value, k.Tol, k.NotApplicable)
		}
	}
	g, err = GapSettings{T: 64, S: 2, Seed: 5, Stream: 7}.Run()
	if err != nil {
		t.Fatal(err)
	}
	c = g.Curves()
	if c.Record.AtPaper || c.Checks[0].NotApplicable != "" {
		t.Errorf("T = 64, s = 2: at the notes' figure %v, |λ₁ − 1| not applicable %q", c.Record.AtPaper, c.Checks[0].NotApplicable)
	}
	for _, k := range c.Checks[1:] {
		if k.NotApplicable != "the notes state this band for T ≥ 256, s ≤ 1; here T = 64, s = 2" {
			t.Errorf("T = 64, s = 2: check %q not applicable %q", k.Name, k.NotApplicable)
		}
	}
}
