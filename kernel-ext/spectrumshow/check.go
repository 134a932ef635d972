package spectrumshow

import "github.com/sigprop/sigprop/kernel-ext/show"

// Deviation declares that the sample of depth Depth of a figure is
// known to miss its theory by more than sampling noise (a finite-width
// effect): its KS check carries the Disagreement, and a second metric
// checks that the KS shrinks with width. The Disagreement's Declared
// record is completed here with the sample's seeds (DataSeeds).
type Deviation struct {
	Depth int
	show.Disagreement
}
