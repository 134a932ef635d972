package sde

import "github.com/sigprop/sigprop/lib/empirical"

// The tests of this package compare samples with package empirical; these
// short names keep them readable.
var (
	KS2        = empirical.KS2
	KSCritical = empirical.KSCritical
	Quantile   = empirical.Quantile
	MeanSD     = empirical.MeanSD
	MeanSE     = empirical.MeanSE
)
