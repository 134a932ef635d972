module example.com/mish

go 1.26.8

require (
	github.com/sigprop/sigprop v0.0.0
	gonum.org/v1/gonum v0.17.0
)

// Point at your checkout of sigprop (a path, relative to this file or
// absolute): sigprop is used at its working-tree version.
replace github.com/sigprop/sigprop => ../..
