package sde

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/enum"
	"github.com/sigprop/sigprop/lib/internal/param"
	"gonum.org/v1/gonum/mat"
)

// Kind selects which covariance SDE of Noci et al. 2023 a Model describes.
type Kind int

const (
	// Attention is the residual shaped-attention network, Eq. (1) with
	// Eq. (9); SDE of Theorem 4.2:
	//	b = DriftAttn,  Σ = γ²(2−γ²) Σ_lin + γ⁴τ₀⁻² 𝒜.
	Attention Kind = iota
	// ResNet is the residual shaped-ReLU MLP, Eq. (4); SDE of Theorem 3.2:
	//	b = DriftRes,  Σ = 2γ² Σ_lin.
	ResNet
	// Transformer is the shaped Transformer, Eq. (11); SDE of Corollary 4.3:
	//	b = DriftAttn + DriftRes,  Σ = γ²(4−γ²) Σ_lin + γ⁴τ₀⁻² 𝒜.
	Transformer
	// MLP is the shaped-ReLU MLP without skips of Li, Nica and Roy 2022,
	// Eq. (3): b^{αβ} = ν(ρ^{αβ})√(V^{αα}V^{ββ}), Σ = Σ_lin (γ is ignored).
	MLP
)

var kindNames = []string{Attention: "attention", ResNet: "resnet", Transformer: "transformer", MLP: "mlp"}

func (k Kind) String() string { return enum.Name(k, "Kind", kindNames) }

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, error) {
	if k, ok := enum.Parse[Kind](s, kindNames); ok {
		return k, nil
	}
	return 0, fmt.Errorf("sde: unknown model kind %q (attention|resnet|transformer|mlp)", s)
}

// Model is one covariance SDE with its parameters. The shortcut weight is
// λ = √(1−γ²) throughout (λ² + γ² = 1, as the theorems assume).
//
//sigprop:eq noci2023 eq3
//sigprop:eq noci2023 cor4.3
type Model struct {
	Kind Kind
	// Gamma is the residual-branch weight γ ∈ [0, 1] (ignored by MLP).
	Gamma float64
	// Tau0 is the temperature constant τ₀ > 0 of the shaped softmax,
	// τ = τ₀√(width·n_k); used by Attention and Transformer.
	Tau0 float64
	// CPlus, CMinus are the shaped-ReLU constants c±, slopes
	// s± = 1 + c±/√width; used by ResNet, Transformer and MLP. The paper's
	// experiments use c₊ = 0, c₋ = −1.
	CPlus, CMinus float64
}

// The ranges of Model's γ and τ₀, declared once: Model.Validate checks
// them and lib/quantity's sde parameters take their bounds from them.
var (
	GammaRange = param.Range{Min: 0, Max: 1}                                         // γ
	Tau0Range  = param.Range{Min: 0, Max: math.Inf(1), MinOpen: true, MaxOpen: true} // τ₀
)

// Validate returns ErrParam naming a parameter outside its domain.
func (md Model) Validate() error {
	if md.Kind < Attention || md.Kind > MLP {
		return fmt.Errorf("%w: unknown model kind %d", ErrParam, int(md.Kind))
	}
	if md.Kind != MLP {
		if err := GammaRange.Check(ErrParam, "Model.Gamma", md.Gamma); err != nil {
			return err
		}
	}
	if md.hasAttention() {
		if err := Tau0Range.Check(ErrParam, "Model.Tau0", md.Tau0); err != nil {
			return err
		}
	}
	for _, c := range []float64{md.CPlus, md.CMinus} {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			return fmt.Errorf("%w: shaping constants c± must be finite, got %v, %v", ErrParam, md.CPlus, md.CMinus)
		}
	}
	return nil
}

func (md Model) mustValid() {
	if err := md.Validate(); err != nil {
		panic(err.Error())
	}
}

func (md Model) hasAttention() bool { return md.Kind == Attention || md.Kind == Transformer }
func (md Model) hasReLU() bool      { return md.Kind != Attention }

// NoiseCoeffs returns (a_lin, c_𝒜) with Σ = a_lin Σ_lin + c_𝒜² 𝒜:
// Attention γ²(2−γ²), γ²/τ₀; ResNet 2γ², 0; Transformer γ²(4−γ²), γ²/τ₀;
// MLP 1, 0 (lib/sources/noci2023.md#sde-coefficients).
func (md Model) NoiseCoeffs() (aLin, cA float64) {
	g2 := md.Gamma * md.Gamma
	switch md.Kind {
	case Attention:
		return g2 * (2 - g2), g2 / md.Tau0
	case ResNet:
		return 2 * g2, 0
	case Transformer:
		return g2 * (4 - g2), g2 / md.Tau0
	default:
		return 1, 0
	}
}

