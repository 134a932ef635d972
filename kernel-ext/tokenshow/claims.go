package tokenshow

import "github.com/sigprop/sigprop/kernel-ext/contract/bundle"

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
