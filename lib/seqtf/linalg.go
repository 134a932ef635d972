package seqtf

// Small dense helpers on row-major slices; the model is tiny (d = 16,
// n = 20), so plain loops suffice.

// mulAdd: c (r×m) += a (r×k) · b (k×m).
func mulAdd(c, a, b []float64, r, k, m int) {
	for i := 0; i < r; i++ {
		ci := c[i*m : (i+1)*m]
		for p := 0; p < k; p++ {
			aip := a[i*k+p]
			if aip == 0 {
				continue
			}
			bp := b[p*m : (p+1)*m]
			for j, v := range bp {
				ci[j] += aip * v
			}
		}
	}
}

// mulTAAdd: c (k×m) += aᵀ · b, a r×k, b r×m (weight gradients).
func mulTAAdd(c, a, b []float64, r, k, m int) {
	for i := 0; i < r; i++ {
		bi := b[i*m : (i+1)*m]
		for p := 0; p < k; p++ {
			aip := a[i*k+p]
			if aip == 0 {
				continue
			}
			cp := c[p*m : (p+1)*m]
			for j, v := range bi {
				cp[j] += aip * v
			}
		}
	}
}

// mulTBAdd: c (r×k) += a · bᵀ, a r×m, b k×m (input gradients, QKᵀ).
func mulTBAdd(c, a, b []float64, r, k, m int) {
	for i := 0; i < r; i++ {
		ai := a[i*m : (i+1)*m]
		for p := 0; p < k; p++ {
			bp := b[p*m : (p+1)*m]
			s := 0.0
			for j, v := range ai {
				s += v * bp[j]
			}
			c[i*k+p] += s
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
