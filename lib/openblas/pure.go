//go:build !openblas

package openblas

// Enabled reports whether OpenBLAS is in use.
const Enabled = false
