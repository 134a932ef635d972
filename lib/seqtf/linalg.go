package seqtf

// Small dense helpers on row-major slices; the model is tiny (d = 16,
// n = 20), so plain loops suffice. Each product adds its terms to every
// entry of c in one fixed order (over the inner index, ascending), with
// no fused multiply-add, skipping a zero factor of a (so that 0·∞ adds
// nothing); the loops below work on four terms at a time only where that
// keeps this order, so their bits are those of the one-term loops
// (TestProductsMatchOneTermLoops).

// mulAdd: c (r×m) += a (r×k) · b (k×m).
func mulAdd(c, a, b []float64, r, k, m int) {
	for i := 0; i < r; i++ {
		ci := c[i*m : (i+1)*m]
		ai := a[i*k : (i+1)*k]
		p := 0
		for ; p+4 <= k; p += 4 {
			var t terms
			for q := p; q < p+4; q++ {
				t.add(ai[q], b[q*m:(q+1)*m])
			}
			t.addTo(ci)
		}
		for ; p < k; p++ {
			axpy(ci, ai[p], b[p*m:(p+1)*m])
		}
	}
}

// terms holds up to four terms α_t x_t, in order, of a sum y += Σ_t α_t x_t
// (the zero α dropped); addTo adds them to y one after the other, entry by
// entry.
type terms struct {
	n     int
	alpha [4]float64
	x     [4][]float64
}

func (t *terms) add(alpha float64, x []float64) {
	if alpha != 0 {
		t.alpha[t.n], t.x[t.n] = alpha, x
		t.n++
	}
}

func (t *terms) addTo(y []float64) {
	switch t.n {
	case 1:
		axpy(y, t.alpha[0], t.x[0])
	case 2:
		a0, a1 := t.alpha[0], t.alpha[1]
		x0, x1 := t.x[0][:len(y)], t.x[1][:len(y)]
		for j, v := range y {
			v += a0 * x0[j]
			v += a1 * x1[j]
			y[j] = v
		}
	case 3:
		a0, a1, a2 := t.alpha[0], t.alpha[1], t.alpha[2]
		x0, x1, x2 := t.x[0][:len(y)], t.x[1][:len(y)], t.x[2][:len(y)]
		for j, v := range y {
			v += a0 * x0[j]
			v += a1 * x1[j]
			v += a2 * x2[j]
			y[j] = v
		}
	case 4:
		a0, a1, a2, a3 := t.alpha[0], t.alpha[1], t.alpha[2], t.alpha[3]
		x0, x1, x2, x3 := t.x[0][:len(y)], t.x[1][:len(y)], t.x[2][:len(y)], t.x[3][:len(y)]
		for j, v := range y {
			v += a0 * x0[j]
			v += a1 * x1[j]
			v += a2 * x2[j]
			v += a3 * x3[j]
			y[j] = v
		}
	}
}

// axpy: y += α x unless α = 0 (one term of mulAdd and mulTAAdd).
func axpy(y []float64, alpha float64, x []float64) {
	if alpha == 0 {
		return
	}
	x = x[:len(y)]
	for j, v := range x {
		y[j] += alpha * v
	}
}

// mulTAAdd: c (k×m) += aᵀ · b, a r×k, b r×m (weight gradients).
func mulTAAdd(c, a, b []float64, r, k, m int) {
	i := 0
	for ; i+4 <= r; i += 4 {
		for p := 0; p < k; p++ {
			var t terms
			for q := i; q < i+4; q++ {
				t.add(a[q*k+p], b[q*m:(q+1)*m])
			}
			t.addTo(c[p*m : (p+1)*m])
		}
	}
	for ; i < r; i++ {
		bi := b[i*m : (i+1)*m]
		for p := 0; p < k; p++ {
			axpy(c[p*m:(p+1)*m], a[i*k+p], bi)
		}
	}
}

// mulTBAdd: c (r×k) += a · bᵀ, a r×m, b k×m (input gradients, QKᵀ). Four
// dot products at a time, each summed in its own order.
func mulTBAdd(c, a, b []float64, r, k, m int) {
	for i := 0; i < r; i++ {
		ai := a[i*m : (i+1)*m]
		ci := c[i*k : (i+1)*k]
		p := 0
		for ; p+4 <= k; p += 4 {
			b0, b1, b2, b3 := b[p*m:(p+1)*m], b[(p+1)*m:(p+2)*m], b[(p+2)*m:(p+3)*m], b[(p+3)*m:(p+4)*m]
			b0, b1, b2, b3 = b0[:len(ai)], b1[:len(ai)], b2[:len(ai)], b3[:len(ai)]
			var s0, s1, s2, s3 float64
			for j, v := range ai {
				s0 += v * b0[j]
				s1 += v * b1[j]
				s2 += v * b2[j]
				s3 += v * b3[j]
			}
			ci[p] += s0
			ci[p+1] += s1
			ci[p+2] += s2
			ci[p+3] += s3
		}
		for ; p < k; p++ {
			ci[p] += dot(ai, b[p*m:(p+1)*m])
		}
	}
}

// addRows: x (r×m) += bias (m) on every row.
func addRows(x, bias []float64, r, m int) {
	for i := 0; i < r; i++ {
		xi := x[i*m : (i+1)*m]
		for j, v := range bias {
			xi[j] += v
		}
	}
}

// sumRowsAdd: dst (m) += Σ_i x_i (bias gradients).
func sumRowsAdd(dst, x []float64, r, m int) {
	for i := 0; i < r; i++ {
		for j, v := range x[i*m : (i+1)*m] {
			dst[j] += v
		}
	}
}

func zero(x []float64) {
	for i := range x {
		x[i] = 0
	}
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}
