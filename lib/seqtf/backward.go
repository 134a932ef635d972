package seqtf

type bwdScratch struct {
	dx, dx1, du, da, dh, dq, dk, dv, df []float64 // Bn×d
	dz                                  []float64 // Bn×FF
	ds                                  []float64 // n×n
	dlogit                              []float64 // Bn×V
}

// LossGrad runs the forward pass (Loss) and writes the gradient of the
// mean per-position cross-entropy with respect to every parameter into
// Grads (overwriting it). With TrainAlpha off the α tensors' gradients are
// left at zero, so that an optimiser leaves them where they are. The
// reverse pass is written by hand; TestGradientFiniteDifference checks
// every tensor against central differences.
func (m *Model) LossGrad(tokens, target []int) (loss float64, correct int, err error) {
	B := m.checkBatch(tokens, target)
	loss, correct, err = m.forward(tokens, target, B)
	if err != nil {
		return loss, correct, err
	}
	zero(m.grads)
	c := m.cache
	n, d, ff, V := m.cfg.Len, m.cfg.D, m.cfg.FF, m.cfg.Vocab
	R := B * n
	sc := &bwdScratch{
		dx: make([]float64, R*d), dx1: make([]float64, R*d), du: make([]float64, R*d), da: make([]float64, R*d),
		dh: make([]float64, R*d), dq: make([]float64, R*d), dk: make([]float64, R*d), dv: make([]float64, R*d),
		df: make([]float64, R*d), dz: make([]float64, R*ff), ds: make([]float64, n*n), dlogit: make([]float64, R*V),
	}
	// Head: ∂loss/∂logit = (p − onehot)/R.
	copy(sc.dlogit, c.prob)
	for r := 0; r < R; r++ {
		sc.dlogit[r*V+target[r]]--
	}
	for i := range sc.dlogit {
		sc.dlogit[i] /= float64(R)
	}
	mulTAAdd(m.head.g, c.out, sc.dlogit, R, d, V)
	sumRowsAdd(m.headB.g, sc.dlogit, R, V)
	mulTBAdd(sc.dx, sc.dlogit, m.head.v, R, d, V)

	scale := m.cfg.logitScale()
	skip := m.cfg.skip()
	causal, shaped := m.cfg.Causal, m.cfg.Attention == Shaped
	sr, sl := m.cfg.reluSlopes()
	post, pre := m.cfg.Norm == PostLN, m.cfg.Norm == PreLN
	var din []float64
	if pre {
		din = make([]float64, R*d)
	}
	for l := len(m.blocks) - 1; l >= 0; l-- {
		b, lc := &m.blocks[l], &c.layers[l]
		a1, a2 := b.a1.v[0], b.a2.v[0]
		// X' = LN₂(U₂) (POST-LN) or U₂, U₂ = λX^(A) + α₂ F.
		du := sc.dx
		if post {
			layerNormBack(sc.du, sc.dx, lc.xh2, lc.inv2, b.g2, b.b2, R, d)
			du = sc.du
		}
		if skip == 1 {
			copy(sc.dx1, du)
		} else {
			for i, g := range du {
				sc.dx1[i] = skip * g
			}
		}
		for i, g := range du {
			sc.df[i] = a2 * g
		}
		if m.cfg.TrainAlpha {
			b.a2.g[0] += dot(du, lc.f)
		}
		mulTAAdd(b.w2.g, lc.r, sc.df, R, ff, d)
		sumRowsAdd(b.c2.g, sc.df, R, d)
		zero(sc.dz)
		mulTBAdd(sc.dz, sc.df, b.w2.v, R, ff, d)
		if m.cfg.Activation == ShapedReLU {
			for i, z := range lc.z {
				if z < 0 {
					sc.dz[i] *= sl
				} else {
					sc.dz[i] *= sr
				}
			}
		} else {
			for i, z := range lc.z {
				if z <= 0 {
					sc.dz[i] = 0
				}
			}
		}
		if pre {
			mulTAAdd(b.w1.g, lc.n2, sc.dz, R, d, ff)
			sumRowsAdd(b.c1.g, sc.dz, R, ff)
			zero(din)
			mulTBAdd(din, sc.dz, b.w1.v, R, d, ff)
			layerNormBack(sc.du, din, lc.xh2, lc.inv2, b.g2, b.b2, R, d)
			for i, g := range sc.du {
				sc.dx1[i] += g
			}
		} else {
			mulTAAdd(b.w1.g, lc.x1, sc.dz, R, d, ff)
			sumRowsAdd(b.c1.g, sc.dz, R, ff)
			mulTBAdd(sc.dx1, sc.dz, b.w1.v, R, d, ff)
		}
		// X^(A) = LN₁(U₁) (POST-LN) or U₁, U₁ = λX + α₁ ATT.
		du = sc.dx1
		if post {
			layerNormBack(sc.du, sc.dx1, lc.xh1, lc.inv1, b.g1, b.b1, R, d)
			du = sc.du
		}
		if skip == 1 {
			copy(sc.dx, du) // the skip path; the branch's pullback is added below
		} else {
			for i, g := range du {
				sc.dx[i] = skip * g
			}
		}
		for i, g := range du {
			sc.da[i] = a1 * g
		}
		if m.cfg.TrainAlpha {
			b.a1.g[0] += dot(du, lc.a)
		}
		mulTAAdd(b.wo.g, lc.h, sc.da, R, d, d)
		sumRowsAdd(b.bo.g, sc.da, R, d)
		zero(sc.dh)
		mulTBAdd(sc.dh, sc.da, b.wo.v, R, d, d)
		zero(sc.dq)
		zero(sc.dk)
		zero(sc.dv)
		for s := 0; s < B; s++ {
			o := s * n * d
			S := lc.s[s*n*n : (s+1)*n*n]
			dH := sc.dh[o : o+n*d]
			// H = S V (+ (I − C)V): dS = dH Vᵀ, dV = Sᵀ dH (+ (I − C)ᵀ dH).
			zero(sc.ds)
			mulTBAdd(sc.ds, dH, lc.v[o:o+n*d], n, n, d)
			mulTAAdd(sc.dv[o:o+n*d], S, dH, n, n, d)
			if shaped {
				centreAddT(sc.dv[o:o+n*d], dH, n, d, causal)
			}
			// Softmax rows: dℓ = S ⊙ (dS − Σ_j dS S), times the logit scale
			// (zero where the mask set S to 0).
			for i := 0; i < n; i++ {
				row, srow := sc.ds[i*n:(i+1)*n], S[i*n:(i+1)*n]
				t := dot(row, srow)
				for j := range row {
					row[j] = srow[j] * (row[j] - t) * scale
				}
			}
			// ℓ = Q Kᵀ: dQ = dℓ K, dK = dℓᵀ Q.
			mulAdd(sc.dq[o:o+n*d], sc.ds, lc.k[o:o+n*d], n, n, d)
			mulTAAdd(sc.dk[o:o+n*d], sc.ds, lc.q[o:o+n*d], n, n, d)
		}
		in1, dIn := lc.x, sc.dx
		if pre {
			in1, dIn = lc.n1, din
			zero(din)
		}
		for _, p := range []struct {
			dy   []float64
			w, b tview
		}{{sc.dq, b.wq, b.bq}, {sc.dk, b.wk, b.bk}, {sc.dv, b.wv, b.bv}} {
			mulTAAdd(p.w.g, in1, p.dy, R, d, d)
			sumRowsAdd(p.b.g, p.dy, R, d)
			mulTBAdd(dIn, p.dy, p.w.v, R, d, d)
		}
		if pre {
			layerNormBack(sc.du, din, lc.xh1, lc.inv1, b.g1, b.b1, R, d)
			for i, g := range sc.du {
				sc.dx[i] += g
			}
		}
	}
	for r := 0; r < R; r++ {
		g := m.embed.g[tokens[r]*d : (tokens[r]+1)*d]
		for j := range g {
			g[j] += sc.dx[r*d+j]
		}
	}
	return loss, correct, nil
}

// layerNormBack writes into du the pullback of dy through y = γ x̂ + β,
// x̂ = (u − ū)·inv, and adds the gain and shift gradients:
//
//	du = inv·(g − mean(g) − x̂ mean(g ⊙ x̂)),  g = dy ⊙ γ.
func layerNormBack(du, dy, xh, inv []float64, gain, shift tview, R, d int) {
	g := make([]float64, d)
	for r := 0; r < R; r++ {
		dyr, xr := dy[r*d:(r+1)*d], xh[r*d:(r+1)*d]
		mg, mgx := 0.0, 0.0
		for j := range g {
			gain.g[j] += dyr[j] * xr[j]
			shift.g[j] += dyr[j]
			g[j] = dyr[j] * gain.v[j]
			mg += g[j]
			mgx += g[j] * xr[j]
		}
		mg /= float64(d)
		mgx /= float64(d)
		for j := range g {
			du[r*d+j] = inv[r] * (g[j] - mg - xr[j]*mgx)
		}
	}
}
