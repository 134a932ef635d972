// Package activation defines the nonlinearities φ of signal-propagation
// theory, their derivatives φ′, a description of their smoothness for
// Gaussian quadrature (package gauss), and the closed-form Gaussian moments
// that exist for some of them.
//
// The family follows the notes (lib/sources/tanner2024.md) of Tanner's lecture (lib/sources/tanner2024.md#activations), which follows
// Pennington, Schoenholz & Ganguli 2018 (arXiv:1802.09979, Table 1, Fig. 3)
// and Murray, Abrol & Tanner 2021 (arXiv:2105.07741):
//
//	linear         φ(h) = h                          φ′ = 1
//	relu           φ(h) = [h]₊                       φ′ = 1{h>0}
//	shifted_relu   φ(h) = [h+½]₊ − ½ = max(h, −½)     φ′ = 1{h>−½}
//	smoothed_relu  φ(h) = h σ(h) (SiLU)              φ′ = σ(h)(1 + h(1−σ(h)))
//	tanh           φ(h) = tanh h                     φ′ = 1 − tanh² h
//	hardtanh       φ(h) = clip(h, −1, 1)             φ′ = 1{|h|<1}
//	erf            φ(h) = erf(√π h / 2)              φ′ = exp(−π h²/4)
//	shtanh(a)      φ(h) = clip(h, −a, a)             φ′ = 1{|h|<a}
//
// and, beyond the papers (more.go):
//
//	gelu           φ(h) = h Φ(h) (exact GELU)        φ′ = Φ(h) + h ϕ(h)
//	softplus       φ(h) = log(1 + e^h)               φ′ = σ(h)
//	elu            φ(h) = h, e^h − 1 (h ≤ 0)          φ′ = 1, e^h
//	selu           λ·(h, α(e^h − 1)), Klambauer et al. 2017's α, λ
//	sin            φ(h) = sin h                      φ′ = cos h
//	leaky_relu(a)  φ(h) = max(h, a h), a ∈ [0, 1]     φ′ = 1, a
//	swish(β)       φ(h) = h σ(βh) (β = 1: SiLU)
//
// The erf is scaled so that φ′(0) = 1, as in P18's main text (lib/sources/tanner2024.md#errata
// pitfall 4: the P18 supplement uses √(π/2) erf(x/√2) instead; the two
// are not mixed here). Shtanh_a is the scaled-bounded activation of Murray
// et al. with k = 1, reconstructed in lib/sources/tanner2024.md#activations.
//
// Closed forms, with u, v jointly Gaussian, Var u = q1, Var v = q2,
// Corr = c, and z standard normal (F5 of lib/sources/tanner2024.md#formulas, Table 1 of P18):
//
//	                E φ(√q z)²                              μ_k = E φ′(√q z)^{2k}
//	linear          q                                       1
//	relu            q/2                                     1/2
//	shifted_relu    qΦ(t) − ½√q ϕ(t) + ¼Φ(−t), t = 1/(2√q)   Φ(t)
//	hardtanh        q erf(t) − √(2q/π) e^{−1/(2q)} + erfc(t),  erf(t), t = 1/√(2q)
//	shtanh(a)       a² · hardtanh moment at q/a²             erf(a/√(2q))
//	erf             (2/π) asin(πq/(2+πq))                   (1+πkq)^{−1/2}
//
// and the two-point kernels E φ(u)φ(v), E φ′(u)φ′(v):
//
//	linear  c√(q1q2);  1
//	relu    √(q1q2)/(2π) (√(1−c²) + (π − arccos c) c);  (π − arccos c)/(2π)   (Cho & Saul 2009)
//	erf     (2/π) asin(πc√(q1q2)/√((2+πq1)(2+πq2)));  1/√((1+πq1/2)(1+πq2/2) − π²q1q2c²/4)   (Williams 1997)
//
// and for the activations of more.go (each derived in its doc comment):
//
//	gelu        q/4 + q asin(q/(1+q))/(2π) + q²/(π(1+q)√(1+2q));  μ₁ only
//	elu, selu   λ²[q/2 + α²(g(2√q) − 2g(√q) + ½)];  λ^{2k}[½ + α^{2k} g(2k√q)],  g(x) = e^{x²/2}Φ(−x)
//	sin         (1 − e^{−2q})/2;  4^{−k}[C(2k,k) + 2Σ_{j<k} C(2k,j) e^{−2(k−j)²q}];
//	            kernels e^{−(q1+q2)/2} sinh(c√(q1q2)), e^{−(q1+q2)/2} cosh(c√(q1q2))
//	leaky_relu  q(1+a²)/2;  (1+a^{2k})/2;  kernels √(q1q2)[a c + (1−a)²k₁(c)], a + (1−a)²k₀(c)
//
// tanh, SiLU, softplus and swish have none; for them, and for every quantity without a
// closed form, use package gauss with Func.Quad (the tests check every
// closed form against that quadrature).
//
// Map from formulas to code (closed form if the Func has one, else
// quadrature; F1–F8 of lib/sources/tanner2024.md#formulas, P18 eqs. (3)–(5), (20)):
//
//	E φ(√q z)²               Func.SecondMoment   (the q-map integrand, F1)
//	d/dq E φ(√q z)²          Func.DSecondMoment  (χ_q/σ_w², F6; closed for gelu, sin, leaky_relu)
//	μ_k = E φ′(√q z)^{2k}     Func.Mu             (P18 eq. (20); quadrature scale ÷ √k)
//	E φ(u)φ(v)               Func.Kernel         (the correlation map, F3–F4)
//	E φ′(u)φ′(v)             Func.DKernel        (χ_c, F8)
//	P(φ′(√q z) ≤ t)          Func.SlopeCDF       (the law of D's entries, P18 Fig. 3)
//	φ, φ′ by name            ByName, Names, Specs, Linear, ReLU, ShiftedReLU, SmoothedReLU,
//	                         Tanh, HardTanh, Shtanh, Erf, GELU, Softplus, ELU, SELU, Sin,
//	                         LeakyReLU, Swish
//	a user's φ               FromDual (φ′ by dual-number automatic differentiation),
//	                         New (φ′ given, checked), Check
//
// Capabilities are data, never names: Kinks, Scale (+Inf: PiecewiseLinear),
// Odd, Degree (Homogeneous), DPhiC and ContourMaxQ (an analytic φ′ for
// jacspectrum's deformed paths) and the closed forms decide every route
// that packages gauss, meanfield, jacspectrum and tokengeom take, so a
// user's Func with the same properties takes the same route as a shipped
// one; TestNoNameSwitches (nonames_test.go) keeps comparisons of a Name
// with a string literal, and switches on one, out of lib/.
package activation
