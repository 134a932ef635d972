package tokenshow

import "github.com/sigprop/sigprop/kernel-ext/contract/bundle"

// The statements of Cowsik et al. 2024 that the claim checks of notebook
// 02 test (show.Agreement.Paper), quoted from the paper with where they
// stand. A check without one tests sigprop's own code or reasoning.
const (
	// claimFig2 is tested by the per-layer means of Fig. 2.
	claimFig2 = "Cowsik et al. 2024, Sec. 3.3 and Fig. 2 (second and third columns): comparing the analytic predictions for token norms q/d and angles p/q with simulations of 16-layer transformers (n = 256, d = 64) finds \"an excellent match between theory and experiment\""
	// claimFig2Norm is the known disagreement of the Fig. 2 norm at σ_w = 1.
	claimFig2Norm = "Cowsik et al. 2024, Sec. 3.3 and Fig. 2 (second column): the simulated token norm follows the iterates of F (\"an excellent match between theory and experiment\"; Sec. 4.3: \"our theory well models the motion of the mean with only a small bias at larger depths\")"
	// claimFig3 is tested by the restoration of permutation symmetry.
	claimFig3 = "Cowsik et al. 2024, Sec. 3.3 and Fig. 3 (caption): from the broken-symmetry start of eq. 12 (p1 = 1.5 p2 = 0.75d), the average p1/p2 \"converges to 1 for deep enough models\""
	// claimFig4 is tested by the simulated λ_a of the slice and planes.
	claimFig4 = "Cowsik et al. 2024, Sec. 4.1 and Fig. 4 (caption): \"strong agreement between our analytic calculations (left column) and numerical calculations (right column) for the token angle exponent λ_a\" (eq. 24 of App. A, one block from (d, 0.99d))"
	// claimFig5 is tested by the simulated λ_g of the slice and planes.
	claimFig5 = "Cowsik et al. 2024, Sec. 4.2 and Fig. 5: the numerical λ_g (L = 16, (1/L) ln |∂(X^L·R)/∂X^0|²) against the theory of Sec. 3.4: \"We find a strong match\"; the caption: \"the right shows the numerical one demonstrating a substantial agreement\""
	// claimEdgeGap is the ordering of the two zero contours.
	claimEdgeGap = "Cowsik et al. 2024, Sec. 4.2 and Fig. 5 (caption): \"Compared to the angle exponent λ_a, demanding λ_g = 0 requires a smaller σ_w\""
	// claimFig6 is the effect of causal attention.
	claimFig6 = "Cowsik et al. 2024, Sec. 4.4 and Fig. 6 (caption): \"Upon introducing causality, both the λ_g and λ_a tend to increase throughout the phase diagram\""
	// claimSlowing is the approach to the collapsed point at the edge of chaos.
	claimSlowing = "Cowsik et al. 2024, Sec. 3.3: at the boundary λ_a = 0 \"the distance to the fixed point decays as O(L^{-1}) rather than O(e^{-λ_a L}) as in the collapsed regime\" (critical slowing down)"
)

// The declarations of the two known disagreements of notebook 02, from
// the git history (issue 37): the commit that first carried each with
// its check, and where its result could already be read then. No pilot
// decided either; the data's seeds are set from the run by the builders.
var (
	// declaredFig2Norm: WidthBias's Fig. 2 norm bias at d = 64.
	declaredFig2Norm = bundle.Declaration{Commit: "caa0d03",
		Seen: "notebook 02 as of commit 73553ba, whose text quotes the 3–4% bias at layer 8 and d = 64 and whose check asserted it (z ≥ 3) from the same deterministic run at the reported seed"}
	// declaredFig5Large: GradientPlaneChecks's large-α shift of the λ_g planes.
	declaredFig5Large = bundle.Declaration{Commit: "caa0d03",
		Seen: "the stored grids notebooks/data/token-geometry/lg-alpha-sigma and lg-alphaA-alphaM (commits 0d92ca3, 25c680c), and notebook 02's text since commit 73553ba (the corrected theory overshoots the simulation at large α)"}
)
