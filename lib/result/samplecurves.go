package result

import "fmt"

// SampleCurves is Curves drawing several samples, each beside its own
// theory (the panels of a figure of spectra, one sample per depth), and
// each compared with its theory by its own checks: after the figure's
// own checks and remarks come the samples' comparisons, in the samples'
// order, each its checks or the line saying why it was not compared.
type SampleCurves struct {
	Curves
	Samples []SampleChecks
}

// SampleChecks is the comparison of one sample with its theory: its
// checks (Given values: the experiment computed them from the sample),
// or NotCompared, the line saying why there are none (its theory
// failed), never both.
type SampleChecks struct {
	Checks      []Check
	NotCompared string
}

// Wellformed reports a caller bug: the Curves', a sample with both
// checks and a NotCompared line or with neither, a sample's check that is
// not Given, or a sample's disagreement that is not well formed.
func (s SampleCurves) Wellformed() error {
	if err := s.Curves.Wellformed(); err != nil {
		return err
	}
	for i, o := range s.Samples {
		if (len(o.Checks) > 0) == (o.NotCompared != "") {
			return fmt.Errorf("result: sample %d has %d checks and not-compared line %q: want checks or the line, not both or neither", i, len(o.Checks), o.NotCompared)
		}
		for _, c := range o.Checks {
			if c.Test != Given {
				return fmt.Errorf("result: check %q of sample %d: test %d needs data the result does not draw", c.Name, i, c.Test)
			}
			if err := c.Disagreement.Wellformed(); err != nil {
				return fmt.Errorf("result: check %q of sample %d: %w", c.Name, i, err)
			}
		}
	}
	return nil
}
