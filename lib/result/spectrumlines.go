package result

import "fmt"

// SpectrumLines is a Spectrum with further lines drawn over it: a second
// law beside the theory density (the Gaussian of the same variance beside
// a Gaussian scale mixture), each in its role's style. Its checks are the
// Spectrum's (a KS check compares Sample with TheorySample).
type SpectrumLines struct {
	Spectrum
	Lines []Line
}

// Wellformed reports a caller bug: the Spectrum's, or a line whose X and
// Y (and SE, when set) differ in length.
func (s SpectrumLines) Wellformed() error {
	if err := s.Spectrum.Wellformed(); err != nil {
		return err
	}
	for _, l := range s.Lines {
		if len(l.X) != len(l.Y) || (l.SE != nil && len(l.SE) != len(l.Y)) {
			return fmt.Errorf("result: spectrum %q: line %q has %d x, %d y and %d SE", s.SampleName, l.ID(), len(l.X), len(l.Y), len(l.SE))
		}
	}
	return nil
}
