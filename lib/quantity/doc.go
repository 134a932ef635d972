// Package quantity is the registry behind `sigprop eval`: every headline
// quantity of the library under a dotted name ("meanfield.qstar"), with its
// parameters, their defaults and allowed ranges, and the source equation.
//
// Science packages do not import this package; each registers its
// quantities from a file of its own here (meanfield.go, tokengeom.go, ...),
// so lib/ packages stay free of CLI concerns and the registry is one place.
//
// Every Quantity carries a Source naming its paper and equation; the files
// and the papers they draw on:
//
//	meanfield.go     meanfield.*       q*, χ₁, depth scales, edge of chaos, μ_k: Poole et al. 2016
//	                                   (arXiv:1606.05340), Schoenholz et al. 2017 (arXiv:1611.01232),
//	                                   Pennington, Schoenholz & Ganguli 2018 (arXiv:1802.09979), F1–F11 of lib/sources/tanner2024.md#formulas
//	finitewidth.go   meanfield.finite_width  mean and variance of one network's kernel to O(1/n), and the
//	                                   Jacobian norm's log-variance: Roberts, Yaida & Hanin 2022
//	                                   (arXiv:2106.10165), lib/sources/finitewidth.md#equations
//	tokengeom.go     tokengeom.*       (q, p) map, λ_a, λ_g: Cowsik, Nebabu, Qi & Ganguli 2024
//	                                   (arXiv:2403.02579)
//	compose.go       compose.*         a block the user composes (lib/compose; its fields as parameters, or
//	                                   `--block FILE`): trajectory, ρ^L, q*, λ_a, λ_g, theory vs simulation
//	compose_causal.go                  under a causal mask trajectory, rho_depth and compare on the full
//	                                   Gram map (lib/sources/compose.md#causal-gram, #causal-softmax)
//	tokennet.go      tokennet.*        simulated λ_a (eq. 24) and λ_g (Sec. 4.2) of the same paper, Monte Carlo
//	                                   over random transformers (seeded; the numeric halves of Figs. 4–6)
//	rankcollapse.go  rankcollapse.*    gradient moments, ρ propagation, τ: Noci et al. 2022
//	                                   (arXiv:2206.03126), eqs. (6)–(18), (47)
//	sde.go           sde.*             covariance-SDE drift and diffusion: Noci et al. 2023
//	                                   (arXiv:2306.17759), Thm 3.2, Thm 4.2, Cor 4.3
//	jacspectrum.go   jacspectrum.*,    moments and density of JJᵀ, Marchenko–Pastur, attention bulk
//	                 freeprob.*,       radius: Pennington, Schoenholz & Ganguli 2018 (arXiv:1802.09979)
//	                 attention.*       eqs. (14)–(16), (21)–(22); Nait Saada, Naderi & Tanner 2024
//	                                   (arXiv:2410.07799), F34 of lib/sources/tanner2024.md#formulas
//
// A parameter outside its Param's range or Choices is reported as an error
// naming the parameter and its range; so is a value that is not finite
// (even where the range is open) and an integer beyond 2^53 in magnitude.
// FuzzParse checks these promises on arbitrary input.
package quantity