func (md Model) reluGamma2() float64 {
	if md.Kind == MLP {
		return 1
	}
	return md.Gamma * md.Gamma
}

// driftFlat writes b(V) into dst (flat m×m); c, s, u are scratch.
func (md Model) driftFlat(dst, v []float64, m int, c, s, u []float64) {
	add := false
	if md.hasAttention() {
		attnDrift(dst, v, m, md.Gamma*md.Gamma/(md.Tau0*md.Tau0), c, s, u, false)
		add = true
	}
	if md.hasReLU() {
		resDrift(dst, v, m, md.reluGamma2(), md.CPlus, md.CMinus, add)
	}
}

// Drift is b(V) of the model (m×m, symmetric). It panics on an invalid
// model or V (see Validate and CheckCov).
func (md Model) Drift(V mat.Matrix) *mat.SymDense {
	md.mustValid()
	v := mustCov(V)
	m, _ := V.Dims()
	dst := make([]float64, m*m)
	md.driftFlat(dst, v, m, make([]float64, m*m), make([]float64, m), make([]float64, m))
	return symFromFlat(m, dst)
}

// Diffusion is the N×N covariance Σ(V) = a_lin Σ_lin(V) + c_𝒜² 𝒜(V) in
// TriIndex order: Cov(dV^{αβ}, dV^{δω} | V) = Σ^{αβ,δω}(V) dt.
func (md Model) Diffusion(V mat.Matrix) *mat.SymDense {
	md.mustValid()
	aLin, cA := md.NoiseCoeffs()
	out := SigmaLin(V)
	out.ScaleSym(aLin, out)
	if cA != 0 {
		out.AddSym(out, scaled(cA*cA, Acal(V)))
	}
	return out
}

func scaled(f float64, a *mat.SymDense) *mat.SymDense {
	a.ScaleSym(f, a)
	return a
}

// RhoIto returns the Itô drift μ and variance rate σ² of the correlation
// ρ^{ab} = V^{ab}/√(V^{aa}V^{bb}) at V under the model, from Itô's formula
// for f(x, y, z) = y/√(xz) with x = V^{aa}, y = V^{ab}, z = V^{bb}:
//
//	μ = ∇f·b + ½ Σ_{ij} ∂²f/∂i∂j Σ^{i,j},   σ² = ∇fᵀ Σ ∇f
//
// restricted to the three entries (aa, ab, bb). lib/sources/noci2023.md#check-18: at
// V = [[1,.2],[.2,1]], attention, γ = τ₀ = 1: μ = 0.042240, σ² = 1.069056.
// It panics for a == b or indices out of range.
func (md Model) RhoIto(V mat.Matrix, a, b int) (mu, sigma2 float64) {
	m, _ := V.Dims()
	if a == b || a < 0 || b < 0 || a >= m || b >= m {
		panic(fmt.Sprintf("sde: RhoIto needs distinct token indices in [0, %d), got %d, %d", m, a, b))
	}
	bm := md.Drift(V)
	S := md.Diffusion(V)
	x, y, z := V.At(a, a), V.At(a, b), V.At(b, b)
	f := y / math.Sqrt(x*z)
	sq := math.Sqrt(x * z)
	grad := [3]float64{-0.5 * f / x, 1 / sq, -0.5 * f / z}
	hess := [3][3]float64{
		{0.75 * f / (x * x), -0.5 / (x * sq), 0.25 * f / (x * z)},
		{-0.5 / (x * sq), 0, -0.5 / (z * sq)},
		{0.25 * f / (x * z), -0.5 / (z * sq), 0.75 * f / (z * z)},
	}
	idx := [3]int{TriIndex(m, a, a), TriIndex(m, a, b), TriIndex(m, b, b)}
	drift := [3]float64{bm.At(a, a), bm.At(a, b), bm.At(b, b)}
	for i := 0; i < 3; i++ {
		mu += grad[i] * drift[i]
		for j := 0; j < 3; j++ {
			s := S.At(idx[i], idx[j])
			mu += 0.5 * hess[i][j] * s
			sigma2 += grad[i] * grad[j] * s
		}
	}
	return mu, sigma2
}
