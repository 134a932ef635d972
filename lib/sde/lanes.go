package sde

import (
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// lanes is the number of paths a block integrates together. The block keeps
// every matrix entry of its paths contiguous (structure of arrays: entry e
// of lane l at [e*lanes + l]), so each arithmetic step of the integrator is
// one loop over the lanes: independent operations the processor overlaps,
// without the per-path loop bookkeeping of the one-path code.
const lanes = 16

// block is the structure-of-arrays state and scratch of one worker: up to
// lanes paths of a Model run stepped together. Every lane performs exactly
// the floating-point operations, in the same order, as the one-path
// reference (runPath with factor, driftFlat and noiseFromGaussians), so a
// path's bits do not depend on which block or worker runs it. A lane whose
// Cholesky factor needs the zero-pivot or eigendecomposition branch of the
// PSD guard takes that step on the one-path code (guardScalar).
type block struct {
	m, mm, nz int
	// SoA arrays, [entry*lanes + lane].
	v, prev, r, z, drift, inc []float64
	c, svec, u                []float64 // drift scratch (m², m, m)
	pr, mt, nm, k, t1         []float64 // noise scratch
	norm2                     []float64 // per lane
	// per lane; ok: 1 plain Cholesky factor in r, 0 one-path triangular
	// factor, −1 one-path full (eigen) factor
	ok     [lanes]int8
	g      [lanes]gauss
	path   [lanes]int
	active [lanes]bool
	scalar [lanes]bool
	// one-path scratch for the guard's slow branches
	ws   *workspace
	lv   []float64 // one lane's V (m²)
	lz   []float64 // one lane's normals
	linc []float64 // lanes × m²: increments of scalar lanes
}

func newBlock(m int) *block {
	mm := m * m
	nz := m*(m+1)/2 + mm
	b := &block{m: m, mm: mm, nz: nz, ws: newWorkspace(m)}
	buf := make([]float64, lanes*(11*mm+nz+2*m+1)+mm+lanes*mm)
	take := func(k int) []float64 { x := buf[:k:k]; buf = buf[k:]; return x }
	b.v, b.prev, b.r, b.drift, b.inc = take(mm*lanes), take(mm*lanes), take(mm*lanes), take(mm*lanes), take(mm*lanes)
	b.c, b.pr, b.mt, b.nm, b.k, b.t1 = take(mm*lanes), take(mm*lanes), take(mm*lanes), take(mm*lanes), take(mm*lanes), take(mm*lanes)
	b.z = take(nz * lanes)
	b.svec, b.u = take(m*lanes), take(m*lanes)
	b.norm2 = take(lanes)
	b.lv, b.linc = take(mm), take(lanes*mm)
	b.lz = b.ws.z
	return b
}

// ln returns entry e's lanes.
func ln(x []float64, e int) *[lanes]float64 { return (*[lanes]float64)(x[e*lanes : e*lanes+lanes]) }

// runBlock integrates paths first … first+n−1 of a Model run (n ≤ lanes)
// and writes them into res; errs[p] receives path p's *NotPSDError.
func (b *block) runBlock(md Model, v0 []float64, res *Result, errs []error, first, n int, seed uint64, sc runSchedule, s Settings) {
	m, mm := b.m, b.mm
	aLin, cA := md.NoiseCoeffs()
	nz := b.nz
	if cA == 0 {
		nz = m * (m + 1) / 2
	}
	for e := 0; e < mm; e++ {
		for l := 0; l < lanes; l++ {
			b.v[e*lanes+l] = v0[e]
			b.r[e*lanes+l] = 0 // the upper triangle stays zero
		}
	}
	copy(b.prev, b.v)
	for i := range b.z {
		b.z[i] = 0
	}
	for l := 0; l < lanes; l++ {
		b.active[l] = l < n
		if l < n {
			p := first + l
			b.path[l] = p
			b.g[l].seed(seed, p)
			res.StopTime[p] = res.T
		}
	}
	// taken counts the recorded times reached (runPath's rule: the state
	// after the step's guard, frozen for a stopped lane).
	taken := 0
	record := func() {
		for l := 0; l < n; l++ {
			o := (taken*res.Paths + first + l) * mm
			b.gather(res.Recorded[o:o+mm], b.v, l)
		}
	}
	steps, st := sc.n, stepper{sc: &sc, step: s.Step}
	t := 0.0
	for k := 0; k <= steps; k++ {
		// PSD guard: the Cholesky factor of every lane; lanes whose factor
		// is not the plain one (a pivot at or below the tolerance, or no
		// positive diagonal) go through the one-path factor.
		b.cholesky()
		nScalar := 0
		for l := 0; l < lanes; l++ {
			b.scalar[l] = false
			if !b.active[l] || b.ok[l] != 0 {
				continue
			}
			b.scalar[l] = true
			nScalar++
			if !b.guardScalar(l, res, errs, t, s) {
				b.active[l] = false
			}
		}
		for ; taken < len(sc.rec) && sc.rec[taken] == k; taken++ {
			record()
		}
		if k == steps {
			break
		}
		h := st.length(k)
		sh := math.Sqrt(h)
		live := false
		for l := 0; l < lanes; l++ {
			if !b.active[l] {
				continue
			}
			live = true
			if b.scalar[l] {
				// one-path increment from the factor guardScalar left in ws
				b.gather(b.lv, b.v, l)
				b.g[l].fill(b.lz[:nz])
				noiseFromGaussians(b.linc[l*mm:(l+1)*mm], b.lv, b.laneFactor(l), aLin, cA)
			} else {
				b.g[l].fillStrided(b.z[l:], lanes, nz)
			}
		}
		if !live {
			break
		}
		md.driftLanes(b)
		b.noise(aLin, cA)
		if nScalar > 0 {
			for l := 0; l < lanes; l++ {
				if b.active[l] && b.scalar[l] {
					b.scatter(b.inc, b.linc[l*mm:(l+1)*mm], l)
				}
			}
		}
		t += h
		b.euler(h, sh)
		r2 := s.StopRadius * s.StopRadius
		for l := 0; l < lanes; l++ {
			if !b.active[l] || b.norm2[l] < r2 { // also catches NaN and Inf
				continue
			}
			if nn := b.norm2[l]; math.IsNaN(nn) || math.IsInf(nn, 0) {
				for e := 0; e < mm; e++ {
					b.v[e*lanes+l] = b.prev[e*lanes+l]
				}
			}
			p := b.path[l]
			res.Stopped[p], res.StopTime[p] = true, t
			b.active[l] = false
		}
	}
	for ; taken < len(sc.rec); taken++ { // all lanes stopped early
		record()
	}
	for l := 0; l < n; l++ {
		b.gather(res.Final[(first+l)*mm:(first+l+1)*mm], b.v, l)
	}
}

// laneFactor returns the one-path workspace holding lane l's factor. guardScalar
// factors each scalar lane into ws and then keeps the factor in the lane's
// slot of linc until the increment is drawn, so several scalar lanes in one
// step do not overwrite each other's factor.
func (b *block) laneFactor(l int) *workspace {
	mm := b.mm
	copy(b.ws.r, b.linc[l*mm:(l+1)*mm])
	b.ws.rFull = b.ok[l] < 0
	return b.ws
}

// guardScalar runs the one-path PSD guard on lane l (factor: zero-pivot
// Cholesky or eigendecomposition, projection) with runPath's policies. It
// returns false if the lane stops. The factor is kept in linc's slot l (see
// laneFactor), with ok[l] = −1 for a full (eigen) factor and 0 for a triangular one.
func (b *block) guardScalar(l int, res *Result, errs []error, t float64, s Settings) bool {
	mm := b.mm
	p := b.path[l]
	b.gather(b.lv, b.v, l)
	bad, lo, hi := factor(b.lv, b.ws, s.PSDTol)
	if bad {
		res.PSDViolations[p]++
		b.scatter(b.v, b.lv, l) // the projection (kept by FailRun)
		switch s.OnNonPSD {
		case FailRun:
			res.Stopped[p], res.StopTime[p] = true, t
			errs[p] = &NotPSDError{Path: p, Time: t, MinEig: lo, MaxEig: hi}
			return false
		case StopPath:
			for e := 0; e < mm; e++ {
				b.v[e*lanes+l] = b.prev[e*lanes+l]
			}
			res.Stopped[p], res.StopTime[p] = true, t
			return false
		}
	}
	copy(b.linc[l*mm:(l+1)*mm], b.ws.r)
	b.ok[l] = 0
	if b.ws.rFull {
		b.ok[l] = -1
	}
	return true
}

func (b *block) gather(dst, x []float64, l int) {
	for e := range dst {
		dst[e] = x[e*lanes+l]
	}
}

func (b *block) scatter(x, src []float64, l int) {
	for e, y := range src {
		x[e*lanes+l] = y
	}
}

// fillStrided draws n standard normals into dst[0], dst[stride], …, the
// same sequence as n calls of norm.
func (g *gauss) fillStrided(dst []float64, stride, n int) {
	for q := 0; q < n; q++ {
		u := g.src.Uint64()
		if x, ok := empirical.ZigguratRect(u); ok {
			dst[q*stride] = x
		} else {
			dst[q*stride] = empirical.ZigguratTail(u, g)
		}
	}
}

// fill draws len(dst) standard normals, the sequence of len(dst) calls of
// norm.
func (g *gauss) fill(dst []float64) { g.fillStrided(dst, 1, len(dst)) }

// cholesky sets ok[l] = 1 and r's lower triangle to the Cholesky factor of
// lane l's V where every pivot exceeds 1e-12·max diag (the plain branch of
// psd.CholeskySemi, same operations), ok[l] = 0 otherwise.
func (b *block) cholesky() {
	m := b.m
	v, r := b.v, b.r
	var maxd, tol [lanes]float64
	ok := &b.ok
	for l := range ok {
		ok[l] = 1
	}
	for i := 0; i < m; i++ {
		d := ln(v, i*m+i)
		for l := range maxd {
			maxd[l] = math.Max(maxd[l], d[l])
		}
	}
	for l := range maxd {
		if !(maxd[l] > 0) {
			ok[l] = 0
		}
		tol[l] = 1e-12 * maxd[l]
	}
	for j := 0; j < m; j++ {
		var d [lanes]float64
		d = *ln(v, j*m+j)
		for k := 0; k < j; k++ {
			rk := ln(r, j*m+k)
			for l := range d {
				d[l] -= rk[l] * rk[l]
			}
		}
		rjj := ln(r, j*m+j)
		for l := range d {
			if !(d[l] > tol[l]) {
				ok[l] = 0
			}
			rjj[l] = math.Sqrt(d[l])
		}
		for i := j + 1; i < m; i++ {
			var x [lanes]float64
			x = *ln(v, i*m+j)
			for k := 0; k < j; k++ {
				ri, rj := ln(r, i*m+k), ln(r, j*m+k)
				for l := range x {
					x[l] -= ri[l] * rj[l]
				}
			}
			rij := ln(r, i*m+j)
			for l := range x {
				rij[l] = x[l] / rjj[l]
			}
		}
	}
}

// driftLanes writes b(V) of every lane into b.drift (driftFlat per lane).
func (md Model) driftLanes(b *block) {
	add := false
	if md.hasAttention() {
		b.attnDrift(md.Gamma * md.Gamma / (md.Tau0 * md.Tau0))
		add = true
	}
	if md.hasReLU() {
		m := b.m
		k := (md.CPlus - md.CMinus) * (md.CPlus - md.CMinus) / (2 * math.Pi) * md.reluGamma2()
		// resDrift per lane (math.Acos has no vector form here).
		for i := 0; i < m; i++ {
			if !add {
				*ln(b.drift, i*m+i) = [lanes]float64{}
			}
			vi := ln(b.v, i*m+i)
			for j := i + 1; j < m; j++ {
				vj, vij := ln(b.v, j*m+j), ln(b.v, i*m+j)
				dij, dji := ln(b.drift, i*m+j), ln(b.drift, j*m+i)
				for l := 0; l < lanes; l++ {
					x := 0.0
					if p := vi[l] * vj[l]; p > 0 && k != 0 {
						sq := math.Sqrt(p)
						rho := clip1(vij[l] / sq)
						x = k * (math.Sqrt(1-rho*rho) - rho*math.Acos(rho)) * sq
					}
					if add {
						dij[l] += x
						dji[l] += x
					} else {
						dij[l], dji[l] = x, x
					}
				}
			}
		}
	}
}

// attnDrift is attnDrift (with centered) on every lane, into b.drift.
func (b *block) attnDrift(coef float64) {
	m := b.m
	fm := float64(m)
	v, c, s, u := b.v, b.c, b.svec, b.u
	// centered
	var g, tr, frob2 [lanes]float64
	for i := 0; i < m; i++ {
		var r [lanes]float64
		for j := 0; j < m; j++ {
			x := ln(v, i*m+j)
			for l := range r {
				r[l] += x[l]
			}
		}
		si, d := ln(s, i), ln(v, i*m+i)
		for l := range r {
			si[l] = r[l] / fm
			g[l] += r[l]
			tr[l] += d[l]
		}
	}
	for l := range g {
		g[l] /= fm * fm
	}
	for i := 0; i < m; i++ {
		si := ln(s, i)
		for j := 0; j < m; j++ {
			sj, x, cij := ln(s, j), ln(v, i*m+j), ln(c, i*m+j)
			for l := range g {
				y := x[l] - si[l] - sj[l] + g[l]
				cij[l] = y
				frob2[l] += y * y
			}
		}
	}
	for i := 0; i < m; i++ {
		si, cii := ln(s, i), ln(c, i*m+i)
		for l := range g {
			si[l] = cii[l] + (g[l] - tr[l]/fm)
		}
	}
	// u = V s: u_i = Σ_j s_j V_ij (products commute bit for bit)
	dotRow(u, s, v, 1, 1, m, m, m)
	h := coef / (2 * fm)
	var a [lanes]float64
	for l := range a {
		a[l] = coef * frob2[l] / (fm * fm)
	}
	for i := 0; i < m; i++ {
		di, ui := ln(v, i*m+i), ln(u, i)
		for j := 0; j < m; j++ {
			vij, uj, dj, dst := ln(v, i*m+j), ln(u, j), ln(v, j*m+j), ln(b.drift, i*m+j)
			for l := range a {
				dst[l] = a[l]*vij[l] + h*(di[l]*uj[l]+ui[l]*dj[l])
			}
		}
	}
}

// noise is noiseFromGaussians on every lane, with R lower triangular (the
// terms it skips are the reference's exact zeros), into b.inc.
func (b *block) noise(aLin, cA float64) {
	m := b.m
	r, s, z := b.r, b.k, b.z
	sa := math.Sqrt(aLin)
	sa2 := sa * math.Sqrt2
	zi := 0
	for i := 0; i < m; i++ {
		zz, sii := ln(z, zi), ln(s, i*m+i)
		for l := range zz {
			sii[l] = sa2 * zz[l]
		}
		zi++
		for j := i + 1; j < m; j++ {
			zz, sij, sji := ln(z, zi), ln(s, i*m+j), ln(s, j*m+i)
			for l := range zz {
				x := sa * zz[l]
				sij[l], sji[l] = x, x
			}
			zi++
		}
	}
	if cA != 0 {
		pr, mt, nm := b.pr, b.mt, b.nm
		fm := float64(m)
		for j := 0; j < m; j++ {
			var c [lanes]float64
			for i := j; i < m; i++ {
				x := ln(r, i*m+j)
				for l := range c {
					c[l] += x[l]
				}
			}
			for l := range c {
				c[l] /= fm
			}
			for i := 0; i < m; i++ {
				x, y := ln(r, i*m+j), ln(pr, i*m+j)
				for l := range c {
					y[l] = x[l] - c[l]
				}
			}
		}
		// M = Rᵀ (P R): M_ij = Σ_{k ≥ i} R_ki (PR)_kj, j ≥ i, mirrored
		for i := 0; i < m; i++ {
			d := i*m + i
			dotRow(mt[d*lanes:], r[d*lanes:], pr[d*lanes:], m, m, m-i, m-i, 1)
			for j := i + 1; j < m; j++ {
				*ln(mt, j*m+i) = *ln(mt, i*m+j)
			}
		}
		// N₂ M
		for i := 0; i < m; i++ {
			dotRow(nm[i*m*lanes:], z[(zi+i*m)*lanes:], mt, 1, m, m, m, 1)
		}
		f := cA / fm
		for i := 0; i < m; i++ {
			for j := i; j < m; j++ {
				a, bb, sij := ln(nm, i*m+j), ln(nm, j*m+i), ln(s, i*m+j)
				for l := range a {
					sij[l] += f * (a[l] + bb[l])
				}
				if j > i {
					*ln(s, j*m+i) = *sij
				}
			}
		}
	}
	t1 := b.t1
	// t1 = R K, R lower triangular
	for i := 0; i < m; i++ {
		dotRow(t1[i*m*lanes:], r[i*m*lanes:], s, 1, m, i+1, m, 1)
	}
	// dM = t1 Rᵀ: dM_ij = Σ_{k ≤ j} t1_ik R_jk, j ≥ i, mirrored
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			dotRow(b.inc[(i*m+j)*lanes:], t1[i*m*lanes:], r[j*m*lanes:], 1, 1, j+1, 1, 0)
			*ln(b.inc, j*m+i) = *ln(b.inc, i*m+j)
		}
	}
}

