package tokengeom

import (
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/gauss"
)

// Gains are the per-unit statistics of the ℓ-layer pre-norm MLP at the
// collapsed point; they depend only on σ_w, ℓ and φ:
//
//	Q_0 = 1,  Q_k = E_{z~N(0, σ_w²Q_{k−1})} φ(z)²                (Sec. 3.2, App. C)
//	χ = σ_w^{2(ℓ+1)} Π_{k=1..ℓ} E_{z~N(0, σ_w²Q_{k−1})} φ′(z)²  (MLP Jacobian gain)
type Gains struct {
	SigmaW float64
	Q      []float64 // Q_1..Q_ℓ (the paper's q_1 is Q_1)
	Chi    float64
}

// QL is Q_ℓ, the second moment of the last hidden layer (1 for ℓ = 0).
func (g Gains) QL() float64 {
	if len(g.Q) == 0 {
		return 1
	}
	return g.Q[len(g.Q)-1]
}

// FPaper is the paper's gain function, eq. (32) as printed:
//
//	f(σ_w) = σ_w⁴ E_{N(0,σ_w²q_1)}[φ′²] E_{N(0,σ_w²)}[φ′²]   (ℓ = 2),
//
// generalised to f = χ/σ_w². The printed power σ_w⁴ misses one weight
// matrix (lib/sources/cowsik2024.md#erratum-1); the Corrected variant uses χ = σ_w² f.
func (g Gains) FPaper() float64 { return g.Chi / (g.SigmaW * g.SigmaW) }

// MLPGains computes the gains of an ℓ-layer MLP with nonlinearity act by
// Gaussian quadrature (package gauss), or act's closed forms where it has
// them. The panels of the composite Gauss–Legendre rule are scaled to
// tanh's poles; plain Gauss–Hermite is too inaccurate at σ_w ≳ 2 (lib/sources/cowsik2024.md#numerics).
//
//sigprop:eq cowsik2024 eq32 erratum=lib/sources/cowsik2024.md#erratum-1
func MLPGains(sigmaW float64, mlpLayers int, act activation.Func) Gains {
	tgCheckPos("sigma_w", sigmaW)
	s2 := sigmaW * sigmaW
	g := Gains{SigmaW: sigmaW, Q: make([]float64, mlpLayers), Chi: s2}
	prev := 1.0
	var rule *gauss.Rule
	for k := range g.Q {
		v := s2 * prev
		var mu, q float64
		if act.ClosedMu == nil && act.ClosedMu1 == nil && act.ClosedSecondMoment == nil {
			// No closed form: one rule and one Both per node for E φ²
			// and E φ′² (for tanh one tanh per node; the phase diagrams
			// spend their time here).
			if rule == nil {
				rule = gauss.NewRule(v, act.Quad())
			} else {
				rule.Reset(v, act.Quad())
			}
			for i, x := range rule.X {
				p, d := act.Both(x)
				q += rule.W[i] * (p * p)
				mu += rule.W[i] * d * d
			}
		} else {
			mu, q = act.Mu(v, 1), act.SecondMoment(v)
		}
		g.Chi *= s2 * mu
		g.Q[k] = q
		prev = q
	}
	return g
}

// Gains returns the MLP gains of m.
func (m Model) Gains() Gains {
	m.validate()
	return MLPGains(m.SigmaW, m.MLPLayers, m.act())
}

// MLPQP is the MLP branch map before the residual (lib/sources/cowsik2024.md#mlp-map, derived
// from eqs. 2, 3, 25 of Cowsik et al. 2024 by Poole et al.'s mean-field
// recursion): the normalised input has unit per-component variance and
// correlation ρ = p/q, and with v₀ = 1, c₀ = ρ,
//
//	v_k = E φ(u₁)²,   c_k = E φ(u₁)φ(u₂),   Var u = σ_w²v_{k−1}, Corr = c_{k−1}/v_{k−1},
//
// the branch output has q_MLP = dσ_w²v_ℓ and p_MLP = dσ_w²c_ℓ (0 and 0
// once v_k underflows float64, as with σ_w = 1e-6 and 64 layers). It
// panics outside the domain of AttQP.
func MLPQP(m Model, q, p float64) (qm, pm float64) {
	m.validate()
	tgCheckQP(q, p, m.N)
	act := m.act()
	s2 := m.SigmaW * m.SigmaW
	v, c := 1.0, math.Min(1, p/q)
	for k := 0; k < m.MLPLayers; k++ {
		if v == 0 {
			// The variance underflowed (tiny σ_w, many layers): the
			// branch output is below the smallest float64, and |c| ≤ v.
			return 0, 0
		}
		va := s2 * v
		rho := math.Max(-1, math.Min(1, c/v))
		c = act.Kernel(va, va, rho)
		v = act.SecondMoment(va)
	}
	return m.D * s2 * v, m.D * s2 * c
}

// FMLP is the MLP sub-block with residual: residual and branch add in
// quadrature because E W = 0 (eq. 25),
//
//	F_MLP(q,p) = α̃_M²(q,p) + α_M²(q_MLP, p_MLP).
//
//sigprop:eq cowsik2024 eq25
func FMLP(m Model, q, p float64) (qn, pn float64) {
	qm, pm := MLPQP(m, q, p)
	a2 := m.AlphaM * m.AlphaM
	return (1-a2)*q + a2*qm, (1-a2)*p + a2*pm
}

// fAttModel is FAtt with the parameters of m.
func fAttModel(m Model, q, p float64) (qn, pn float64) {
	m.validate()
	return FAtt(q, p, m.AlphaA, m.N, m.D, m.SigmaA2)
}

// F is one transformer block in (q, p), F = F_MLP∘F_Att (Sec. 3.2 of
// Cowsik et al. 2024): attention sub-block first (eqs. 10–11), then the
// MLP sub-block. It panics outside the domain n >= 2, q > 0,
// −q/(n−1) <= p <= q.
func F(m Model, q, p float64) (qn, pn float64) {
	qa, pa := fAttModel(m, q, p)
	return FMLP(m, qa, pa)
}
