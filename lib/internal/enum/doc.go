// Package enum names the values of sigprop's small integer enumerations
// (weight ensembles, SDE models, residual scalings, ...): one table of
// names indexed by value gives both String and its inverse, so that a
// package states its names once instead of in two switch statements.
//
//	Name(v, typ, names)   names[v], or "typ(v)" for a value without a name: a type's String method
//	Parse[E](s, names)    the value named s, and whether there is one: the inverse, for parsing a setting
//
// A package declares its table once, e.g. var ensembleNames = []string{...}
// in lib/jacspectrum, and both of its methods read it.
package enum
