package papers

// The statements of the source that the notebooks' claim checks test,
// each quoted or closely paraphrased with where it stands (a check's
// bundle.Metric.Paper is the Text, byte for byte). Statements lists them.

// Cowsik2024Fig2Match is tested by the per-layer means of Fig. 2.
var Cowsik2024Fig2Match = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig2},
	Text: "Cowsik et al. 2024, Sec. 3.3 and Fig. 2 (second and third columns): comparing the analytic predictions for token norms q/d and angles p/q with simulations of 16-layer transformers (n = 256, d = 64) finds \"an excellent match between theory and experiment\""}

// Cowsik2024Fig2Norm is the known disagreement of the Fig. 2 norm at σ_w = 1.
var Cowsik2024Fig2Norm = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig2},
	Text: "Cowsik et al. 2024, Sec. 3.3 and Fig. 2 (second column): the simulated token norm follows the iterates of F (\"an excellent match between theory and experiment\"; Sec. 4.3: \"our theory well models the motion of the mean with only a small bias at larger depths\")"}

// Cowsik2024Fig3Symmetry is tested by the restoration of permutation symmetry.
var Cowsik2024Fig3Symmetry = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig3},
	Text: "Cowsik et al. 2024, Sec. 3.3 and Fig. 3 (caption): from the broken-symmetry start of eq. 12 (p1 = 1.5 p2 = 0.75d), the average p1/p2 \"converges to 1 for deep enough models\""}

// Cowsik2024Fig4Agreement is tested by the simulated λ_a of the slice and planes.
var Cowsik2024Fig4Agreement = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig4},
	Text: "Cowsik et al. 2024, Sec. 4.1 and Fig. 4 (caption): \"strong agreement between our analytic calculations (left column) and numerical calculations (right column) for the token angle exponent λ_a\" (eq. 24 of App. A, one block from (d, 0.99d))"}

// Cowsik2024Fig5Match is tested by the simulated λ_g of the slice and planes.
var Cowsik2024Fig5Match = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig5},
	Text: "Cowsik et al. 2024, Sec. 4.2 and Fig. 5: the numerical λ_g (L = 16, (1/L) ln |∂(X^L·R)/∂X^0|²) against the theory of Sec. 3.4: \"We find a strong match\"; the caption: \"the right shows the numerical one demonstrating a substantial agreement\""}

// Cowsik2024EdgeGap is the ordering of the two zero contours.
var Cowsik2024EdgeGap = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig5},
	Text: "Cowsik et al. 2024, Sec. 4.2 and Fig. 5 (caption): \"Compared to the angle exponent λ_a, demanding λ_g = 0 requires a smaller σ_w\""}

// Cowsik2024CausalRaises is the effect of causal attention.
var Cowsik2024CausalRaises = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig6},
	Text: "Cowsik et al. 2024, Sec. 4.4 and Fig. 6 (caption): \"Upon introducing causality, both the λ_g and λ_a tend to increase throughout the phase diagram\""}

// Cowsik2024Slowing is the approach to the collapsed point at the edge of chaos.
var Cowsik2024Slowing = &Statement{Source: Cowsik2024, Figures: []*Figure{},
	Text: "Cowsik et al. 2024, Sec. 3.3: at the boundary λ_a = 0 \"the distance to the fixed point decays as O(L^{-1}) rather than O(e^{-λ_a L}) as in the collapsed regime\" (critical slowing down)"}

// Cowsik2024Fig6Order is the ordering of the two edges under causal attention.
var Cowsik2024Fig6Order = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig6},
	Text: "Cowsik et al. 2024, Fig. 6: with causal attention \"the λ_g = 0 contour lies below the λ_a = 0 contour, and they meet at small α\""}

// Cowsik2024Fig7Fit is a statement checked by trainability.Fits.FitChecks.
var Cowsik2024Fig7Fit = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig7},
	Text: "Cowsik et al. 2024, Sec. 5 and Fig. 7 (bottom left): the maximum of a weighted combination of |λ_g| and |λ_a| with learned weights and a bias gives \"an excellent fit\" of the final test loss: the loss is \"well predicted just by these two exponents\" at initialisation"}

// Cowsik2024Fig7Edges is a statement checked by trainability.NearEdges.Checks.
var Cowsik2024Fig7Edges = &Statement{Source: Cowsik2024, Figures: []*Figure{Cowsik2024Fig7},
	Text: "Cowsik et al. 2024, Sec. 5 and Fig. 7 (bottom right): \"the simultaneous vanishing of these two exponents yields a simple necessary and sufficient condition to achieve minimal test loss\": the lowest loss lies where λ_a ≈ 0 ≈ λ_g"}
