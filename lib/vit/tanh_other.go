//go:build !amd64

package vit

import "math"

// tanhSlice sets x[i] = tanh(x[i]) in place.
func tanhSlice(x []float64) {
	for i, v := range x {
		x[i] = math.Tanh(v)
	}
}
