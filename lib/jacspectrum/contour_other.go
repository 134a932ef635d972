//go:build !amd64

package jacspectrum

// cauchyPairs is not used off amd64 (pairKernel); M runs its Go loop.
func cauchyPairs(wr, wi float64, cr, ci, dr, di []float64) (mr, mi, sr, si float64) {
	panic("jacspectrum: cauchyPairs without an assembly kernel")
}

const pairKernel = false

// cauchyTwo is not used off amd64 (twoKernel); mPair runs M's loop twice.
func cauchyTwo(wr0, wi0, wr1, wi1 float64, cr, ci, dr, di []float64) (m0r, m0i, s0r, s0i, m1r, m1i, s1r, s1i float64) {
	panic("jacspectrum: cauchyTwo without an assembly kernel")
}

const twoKernel = false

// cauchyTwoAVX is not used off amd64 (twoAVX).
func cauchyTwoAVX(wr0, wi0, wr1, wi1 float64, cr, ci, dr, di []float64) (m0r, m0i, s0r, s0i, m1r, m1i, s1r, s1i float64) {
	panic("jacspectrum: cauchyTwoAVX without an assembly kernel")
}

var twoAVX = false
