package sde

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Nu is the drift function of the shaped ReLU, Eq. (6) of Noci et al. 2023:
//
//	ν(ρ) = (c₊ − c₋)²/(2π) · (√(1−ρ²) − ρ arccos ρ).
//
// ρ is clipped to [−1, 1] (rounding can push a correlation just outside).
// Special values: ν(1) = 0, ν(0) = (c₊−c₋)²/(2π), ν(−1) = (c₊−c₋)²/2.
// The App. B variant with (c₊+c₋)² and +ρ arccos ρ is a typo (lib/sources/noci2023.md#erratum-2); the
// shapednet tests show that the finite network follows this form.
// It panics on NaN input.
//
//sigprop:eq noci2023 eq6 erratum=lib/sources/noci2023.md#erratum-2
func Nu(rho, cPlus, cMinus float64) float64 {
	if math.IsNaN(rho) || math.IsNaN(cPlus) || math.IsNaN(cMinus) {
		panic("sde: Nu of NaN")
	}
	rho = math.Max(-1, math.Min(1, rho))
	k := (cPlus - cMinus) * (cPlus - cMinus) / (2 * math.Pi)
	return k * (math.Sqrt(1-rho*rho) - rho*math.Acos(rho))
}

// TriLen is N = m(m+1)/2, the number of upper-triangular entries of an m×m
// symmetric matrix: the dimension of the SDE state.
func TriLen(m int) int { return m * (m + 1) / 2 }

// TriIndex is the position of V^{ab} (a ≤ b, or swapped) in the row-major
// upper-triangular order (0,0),(0,1),…,(0,m−1),(1,1),…,(m−1,m−1) used by every
// N×N covariance of this package.
func TriIndex(m, a, b int) int {
	if a > b {
		a, b = b, a
	}
	return a*m - a*(a-1)/2 + (b - a)
}

// TriPairs lists the (a, b) pairs in TriIndex order.
func TriPairs(m int) [][2]int {
	out := make([][2]int, 0, TriLen(m))
	for a := 0; a < m; a++ {
		for b := a; b < m; b++ {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// FromTri returns the m×m symmetric matrix whose upper-triangular entries,
// in TriIndex order (0,0),(0,1),…,(m−1,m−1), are upper: the layout of the
// SDE's state and of the N×N covariances. It panics unless len(upper) is
// TriLen(m).
func FromTri(m int, upper ...float64) *mat.SymDense {
	if m < 1 || len(upper) != TriLen(m) {
		panic(fmt.Sprintf("sde: FromTri needs m >= 1 and m(m+1)/2 entries, got m = %d and %d", m, len(upper)))
	}
	V := mat.NewSymDense(m, nil)
	for k, p := range TriPairs(m) {
		V.SetSym(p[0], p[1], upper[k])
	}
	return V
}

// EquiCov returns the equicorrelated m×m covariance with variance v and
// correlation ρ, the initial condition V₀ of the paper's figures:
//
//	V^{αα} = v,  V^{αβ} = ρv (α ≠ β).
//
// It is PSD for ρ ∈ [−1/(m−1), 1] and v ≥ 0 (CheckCov validates it). It
// panics if m < 1.
func EquiCov(m int, v, rho float64) *mat.SymDense {
	if m < 1 {
		panic(fmt.Sprintf("sde: EquiCov needs m >= 1, got %d", m))
	}
	V := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i + 1; j < m; j++ {
			V.SetSym(i, j, v*rho)
		}
		V.SetSym(i, i, v)
	}
	return V
}

// CheckCov validates a covariance argument: square m×m with m ≥ 1, finite,
// symmetric to 1e-12 relative, positive diagonal and PSD (smallest eigenvalue
// ≥ −1e-10·largest). It returns a descriptive error otherwise.
func CheckCov(V mat.Matrix) error {
	r, c := V.Dims()
	if r != c || r < 1 {
		return fmt.Errorf("sde: V must be square m×m with m >= 1, got %d×%d", r, c)
	}
	m := r
	scale := 0.0
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			x := V.At(i, j)
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("sde: V[%d][%d] = %v is not finite", i, j, x)
			}
			scale = math.Max(scale, math.Abs(x))
		}
	}
	for i := 0; i < m; i++ {
		if V.At(i, i) <= 0 {
			return fmt.Errorf("sde: V[%d][%d] = %v, the diagonal must be > 0", i, i, V.At(i, i))
		}
		for j := i + 1; j < m; j++ {
			if math.Abs(V.At(i, j)-V.At(j, i)) > 1e-12*scale {
				return fmt.Errorf("sde: V is not symmetric: V[%d][%d]=%v, V[%d][%d]=%v", i, j, V.At(i, j), j, i, V.At(j, i))
			}
		}
	}
	// The test is scale-free, so it runs on V/scale: LAPACK's eigensolver
	// (gonum Dsterf's rescaling) panics on entries near 1e-150 and below,
	// which are in the documented range of v.
	S := symOf(V)
	S.ScaleSym(1/scale, S)
	var eig mat.EigenSym
	if !eig.Factorize(S, false) {
		return fmt.Errorf("sde: eigendecomposition of V failed")
	}
	ev := eig.Values(nil)
	if ev[0] < -1e-10*ev[m-1] {
		return fmt.Errorf("sde: V is not positive semi-definite (smallest eigenvalue %.3g)", ev[0])
	}
	return nil
}

