package result

import "fmt"

// RangedPlane is a Plane whose colour scale spans the fixed range [Min,
// Max] instead of its values' own (coded categories, a phase 1…4, keep
// their colours whichever occur).
type RangedPlane struct {
	Plane
	Min, Max float64
}

// Wellformed reports a caller bug: the Plane's, or Max not above Min.
func (p RangedPlane) Wellformed() error {
	if err := p.Plane.Wellformed(); err != nil {
		return err
	}
	if !(p.Max > p.Min) {
		return fmt.Errorf("result: plane %q: colour range [%g, %g], want Max > Min", p.ZName, p.Min, p.Max)
	}
	return nil
}
