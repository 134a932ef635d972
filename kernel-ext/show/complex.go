package show

import (
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// ComplexPoints is the scatter of the complex numbers z in the plane:
// real parts against imaginary parts (an eigenvalue plot).
func ComplexPoints(name string, z []complex128) Series {
	re, im := make([]float64, len(z)), make([]float64, len(z))
	for i, v := range z {
		re[i], im[i] = real(v), imag(v)
	}
	return Series{Name: name, X: re, Y: im, Style: Points}
}

// Circle is the circle of radius r about 0 as a line through n points at
// the angles empirical.Linspace(0, 2π, n), closed (the last point is the
// first up to rounding). It panics unless n >= 2.
func Circle(name string, r float64, n int) Series {
	if n < 2 {
		panic("show: Circle needs n >= 2")
	}
	th := empirical.Linspace(0, 2*math.Pi, n)
	x, y := make([]float64, n), make([]float64, n)
	for i, t := range th {
		x[i], y[i] = r*math.Cos(t), r*math.Sin(t)
	}
	return Series{Name: name, X: x, Y: y}
}