// euler takes the Euler–Maruyama step on every lane (inactive lanes too:
// their state is restored below), keeping the previous state in prev and
// ‖V‖²_F in norm2.
func (b *block) euler(h, sh float64) {
	var n2 [lanes]float64
	for e := 0; e < b.mm; e++ {
		v, p, d, in := ln(b.v, e), ln(b.prev, e), ln(b.drift, e), ln(b.inc, e)
		for l := range n2 {
			if !b.active[l] {
				continue
			}
			x := v[l] + h*d[l] + sh*in[l]
			p[l] = v[l]
			v[l] = x
			n2[l] += x * x
		}
	}
	*(*[lanes]float64)(b.norm2) = n2
}

// useLaneAsm selects the assembly form of dotRow (lanes_amd64.s) where the
// CPU has it; the tests run both forms.
var useLaneAsm = hasLaneAsm

// dotRow sets entry c of dst, for c < cnt, to
//
//	Σ_{q<n} a_{q·sa} · b_{c·db + q·sb}
//
// lane by lane (entries and strides counted in entries of lanes values),
// each sum from +0 in increasing q: the Go loop x += a·b per lane.
func dotRow(dst, a, b []float64, sa, sb, n, cnt, db int) {
	if cnt <= 0 {
		return
	}
	_ = dst[cnt*lanes-1]
	if n > 0 {
		_ = a[((n-1)*sa+1)*lanes-1]
		_ = b[((cnt-1)*db+(n-1)*sb+1)*lanes-1]
	}
	if useLaneAsm {
		dotRowLanes(&dst[0], &a[0], &b[0], sa*lanes, sb*lanes, n, cnt, db*lanes)
		return
	}
	for c := 0; c < cnt; c++ {
		var x [lanes]float64
		for q := 0; q < n; q++ {
			ak, bk := ln(a, q*sa), ln(b, c*db+q*sb)
			for l := range x {
				x[l] += ak[l] * bk[l]
			}
		}
		*ln(dst, c) = x
	}
}
