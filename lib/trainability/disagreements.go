package trainability

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/result"
)

// BothNeededAtScale is the known disagreement of Fig. 7's second claim at
// this scale (Set.BothNeeded checks it). Its record: declared in commit
// f026214, whose message quotes the −1.0 SE, from the stored sweeps
// (notebooks/data/trainability); Set.BothNeeded sets DataSeeds from the
// sweeps it reads.
var BothNeededAtScale = result.Disagreement{
	Paper:    "Cowsik et al. 2024, Sec. 5 and Fig. 7: both Lyapunov exponents must be near zero: the predictor max(w_a|λ_a|, w_g|λ_g|) + b, which takes both into account, predicts the test loss",
	Measured: "on the non-saturated points of this sweep the max-fit's leave-one-out RMSE is below λ_g alone's by about 1 SE only",
	Why:      "in this analogue (Fashion-MNIST, a d = 64 ViT, about one epoch) λ_g alone explains nearly all the variance the fit can explain: too few non-saturated points sit where |λ_a| is large and |λ_g| small for the max to gain beyond the noise of which points were drawn",
	Declared: result.Declaration{Commit: "f026214", Seen: "the stored sweeps (notebooks/data/trainability, seeds 1 and 2; its rule was written once seed 1's sweep had been read, the noise allowance added later) and commit f026214's message"},
}

// BothNeeded is Fig. 7's second claim on the fits f of s (Set.Fits): the
// max-fit's leave-one-out RMSE below that of the better single-exponent
// fit (Fits.BetterSingle) by at least BothNeededZ standard errors of their
// paired difference (CompareLOO), declared a known disagreement
// (BothNeededAtScale, with the seeds of s's sweeps). It returns
// CompareLOO's error.
func (s Set) BothNeeded(f Fits) ([]result.Check, error) {
	single, sname := f.BetterSingle()
	g, err := CompareLOO(f.Max, single)
	if err != nil {
		return nil, err
	}
	return []result.Check{{Name: "Fig. 7: max-fit LOO RMSE − better single-exponent LOO RMSE, in SE", Kind: result.Claim,
		Value: g.Diff / g.SE, Tol: -BothNeededZ, Rule: result.AtMost,
		Basis:        fmt.Sprintf("both exponents are needed if the max-fit predicts held-out points better than %s; noise allowance %d SE of the paired per-point difference of squared LOO residuals over %d points", sname, BothNeededZ, g.N),
		Note:         fmt.Sprintf("LOO RMSE %.4f (max-fit) vs %.4f (%s): %+.4f ± %.4f", f.Max.LOORMSE, single.LOORMSE, sname, g.Diff, g.SE),
		Disagreement: BothNeededAtScale.WithDataSeeds(s.sweepSeeds()...)}}, nil
}

// sweepSeeds are the seeds of s's sweeps, in order.
func (s Set) sweepSeeds() []uint64 {
	seeds := make([]uint64, len(s.Settings))
	for i, x := range s.Settings {
		seeds[i] = x.Seed
	}
	return seeds
}
