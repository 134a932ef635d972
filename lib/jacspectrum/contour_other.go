//go:build !amd64

package jacspectrum

// cauchyPairs is not used off amd64 (pairKernel); M runs its Go loop.
func cauchyPairs(wr, wi float64, cr, ci, dr, di []float64) (mr, mi, sr, si float64) {
	panic("jacspectrum: cauchyPairs without an assembly kernel")
}

const pairKernel = false
