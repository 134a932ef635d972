package finitewidth

// The block map evaluates the noise of the cross term and of the shaped
// logits at exchangeable Gram matrices, where every matrix involved lies
// in the commutative algebra spanned by I and J = 𝟏𝟏ᵀ (n×n):
//
//	(αI + βJ)(γI + δJ) = αγ I + (αδ + βγ + nβδ) J,   tr(αI + βJ) = n(α + β),
//
// so crossNoise and shapedLogitNoise cost O(1) instead of O(n³) there
// (TestExchangeableForms checks them against the matrix forms).

// exch is αI + βJ of size n.
type exch struct{ a, b float64 }

func (x exch) mul(y exch, n float64) exch {
	return exch{x.a * y.a, x.a*y.b + x.b*y.a + n*x.b*y.b}
}

func (x exch) tr(n float64) float64 { return n * (x.a + x.b) }

// equiExch is the equicorrelated Gram matrix (q on the diagonal, p off it).
func equiExch(q, p float64) exch { return exch{q - p, p} }

// functionalsExch are a_q = I/n and a_p = (J − I)/(n(n−1)).
func functionalsExch(n float64) [2]exch {
	return [2]exch{{1 / n, 0}, {-1 / (n * (n - 1)), 1 / (n * (n - 1))}}
}

// crossNoiseExch is crossNoise at exchangeable Gram matrices (qx, px),
// (qu, pu) of n tokens.
func crossNoiseExch(n int, qx, px, qu, pu, w2 float64) mat2 {
	fn := float64(n)
	a := functionalsExch(fn)
	gx, gu := equiExch(qx, px), equiExch(qu, pu)
	var out mat2
	for i := range 2 {
		for j := range 2 {
			out[i][j] = 4 * w2 * a[i].mul(gx, fn).mul(a[j], fn).mul(gu, fn).tr(fn)
		}
	}
	return out
}

// shapedLogitNoiseExch is shapedLogitNoise at the exchangeable Gram
// matrix (q, p) of n tokens.
func shapedLogitNoiseExch(n int, q, p, d, tau0 float64, heads int) mat2 {
	fn := float64(n)
	a := functionalsExch(fn)
	g := equiExch(q, p)
	v := exch{g.a / d, g.b / d}
	P := exch{1, -1 / fn}
	var C [2]exch
	for k := range 2 {
		C[k] = P.mul(g, fn).mul(a[k], fn)
	}
	f := 4 / (fn * fn * tau0 * tau0 * d * float64(heads))
	var out mat2
	for i := range 2 {
		for j := range 2 {
			out[i][j] = f * C[i].mul(v, fn).mul(C[j], fn).mul(v, fn).tr(fn) // C symmetric: Cᵀ = C
		}
	}
	return out
}