// symOf copies a (validated symmetric) matrix into a SymDense, upper triangle.
func symOf(V mat.Matrix) *mat.SymDense {
	m, _ := V.Dims()
	s := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			s.SetSym(i, j, V.At(i, j))
		}
	}
	return s
}

func mustCov(V mat.Matrix) []float64 {
	if err := CheckCov(V); err != nil {
		panic(err.Error())
	}
	m, _ := V.Dims()
	v := make([]float64, m*m)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			x := V.At(i, j)
			v[i*m+j], v[j*m+i] = x, x
		}
	}
	return v
}

func symFromFlat(m int, v []float64) *mat.SymDense {
	s := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			s.SetSym(i, j, v[i*m+j])
		}
	}
	return s
}

// Corr is the correlation matrix ρ^{αβ} = V^{αβ}/√(V^{αα}V^{ββ}), entries
// clipped to [−1, 1]. It panics if V is not a valid covariance (CheckCov).
func Corr(V mat.Matrix) *mat.SymDense {
	v := mustCov(V)
	m, _ := V.Dims()
	out := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			out.SetSym(i, j, clip1(v[i*m+j]/math.Sqrt(v[i*m+i]*v[j*m+j])))
		}
	}
	return out
}

func clip1(x float64) float64 { return math.Max(-1, math.Min(1, x)) }

// centered computes C = P V P (P = I − 11ᵀ/m) into c and returns
// ‖C‖²_F and the vector s = diag(C) + (V^{x̄x̄} − V̄)1 of Lemma C.2 into s.
func centered(c, s, v []float64, m int) (frob2 float64) {
	fm := float64(m)
	g, tr := 0.0, 0.0
	for i := 0; i < m; i++ {
		r := 0.0
		for j := 0; j < m; j++ {
			r += v[i*m+j]
		}
		s[i] = r / fm // row means, reused below
		g += r
		tr += v[i*m+i]
	}
	g /= fm * fm
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			x := v[i*m+j] - s[i] - s[j] + g
			c[i*m+j] = x
			frob2 += x * x
		}
	}
	shift := g - tr/fm
	for i := 0; i < m; i++ {
		s[i] = c[i*m+i] + shift
	}
	return frob2
}

// attnDrift writes coef·[‖C‖²/m² V + (d uᵀ + u dᵀ)/(2m)] into dst (added, not
// overwritten, when add is true); ws needs c (m²), s, u (m).
func attnDrift(dst, v []float64, m int, coef float64, c, s, u []float64, add bool) {
	fm := float64(m)
	frob2 := centered(c, s, v, m)
	for i := 0; i < m; i++ {
		x := 0.0
		for j := 0; j < m; j++ {
			x += v[i*m+j] * s[j]
		}
		u[i] = x
	}
	a := coef * frob2 / (fm * fm)
	h := coef / (2 * fm)
	for i := 0; i < m; i++ {
		di, ui := v[i*m+i], u[i]
		for j := 0; j < m; j++ {
			x := a*v[i*m+j] + h*(di*u[j]+ui*v[j*m+j])
			if add {
				dst[i*m+j] += x
			} else {
				dst[i*m+j] = x
			}
		}
	}
}

// resDrift writes γ²ν(ρ^{ij})√(V^{ii}V^{jj}) (zero on the diagonal).
func resDrift(dst, v []float64, m int, g2, cPlus, cMinus float64, add bool) {
	k := (cPlus - cMinus) * (cPlus - cMinus) / (2 * math.Pi) * g2
	for i := 0; i < m; i++ {
		if !add {
			dst[i*m+i] = 0
		}
		for j := i + 1; j < m; j++ {
			x := 0.0
			if p := v[i*m+i] * v[j*m+j]; p > 0 && k != 0 {
				sq := math.Sqrt(p)
				rho := clip1(v[i*m+j] / sq)
				x = k * (math.Sqrt(1-rho*rho) - rho*math.Acos(rho)) * sq
			}
			if add {
				dst[i*m+j] += x
				dst[j*m+i] += x
			} else {
				dst[i*m+j], dst[j*m+i] = x, x
			}
		}
	}
}

