package dense

// Elementwise maps of the simulators' backward passes on the kernels'
// paths. Each runs the Go loop's operations in its order (no fused
// multiply-add; the Go fallbacks forbid fusing with an explicit conversion,
// which the compiler would otherwise do under GOAMD64=v3), so every path
// gives the same bits as the loop it replaces as compiled for GOAMD64 < v3
// (TestMapsPaths).

// Scale sets dst[j] = s·x[j], the bits of the loop dst[j] = s * x[j] on
// every path (but for which NaN's payload survives when s and x[j] are
// both NaN) (eight values at a time on AVX512, four on AVX2). dst and x
// must have the same length and be the same slice or not overlap (it
// panics otherwise).
func Scale(dst, x []float64, s float64) {
	checkUnary("Scale", dst, x)
	affine(dst, x, 0, s) // (x − 0)·s = s·x exactly, −0 included
}

// MulTanhPrime sets d[j] *= 1 − g[j]², the chain rule through tanh with
// g = tanh(h): d tanh(h)/dh = 1 − tanh²(h). It gives the bits of that loop
// (a product, a difference and a product, unfused) on every path. d and g
// must have the same length and be the same slice or not overlap (it
// panics otherwise).
func MulTanhPrime(d, g []float64) {
	checkUnary("MulTanhPrime", d, g)
	n := len(g)
	if n < asmRowMin || curPath == Portable {
		for j, v := range g {
			d[j] *= 1 - float64(v*v) // never fused, as in the kernels
		}
		return
	}
	if curPath == AVX512 {
		tanhPrimeKernel512(&d[0], &g[0], n)
		return
	}
	n4 := n &^ 3
	tanhPrimeKernel(&d[0], &g[0], n4)
	for j, v := range g[n4:] {
		d[n4+j] *= 1 - float64(v*v)
	}
}

// RMSBack sets out[j] = f·(g[j] − s·y[j]), or adds it to out[j] when add:
// one row of the pull-back of y = √d x/|x| (RMS norm) with f = √d/|x| and
// s = g·y/d. It gives the bits of that loop (a product, a difference, a
// product and, when add, a sum, unfused) on every path. out, g and y must
// have one length, and out must be g (or y) itself or not overlap it (it
// panics otherwise).
func RMSBack(out, g, y []float64, f, s float64, add bool) {
	checkUnary("RMSBack", out, g)
	checkUnary("RMSBack", out, y)
	n := len(out)
	if n < asmRowMin || curPath == Portable {
		rmsBackGo(out, g, y, f, s, add)
		return
	}
	if curPath == AVX512 {
		rmsBackKernel512(&out[0], &g[0], &y[0], n, f, s, add)
		return
	}
	n4 := n &^ 3
	rmsBackKernel(&out[0], &g[0], &y[0], n4, f, s, add)
	rmsBackGo(out[n4:], g[n4:], y[n4:], f, s, add)
}

// rmsBackGo is RMSBack's loop; the conversions forbid fusing.
func rmsBackGo(out, g, y []float64, f, s float64, add bool) {
	y, out = y[:len(g)], out[:len(g)]
	if add {
		for j, v := range g {
			out[j] += float64(f * float64(v-float64(s*y[j])))
		}
		return
	}
	for j, v := range g {
		out[j] = float64(f * float64(v-float64(s*y[j])))
	}
}
