//go:build openblas

package openblas

// gonum's netlib wrapper leaves the library to link to the user; this
// directive names OpenBLAS for the final link.

// #cgo LDFLAGS: -lopenblas
import "C"

import (
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/netlib/blas/netlib"
)

// Enabled reports whether OpenBLAS is in use.
const Enabled = true

func init() {
	blas64.Use(netlib.Implementation{})
}