// DriftAttn is the shaped-attention drift of Theorem 4.2 in the closed matrix
// form (lib/sources/noci2023.md#derived), with C = PVP, s = diag(C) + (V^{x̄x̄} − V̄)1,
// u = V s, d = diag(V):
//
//	b(V) = γ²/τ₀² · [ ‖C‖²_F/m² · V + (d uᵀ + u dᵀ)/(2m) ],
//
// equal to the literal index formula
//
//	b^{αβ} = γ²/τ₀² [ m⁻² Σ_{νκ} V^{νκ} S₁^{αν,βκ} + (2m)⁻¹ Σ_ν (V^{βν}S₂^{αν} + V^{αν}S₂^{βν}) ].
//
// Special cases: b(v11ᵀ) = 0; b(vI) = γ²τ₀⁻² v³(m−1)/m² I; m = 2: b = γ²D²V/(16τ₀²),
// D = V¹¹+V²²−2V¹²; m = 1: b = 0. It panics on an invalid V or tau0 ≤ 0.
//
//sigprop:eq noci2023 thm4.2
//sigprop:eq noci2023 lemmaC.2
func DriftAttn(V mat.Matrix, gamma, tau0 float64) *mat.SymDense {
	checkGammaTau(gamma, tau0)
	v := mustCov(V)
	m, _ := V.Dims()
	dst := make([]float64, m*m)
	attnDrift(dst, v, m, gamma*gamma/(tau0*tau0), make([]float64, m*m), make([]float64, m), make([]float64, m), false)
	return symFromFlat(m, dst)
}

// DriftRes is the residual shaped-ReLU drift of Theorem 3.2, Eq. (6):
//
//	b_res(V)^{αβ} = γ² ν(ρ^{αβ}) √(V^{αα}V^{ββ}),   zero on the diagonal (ν(1) = 0).
//
// It panics on an invalid V or γ outside [0, 1].
//
//sigprop:eq noci2023 thm3.2
func DriftRes(V mat.Matrix, gamma, cPlus, cMinus float64) *mat.SymDense {
	checkGammaTau(gamma, 1)
	v := mustCov(V)
	m, _ := V.Dims()
	dst := make([]float64, m*m)
	resDrift(dst, v, m, gamma*gamma, cPlus, cMinus, false)
	return symFromFlat(m, dst)
}

func checkGammaTau(gamma, tau0 float64) {
	if !(gamma >= 0 && gamma <= 1) {
		panic(fmt.Sprintf("sde: gamma = %v, must be in [0, 1]", gamma))
	}
	if !(tau0 > 0) || math.IsInf(tau0, 1) {
		panic(fmt.Sprintf("sde: tau0 = %v, must be finite and > 0", tau0))
	}
}

// SigmaLin is the N×N covariance (N = m(m+1)/2, TriIndex order) of Eq. (3):
//
//	Σ_lin^{αβ,δω} = V^{αδ}V^{βω} + V^{αω}V^{βδ}.
//
// Its diagonal entry for (α,α) is 2(V^{αα})². It panics on an invalid V.
//
//sigprop:eq noci2023 thm4.2
func SigmaLin(V mat.Matrix) *mat.SymDense {
	v := mustCov(V)
	m, _ := V.Dims()
	return fourIndex(m, func(a, b, d, w int) float64 {
		return v[a*m+d]*v[b*m+w] + v[a*m+w]*v[b*m+d]
	})
}

// Acal is the attention diffusion term 𝒜 of Theorem 4.2 in closed form,
// G = V P V P V/m²:
//
//	𝒜^{αβ,δω} = V^{αδ}G^{βω} + G^{αδ}V^{βω} + V^{αω}G^{βδ} + G^{αω}V^{βδ}.
//
// 𝒜(v11ᵀ) = 0 and 𝒜 = 0 for m = 1. It panics on an invalid V.
//
//sigprop:eq noci2023 thm4.2
func Acal(V mat.Matrix) *mat.SymDense {
	v := mustCov(V)
	m, _ := V.Dims()
	g := gMatrix(v, m)
	return fourIndex(m, func(a, b, d, w int) float64 {
		return v[a*m+d]*g[b*m+w] + g[a*m+d]*v[b*m+w] + v[a*m+w]*g[b*m+d] + g[a*m+w]*v[b*m+d]
	})
}

func gMatrix(v []float64, m int) []float64 {
	c := make([]float64, m*m)
	centered(c, make([]float64, m), v, m)
	vc := matMul(v, c, m)
	g := matMul(vc, v, m)
	f := 1 / float64(m*m)
	for i := range g {
		g[i] *= f
	}
	return g
}

func matMul(a, b []float64, m int) []float64 {
	out := make([]float64, m*m)
	for i := 0; i < m; i++ {
		for k := 0; k < m; k++ {
			x := a[i*m+k]
			for j := 0; j < m; j++ {
				out[i*m+j] += x * b[k*m+j]
			}
		}
	}
	return out
}

func fourIndex(m int, f func(a, b, d, w int) float64) *mat.SymDense {
	pairs := TriPairs(m)
	out := mat.NewSymDense(len(pairs), nil)
	for i, p := range pairs {
		for j := i; j < len(pairs); j++ {
			q := pairs[j]
			out.SetSym(i, j, f(p[0], p[1], q[0], q[1]))
		}
	}
	return out
}
