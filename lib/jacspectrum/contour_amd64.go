package jacspectrum

// cauchyPairs returns the sums of ContourD2.M (Σ t, Σ t r of its loop)
// over the first 2⌊len(cr)/2⌋ nodes of the path stored as separate
// arrays (c·d's real and imaginary parts, D's real and imaginary parts,
// all of one length), two nodes at a time, in the node order: the Go
// loop's bits (contour_amd64.s).
//
//go:noescape
func cauchyPairs(wr, wi float64, cr, ci, dr, di []float64) (mr, mi, sr, si float64)

// pairKernel says cauchyPairs exists on this architecture.
const pairKernel = true
