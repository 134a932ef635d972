package result

import "testing"

// TestSampleCurvesWellformed: samples with checks or a not-compared line
// pass; the Curves' own bug, a sample with both or neither, a sample's
// KS check (it has no samples to read) and a sample's disagreement
// without a commit hash are caught.
func TestSampleCurvesWellformed(t *testing.T) {
	x := []float64{0, 1, 2}
	good := SampleCurves{Curves: Curves{Lines: []Line{{Name: "theory", X: x, Y: x}}},
		Samples: []SampleChecks{{Checks: []Check{{Name: "a"}, {Name: "b", Disagreement: sampleDisagreement()}}}, {NotCompared: "f L=3: not compared"}}}
	if err := good.Wellformed(); err != nil {
		t.Fatal(err)
	}
	hashless := sampleDisagreement()
	hashless.Declared.Commit = "HEAD"
	bad := map[string]func(s *SampleCurves){
		"short line":       func(s *SampleCurves) { s.Lines = []Line{{Name: "theory", X: x, Y: x[:2]}} },
		"checks and line":  func(s *SampleCurves) { s.Samples[1].Checks = []Check{{Name: "c"}} },
		"neither":          func(s *SampleCurves) { s.Samples[1].NotCompared = "" },
		"a KS check":       func(s *SampleCurves) { s.Samples[0].Checks = []Check{{Name: "ks", Test: KS}} },
		"no commit hash":   func(s *SampleCurves) { s.Samples[0].Checks = []Check{{Name: "d", Disagreement: hashless}} },
		"a MaxZ check too": func(s *SampleCurves) { s.Samples[0].Checks = append(s.Samples[0].Checks, Check{Name: "z", Test: MaxZ}) },
	}
	for name, f := range bad {
		s := good
		s.Samples = []SampleChecks{{Checks: append([]Check(nil), good.Samples[0].Checks...)}, good.Samples[1]}
		f(&s)
		if s.Wellformed() == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}
