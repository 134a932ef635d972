// Package nbparams runs a notebook with other values of its top-level
// settings, as papermill does for Python notebooks: the notebook's one code
// cell tagged "parameters" (cell metadata "tags": ["parameters"]) declares
// them as Go constants or variables, and Inject adds, right after it, a
// cell tagged "injected-parameters" that declares the chosen ones again
// with the new values.
//
// This relies on how gonb (github.com/janpfeifer/gonb, internal/goexec)
// accumulates a notebook's top-level declarations: they are kept in maps
// keyed by name (Declarations.Constants, .Variables) and a later cell's
// declaration of the same name replaces the earlier one (MergeFrom). A
// constant of a `const ( ... )` group is rendered through its group's
// chain of declarations, so a group is declared again whole, with the
// other members' source unchanged; a variable is rendered on its own and
// is declared again alone.
//
// A value is checked against the parameter's type before anything runs:
// the declared type, or for a declaration without one the type of its
// literal (an integer literal takes integers, a floating-point one any
// finite number, a string literal any text, true/false a boolean). A
// string parameter whose declaration carries the directive
// "//sigprop:oneof SET" (OneOfDirective) takes only the names of that set,
// read from the library (Sets: "activation" is activation.Names), so a
// notebook's `-p Phi=nosuch` is refused naming Phi and the names allowed.
// A numeric parameter whose declaration carries "//sigprop:check
// NAME" (CheckDirective) is checked by the library's own validation of
// the setting NAME (Checks: "sde.Model.Gamma", "sde.Model.Tau0", block
// fields such as "compose.Block.sigma_w", "tokengeom.Model.SigmaA2",
// "rankexp.GradsRho.Rho", ...), so `-p Gamma=-1` is refused
// before any cell runs with the library's range; no range is written
// here. A value of a parameter without one reaches its setting's Validate
// when its cell runs.
//
// A check of several parameters together, where one's range depends on
// another's value (an input p ∈ [−q/(n−1), q], lists of one length), is a
// CheckDirective naming one of Joint with its roles bound to parameters,
// "//sigprop:check tokencheck.OneBlocks(n=Tokens, q0s=OneBlockQ0s, ...)":
// it builds the library setting from the run's values (the defaults read
// where the cell writes them as numbers, else the library's) and runs its
// Validate, and a refusal names the parameter at fault and the values it
// was checked with.
//
// A parameter declared as a slice of one of those kinds (var Rhos =
// []float64{0.1, 0.5}, var Ns []int = ...) is a list: its value is
// comma-separated elements (`-p Rhos=0.1,0.5,0.9`), each checked as a
// value of the element's kind and by the parameter's directives, and a
// refusal names the element ("element 2 of 3 = 1.5 is out of range").
//
//	Find, Cell, Param     a notebook's parameters cell and the parameters it declares
//	Param.Go, Cell.Check  a value as Go source of the parameter's type, or the error naming it
//	Inject                the notebook with the injected-parameters cell added
//	Parse, ReadFile       NAME=VALUE assignments from -p flags and from a --params file
//	Hash                  a short digest of the values, naming a parameterised run's site
//	OneOfDirective, Sets  a string parameter's allowed names, listed by the library
//	CheckDirective, Checks a number's range, checked by the library's Validate (checks.go)
//	Joint, JointCheck     parameters checked together by the library's Validate (checks.go)
//
// Their caller is `sigprop report -p NAME=VALUE NOTEBOOK` (cmd/sigprop).
package nbparams
