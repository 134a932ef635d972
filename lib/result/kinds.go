package result

import "fmt"

// Plane is a value on a grid of two settings (a heat map, a phase
// plane): Z[j*len(X)+i] at (X[i], Y[j]), with optional Lines drawn over
// it (a contour, a critical line) and its checks.
type Plane struct {
	Caption string
	X, Y    Axis
	Xs, Ys  []float64
	Z       []float64
	// ZName names the value (kept in the figure's data), ZLabel labels
	// the colour bar.
	ZName, ZLabel string
	Lines         []Line
	Checks        []Check
	Record        Record

	// ZMin and ZMax, when not both 0, fix the range of the colour bar
	// (chance to the best accuracy, say) instead of the data's own.
	ZMin, ZMax float64
}

// Wellformed reports a caller bug: Z not len(Xs)·len(Ys) values.
func (p Plane) Wellformed() error {
	if len(p.Z) != len(p.Xs)*len(p.Ys) {
		return fmt.Errorf("result: plane %q has %d values on a %d × %d grid", p.ZName, len(p.Z), len(p.Xs), len(p.Ys))
	}
	return nil
}

// Spectrum is samples of a law (Sample, simulated) beside samples of its
// theory (TheorySample, drawn from the theory law) and, when known, the
// theory density as a line, on [Lo, Hi] with Bins histogram bins; its KS
// checks compare the two samples.
type Spectrum struct {
	Caption      string
	X            Axis
	SampleName   string
	Sample       []float64
	TheoryName   string
	TheorySample []float64
	Density      *Line
	Lo, Hi       float64
	Bins         int
	Checks       []Check
	Record       Record
}

// Wellformed reports a caller bug: an empty sample, Hi <= Lo or no bins.
func (s Spectrum) Wellformed() error {
	if len(s.Sample) == 0 || !(s.Hi > s.Lo) || s.Bins < 1 {
		return fmt.Errorf("result: spectrum %q: %d samples on [%g, %g] in %d bins", s.SampleName, len(s.Sample), s.Lo, s.Hi, s.Bins)
	}
	return nil
}

// Table is rows of formatted cells under a header, with its checks.
type Table struct {
	Caption string
	Header  []string
	Rows    [][]string
	Checks  []Check
	Record  Record
}

// Wellformed reports a caller bug: a row whose length is not the header's.
func (t Table) Wellformed() error {
	for i, r := range t.Rows {
		if len(r) != len(t.Header) {
			return fmt.Errorf("result: table row %d has %d cells under %d headers", i, len(r), len(t.Header))
		}
	}
	return nil
}
