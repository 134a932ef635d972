// Package param holds the one sentinel of a setting out of its range and
// formats its errors the same way in every lib package,
//
//	<package>: parameter out of range: NAME = VALUE, want RANGE,
//
// so that a caller tests errors.Is(err, pkg.ErrParam) and reads which
// field to change and to what.
//
//	New(pkg)                            a package's ErrParam; errors.Is matches any package's ErrParam
//	Err(sentinel, name, got, allowed)   the error of one setting (*Error: Unwrap, Field)
//	Min(name, value, min), AtLeast      integer lower bounds checked in order; the first one broken is the error
//
// Each package declares var ErrParam = param.New("<package>") and checks
// its settings in their Validate methods, with the ranges it declares as
// Range values (README.md, "Validation policy"); the test of this
// package holds lib to that policy.
//
//	Range{Min, Max, MinOpen, MaxOpen, Integer}   a setting's allowed interval: Check, CheckInt, String, Closed, Within
package param
