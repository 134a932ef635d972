package meanfield

import (
	"fmt"
	"math"
)

// bracketEnds does what every bracketing root finder does first: an end
// where the function (named name in the error) is zero is the root, and a
// bracket without a sign change is an error. done is false when the search
// must go on.
func bracketEnds(name string, a, b, fa, fb float64) (x float64, done bool, err error) {
	switch {
	case fa == 0:
		return a, true, nil
	case fb == 0:
		return b, true, nil
	case (fa > 0) == (fb > 0):
		return 0, true, fmt.Errorf("meanfield: root not bracketed in [%g, %g] (%s = %g, %g)", a, b, name, fa, fb)
	}
	return 0, false, nil
}

// brentRoot finds a root of f in [a, b] given fa = f(a), fb = f(b) of
// opposite signs (or one of them zero), by Brent's method (inverse
// quadratic interpolation safeguarded by bisection; Brent 1973, ch. 4).
// It stops when the bracket is below xtol(x) = 2ε|x| + abs.
func brentRoot(f func(float64) float64, a, b, fa, fb, abs float64, maxIter int) (float64, error) {
	if x, done, err := bracketEnds("f", a, b, fa, fb); done {
		return x, err
	}
	c, fc := a, fa
	d := b - a
	e := d
	for it := 0; it < maxIter; it++ {
		if (fb > 0) == (fc > 0) {
			c, fc = a, fa
			d = b - a
			e = d
		}
		if math.Abs(fc) < math.Abs(fb) {
			a, b, c = b, c, b
			fa, fb, fc = fb, fc, fb
		}
		tol := 2*2.220446049250313e-16*math.Abs(b) + abs
		m := 0.5 * (c - b)
		if math.Abs(m) <= tol || fb == 0 {
			return b, nil
		}
		if math.Abs(e) >= tol && math.Abs(fa) > math.Abs(fb) {
			var p, q float64
			s := fb / fa
			if a == c {
				p = 2 * m * s
				q = 1 - s
			} else {
				qq := fa / fc
				r := fb / fc
				p = s * (2*m*qq*(qq-r) - (b-a)*(r-1))
				q = (qq - 1) * (r - 1) * (s - 1)
			}
			if p > 0 {
				q = -q
			} else {
				p = -p
			}
			if 2*p < math.Min(3*m*q-math.Abs(tol*q), math.Abs(e*q)) {
				e = d
				d = p / q
			} else {
				d = m
				e = m
			}
		} else {
			d = m
			e = m
		}
		a, fa = b, fb
		if math.Abs(d) > tol {
			b += d
		} else if m > 0 {
			b += tol
		} else {
			b -= tol
		}
		fb = f(b)
		if math.IsNaN(fb) {
			return 0, fmt.Errorf("meanfield: NaN during root finding at x = %g", b)
		}
	}
	return b, fmt.Errorf("meanfield: root finding did not converge in %d iterations", maxIter)
}

// bracketFrom searches, starting at x0 > 0 and moving geometrically by
// factor in the direction in which the monotone iteration toward a root
// would move (up when sign(g(x0)) == upSign, else down), for an interval
// [lo, hi] with a sign change of g. It stops going down at xmin (returning
// lo = 0 with glo = g0, the supplied value at 0) and going up at xmax
// (returning ok = false).
func bracketFrom(g func(float64) float64, x0, factor, xmin, xmax, g0 float64, upSign bool) (lo, hi, glo, ghi float64, ok bool) {
	gx := g(x0)
	if gx == 0 {
		return x0, x0, 0, 0, true
	}
	if (gx > 0) == upSign {
		x, gxp := x0, gx
		for x < xmax {
			y := x * factor
			gy := g(y)
			if (gy > 0) != (gxp > 0) || gy == 0 {
				return x, y, gxp, gy, true
			}
			x, gxp = y, gy
		}
		return 0, 0, 0, 0, false
	}
	x, gxp := x0, gx
	for x > xmin {
		y := x / factor
		gy := g(y)
		if (gy > 0) != (gxp > 0) || gy == 0 {
			return y, x, gy, gxp, true
		}
		x, gxp = y, gy
	}
	return 0, x, g0, gxp, true
}

// newtonRoot finds a root of g in the bracket [a, b] (ga, gb of opposite
// signs) by Newton's method safeguarded by bisection ("rtsafe", Press et
// al., Numerical Recipes §9.4); gd returns g and g′ together. It starts at
// x0 if that lies strictly inside the bracket, else at the secant point,
// and stops when the step is below 4ε|x|.
func newtonRoot(gd func(float64) (float64, float64), a, b, ga, gb, x0 float64, maxIter int) (float64, error) {
	if x, done, err := bracketEnds("g", a, b, ga, gb); done {
		return x, err
	}
	// Orient so that g(lo) < 0 < g(hi).
	lo, hi := a, b
	if ga > 0 {
		lo, hi = b, a
	}
	x := x0
	if !((x-a)*(x-b) < 0) {
		x = a - ga*(b-a)/(gb-ga)
	}
	dxOld := math.Abs(b - a)
	for it := 0; it < maxIter; it++ {
		g, dg := gd(x)
		if math.IsNaN(g) || math.IsNaN(dg) {
			return 0, fmt.Errorf("meanfield: NaN during root finding at x = %g", x)
		}
		if g == 0 {
			return x, nil
		}
		if g < 0 {
			lo = x
		} else {
			hi = x
		}
		var dx float64
		xn := x - g/dg
		if dg == 0 || (xn-lo)*(xn-hi) > 0 || math.Abs(2*g) > math.Abs(dxOld*dg) {
			xn = 0.5 * (lo + hi) // bisect
		}
		dx = xn - x
		dxOld = math.Abs(dx)
		x = xn
		if math.Abs(dx) <= 4*2.220446049250313e-16*math.Abs(x) || math.Abs(hi-lo) <= 4*2.220446049250313e-16*math.Abs(x) {
			return x, nil
		}
	}
	return x, fmt.Errorf("meanfield: Newton did not converge in %d iterations", maxIter)
}
