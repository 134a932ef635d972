package randmlp

import (
	"errors"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/result"
)

// TestSTransformCurves: at small sizes the check reads the run's own means
// and SEs against (1+z)^(-2) at the points drawn (the line carries no SE:
// the figure draws the means), claims nothing away from the lecture's
// sizes, and a run of one draw or of depth 1 is an ErrParam error.
func TestSTransformCurves(t *testing.T) {
	spec := LectureSTransform()
	spec.Width, spec.Draws = 40, 3
	ss, err := SampleSpectra([]SpectrumSpec{spec}, 1)
	if err != nil {
		t.Fatal(err)
	}
	zs := []float64{-0.5, -0.2}
	c, err := ss[0].STransformCurves(zs)
	if err != nil {
		t.Fatal(err)
	}
	mean, se, _ := ss[0].STransform(zs)
	k := c.Checks[0]
	if err := c.Wellformed(); err != nil || c.Record.AtPaper || k.Test != result.MaxZ || k.Points.Y[1] != mean[1] || k.Points.SE[0] != se[0] || k.Points.Theory[0] != 1/(0.5*0.5) ||
		c.Lines[1].SE != nil || math.Abs(c.Lines[0].Y[1]-1/(0.8*0.8)) > 1e-12 {
		t.Errorf("curves %+v, %v", c, err)
	}
	for _, bad := range []SpectrumSpec{{Depth: 2, Draws: 1}, {Depth: 1, Draws: 4}} {
		if _, err := (SpectrumSample{SpectrumSpec: bad}).STransformCurves(zs); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: %v, want ErrParam", bad, err)
		}
	}
}
