// Package gauss computes Gaussian expectations
//
//	E[f(u)]        u ~ N(0, q)
//	E[f(u) g(v)]   (u, v) jointly Gaussian, Var u = q1, Var v = q2, Corr(u, v) = c
//
// as they appear in every mean-field formula of signal propagation: the
// q-map, the correlation map, χ₁ and the moments μ_k of φ′ (Poole et al.
// 2016, arXiv:1606.05340, eqs. (3)–(5); Schoenholz et al. 2017,
// arXiv:1611.01232; Pennington, Schoenholz, Ganguli 2018, arXiv:1802.09979,
// eqs. (3)–(5) and (20)).
//
//	E[f(u)]                 Expect(f, q, s); Rule (NewRule, Reset, ResetShifted) to reuse nodes
//	density of N(0, q)      Density
//	E[f(u) g(v)]            Expect2(f, g, q1, q2, c, sf, sg)
//	description of f        Settings (Breakpoints, Scale, Cutoff, Order); zero value = smooth f
//
// # Method
//
// Writing u = √q z with z standard normal, E[f(u)] = ∫ f(√q z) ϕ(z) dz is
// computed on |z| ≤ Cutoff (default 9, neglected tail mass 2·10⁻¹⁹):
//
//   - if f has no breakpoint there, by the trapezoid rule with step
//     min(0.5, 0.2·min(1, Scale/√q)): for integrands analytic in a strip
//     and decaying like the Gaussian it converges geometrically
//     (Trefethen & Weideman 2014, SIAM Rev. 56, 385), and needs fewer
//     nodes than Gauss rules (91 for tanh at q = 1);
//   - otherwise by composite Gauss–Legendre quadrature (16 nodes per
//     panel), split at the breakpoints (kinks and jumps, given in the
//     argument's coordinates and mapped to z = b/√q), with panels no wider
//     than 2 in z (the Gaussian weight is resolved) and no wider than
//     2·Scale/√q (the integrand's own length scale). On each panel the
//     integrand is analytic, so the error decays geometrically.
//
// Plain Gauss–Hermite quadrature is not used: on kinked integrands (ReLU,
// hard tanh, the indicator φ′ of piecewise-linear φ) it converges only
// algebraically (percent-level errors, lib/sources/tanner2024.md#erratum-22), and on tanh at
// large variance its error grows because of the poles at ±iπ/(2√q) in z
// (lib/sources/cowsik2024.md#numerics). Both failures are shown in
// the tests (TestHermiteFailsOnKinks, TestHermiteFailsOnWideTanh).
//
// The two-dimensional expectation is nested: with u = √q1 z1 and
// v = √q2 (c z1 + √(1−c²) z2),
//
//	E[f(u) g(v)] = E_{z1}[ f(√q1 z1) · E_{z2}[ g(√q2 c z1 + √q2 √(1−c²) z2) ] ],
//
// where the inner rule is split at g's breakpoints shifted by the mean (so
// it is exact-piecewise for every outer node) and the outer rule is split
// at f's breakpoints and at the points b/(√q2 c) where the inner integral
// has its smoothed kinks, with a geometrically graded mesh of width
// √(1−c²)/|c| around them so that c → ±1 stays accurate. The ends c = ±1
// and c = 0 are evaluated as one-dimensional integrals.
//
// # Accuracy reached (see the tests for every number)
//
//   - smooth integrands (tanh², sech⁴, erf², cos, exp, polynomials):
//     relative error ≤ 1e-12 (most ≤ 1e-13) for variances 1e-4 to 1e2,
//     against closed forms and a 4× finer trapezoid rule;
//   - high powers of functions with poles need Scale reduced (see
//     Settings.Scale): sech^{4k} = (tanh′)^{2k} at Scale 1/√k, k ≤ 8,
//     q ∈ [0.1, 10]: ≤ 1e-14 relative against mpmath; at the default
//     Scale 1 it degrades to 2e-11 at k = 3 (TestPowersOfSech);
//   - kinked integrands in 1-D (ReLU², hard tanh², indicators): ≤ 1e-13
//     relative against closed forms (F5 of lib/sources/tanner2024.md#formulas);
//   - 2-D: linear and erf kernels (Williams 1997) to 1e-13 absolute, ReLU
//     arc-cosine kernel (Cho & Saul 2009) to 1e-12·√(q1q2), the step
//     kernel to 1e-11, for c ∈ [−1, 1] including ±(1 − 1e-12), and the
//     hard-tanh kernel to 1e-10 against the conditional closed form of
//     F5 of lib/sources/tanner2024.md#formulas integrated by Simpson's rule.
//
// Breakpoints and Scale are the caller's description of the integrand; an
// undeclared kink degrades accuracy to the algebraic rate of a panel rule
// across a kink (about 1e-4 relative), it does not produce NaN.
package gauss
