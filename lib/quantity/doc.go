// Package quantity is the registry behind `sigprop eval`: every headline
// quantity of the library under a dotted name ("meanfield.qstar"), with its
// parameters, their defaults and allowed ranges, and the source equation.
//
// Science packages do not import this package; each registers its
// quantities from a file of its own here (meanfield.go, tokengeom.go, ...),
// so lib/ packages stay free of CLI concerns and the registry is one place.
package quantity
