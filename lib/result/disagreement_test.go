package result

import (
	"slices"
	"testing"
)

func sampleDisagreement() *Disagreement {
	return &Disagreement{Paper: "the source's claim", Measured: "what is measured", Why: "why they differ",
		Declared: Declaration{Commit: "abc1234", Pilot: "a pilot run", PilotSeeds: []uint64{77}}}
}

// TestWithDataSeeds: the copy carries the seeds, shares no slice with the
// original or the argument, and leaves the original as it was; nil stays
// nil.
func TestWithDataSeeds(t *testing.T) {
	d := sampleDisagreement()
	seeds := []uint64{1, 2}
	w := d.WithDataSeeds(seeds...)
	if !slices.Equal(w.Declared.DataSeeds, []uint64{1, 2}) || d.Declared.DataSeeds != nil {
		t.Fatalf("copy's data seeds %v, original's %v", w.Declared.DataSeeds, d.Declared.DataSeeds)
	}
	seeds[0] = 9
	w.Declared.PilotSeeds[0] = 5
	if w.Declared.DataSeeds[0] != 1 || d.Declared.PilotSeeds[0] != 77 {
		t.Errorf("the copy shares a slice: data seeds %v, original pilot seeds %v", w.Declared.DataSeeds, d.Declared.PilotSeeds)
	}
	if w.Paper != d.Paper || w.Measured != d.Measured || w.Why != d.Why || w.Declared.Commit != d.Declared.Commit || w.Declared.Pilot != d.Declared.Pilot {
		t.Errorf("copy %+v differs from %+v beyond its seeds", w, d)
	}
	var none *Disagreement
	if none.WithDataSeeds(1) != nil {
		t.Error("nil became a disagreement")
	}
}

// TestDisagreementWellformed: each caller bug of Wellformed's doc is
// caught, a complete record and nil pass.
func TestDisagreementWellformed(t *testing.T) {
	if err := sampleDisagreement().Wellformed(); err != nil {
		t.Errorf("complete record: %v", err)
	}
	var none *Disagreement
	if err := none.Wellformed(); err != nil {
		t.Errorf("nil: %v", err)
	}
	bad := map[string]func(d *Disagreement){
		"no paper":           func(d *Disagreement) { d.Paper = " " },
		"no measured":        func(d *Disagreement) { d.Measured = "" },
		"no why":             func(d *Disagreement) { d.Why = "" },
		"no commit":          func(d *Disagreement) { d.Declared.Commit = "" },
		"not a hash":         func(d *Disagreement) { d.Declared.Commit = "HEAD~1" },
		"pilot without seed": func(d *Disagreement) { d.Declared.PilotSeeds = nil },
		"seeds, no pilot":    func(d *Disagreement) { d.Declared.Pilot = "" },
	}
	for name, f := range bad {
		d := sampleDisagreement()
		f(d)
		if d.Wellformed() == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}
