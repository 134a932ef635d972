package result

import "testing"

// TestSpectrumLinesWellformed: the Spectrum's own bug and a short line are
// caught; a well-formed value passes.
func TestSpectrumLinesWellformed(t *testing.T) {
	x := []float64{0, 1, 2}
	good := SpectrumLines{Spectrum: Spectrum{Sample: x, Lo: 0, Hi: 1, Bins: 2}, Lines: []Line{{Name: "second law", X: x, Y: x}}}
	if err := good.Wellformed(); err != nil {
		t.Errorf("good: %v", err)
	}
	noBins, short := good, good
	noBins.Bins = 0
	short.Lines = []Line{{Name: "second law", X: x, Y: x[:2]}}
	for name, s := range map[string]SpectrumLines{"no bins": noBins, "short line": short} {
		if s.Wellformed() == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}
