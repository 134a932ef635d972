package result

import "fmt"

// Densities is several samples drawn as densities in one figure on
// [Lo, Hi], each beside its reference sample (a network's law beside its
// SDE's, one pair per γ or per T), with the KS checks of the pairs: what
// Spectrum, one sample beside one theory, does not hold.
//
// A pair's sample is drawn as a histogram of Bins bins (points), its
// kernel density estimate at 4·Bins + 1 points (a line), or both (Draw);
// its reference as its kernel density estimate, dashed, in the colour of
// the sample's last series. A KS check names its pair by Sim (the pair's
// Key) or carries its own Samples (samples the figure does not draw).
type Densities struct {
	Caption string
	X       Axis
	Lo, Hi  float64
	Bins    int
	Pairs   []DensityPair
	Checks  []Check
	Record  Record
}

// Draw says how a pair's sample is drawn.
type Draw int

const (
	// DrawHistogram: its histogram, as points.
	DrawHistogram Draw = iota
	// DrawKDE: its kernel density estimate, as a line.
	DrawKDE
	// DrawBoth: its histogram (points, named Name) and its kernel
	// density estimate (a line, named Name + " (KDE)").
	DrawBoth
)

// DensityPair is a Sample (legend entry Name, drawn as Draw says) beside
// its reference sample Ref (legend entry RefName); Key is what checks name
// it by.
type DensityPair struct {
	Key     string
	Name    string
	Sample  []float64
	Draw    Draw
	RefName string
	Ref     []float64
}

// Samples are the two samples of a KS check that does not read a drawn
// pair (or line): X against Y.
type Samples struct {
	X, Y []float64
}

// Pair returns the pair whose Key is key.
func (d Densities) Pair(key string) (DensityPair, bool) {
	for _, p := range d.Pairs {
		if p.Key == key {
			return p, true
		}
	}
	return DensityPair{}, false
}

// Wellformed reports a caller bug in d: Hi <= Lo, no bins, no pair, an
// empty sample or reference, two pairs of one key, or a KS check that
// names no pair of d and carries no samples of its own.
func (d Densities) Wellformed() error {
	if !(d.Hi > d.Lo) || d.Bins < 1 || len(d.Pairs) == 0 {
		return fmt.Errorf("result: densities on [%g, %g] in %d bins with %d pairs", d.Lo, d.Hi, d.Bins, len(d.Pairs))
	}
	seen := map[string]bool{}
	for _, p := range d.Pairs {
		if len(p.Sample) == 0 || len(p.Ref) == 0 {
			return fmt.Errorf("result: density pair %q has %d samples and %d reference samples", p.Key, len(p.Sample), len(p.Ref))
		}
		if seen[p.Key] {
			return fmt.Errorf("result: two density pairs keyed %q", p.Key)
		}
		seen[p.Key] = true
	}
	for _, c := range d.Checks {
		if c.Test != KS || c.NotApplicable != "" {
			continue
		}
		if s := c.Samples; s != nil {
			if len(s.X) == 0 || len(s.Y) == 0 {
				return fmt.Errorf("result: KS check %q on %d and %d samples", c.Name, len(s.X), len(s.Y))
			}
			continue
		}
		if _, ok := d.Pair(c.Sim); !ok {
			return fmt.Errorf("result: KS check %q names pair %q, not in the result", c.Name, c.Sim)
		}
	}
	return nil
}
