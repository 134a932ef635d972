// Package param formats the error of a setting out of its range the same
// way in every lib package,
//
//	<package>: parameter out of range: NAME = VALUE, want RANGE,
//
// wrapping the package's own ErrParam sentinel, so that a caller tests
// errors.Is(err, pkg.ErrParam) and reads which field to change and to what.
//
//	Err(sentinel, name, got, allowed)   the error of one setting
//	Min(name, value, min), AtLeast      integer lower bounds checked in order; the first one broken is the error
//
// It only formats: each package keeps its own ErrParam and decides its own
// ranges (STYLE.md, "Errors and panics").
package param
