package randmlp

import (
	"math"
	"sort"

	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
)

// ksExceeds reports whether the KS distance between eigs and s over the
// grid xs (jacspectrum.KSDistance of jacspectrum.CDF) exceeds tol, the
// question a rejection check asks, evaluating the CDF on the largest
// quarter of xs first and on the whole grid only when that quarter does
// not already exceed tol. The answer is the full grid's: CDF integrates
// from the top, so its values at the largest points do not depend on the
// smaller ones (the same bits), and KSDistance is a maximum over the
// points, so a part of the grid exceeding tol means the whole does. d is
// the KS distance over the points evaluated (the full grid's when the
// answer is no).
func ksExceeds(s jacspectrum.Spectrum, eigs, xs []float64, sup []jacspectrum.Interval, c freeprob.Continuation, tol float64) (exceeds bool, d float64, err error) {
	desc := append([]float64(nil), xs...)
	sort.Sort(sort.Reverse(sort.Float64Slice(desc)))
	for _, k := range []int{(len(desc) + 3) / 4, len(desc)} {
		cdf, err := jacspectrum.CDF(s, desc[:k], sup, c)
		if err != nil {
			return false, math.NaN(), err
		}
		if d = jacspectrum.KSDistance(eigs, desc[:k], cdf); d > tol {
			return true, d, nil
		}
	}
	return false, d, nil
}
