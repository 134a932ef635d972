package seqtf

import (
	"fmt"
	"math"
	"strings"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// The declared known disagreements of the reversal task (Noci et al.
// 2022, Figs. 6 and 15) and of Fig. 2 on code (Noci et al. 2023), each
// with its record: the commit that declared it with its check, the pilot
// that decided its rule (if one did) and where its result could be read
// then. No timing is stated: the report computes it from the record. The
// checks that read them set their DataSeeds from the runs
// (Fig6.Checks, Fig15.Checks, Code.Checks).
var (
	// Fig6EveryBlock: Fig. 6's "in every block". Declared in commit
	// 0829005, whose stored runs (notebooks/data/noci-reverse, commit
	// b5e6996) had been read.
	Fig6EveryBlock = result.Disagreement{
		Paper:    "Noci et al. 2022, Sec. 3.3 and Fig. 6: Adam's effective learning rate is larger for the queries than for the values, in every layer as the figure shows",
		Measured: "the smallest over the 5 blocks of the seed-mean gap log₁₀(eff. LR W^Q / eff. LR W^V) in SEs, against the 97.5% t quantile",
		Why:      "in the 5 stored runs the gap is positive in blocks 1, 3, 4 and 5 (0.32 to 0.67 decades) but not in block 2, where it is about −0.06 ± 0.06 over the run and −0.17 over its last third",
		Declared: result.Declaration{Commit: "0829005", Seen: "the stored runs (notebooks/data/noci-reverse, commit b5e6996)"},
	}
	// Fig6Constant: Fig. 6's "remarkably constant". Declared in commit
	// 0829005 as Fig6EveryBlock; its rule was chosen from a 300-step
	// training of seed 1, one of the stored seeds.
	Fig6Constant = result.Disagreement{
		Paper:    "Noci et al. 2022, Sec. 3.3 and Fig. 6: the difference between the queries' and the values' effective learning rates \"is remarkably constant throughout training\"",
		Measured: "the largest change of a block's gap between the first and the last third of training, over the gap's change across the blocks (at most 1/2: sigprop's reading)",
		Why:      "in the stored runs the gaps shrink once the task is solved (about step 200), by up to 0.34 decades in block 2, more than the 0.27-decade spread across the blocks",
		Declared: result.Declaration{Commit: "0829005", Pilot: "a 300-step training of seed 1 on the reversal task, which chose the rule's reading of \"remarkably constant\"", PilotSeeds: []uint64{1},
			Seen: "the stored runs (notebooks/data/noci-reverse, commit b5e6996)"},
	}
	// Fig15Alpha: Fig. 15's first claim. Declared in commit d42337c,
	// before the stored runs existed (commit b5e6996), from a 500-step
	// training of seed 1, which is one of the stored runs' seeds.
	Fig15Alpha = result.Disagreement{
		Paper:    "Noci et al. 2022, App. C.3 and Fig. 15: the trainable residual weights α₁, α₂ \"increase during training\" (their best IWSLT'14 model)",
		Measured: "the change of α averaged over both α and all blocks of the no-LN encoder trained with Adam on the reversal task, in SEs over the seeds",
		Why:      "on this task Adam moves most α down from 1/√L: the task is solved within ~100 steps, after which nothing pushes α up; the paper's model is an SGD-trained translation transformer",
		Declared: result.Declaration{Commit: "d42337c", Pilot: "a 500-step training of seed 1 of the no-LN encoder with trainable α on the reversal task", PilotSeeds: []uint64{1}},
	}
	// Fig15Slight: Fig. 15's "slightly" (NormRise against SlightRise). The
	// stored runs' rise (about 6×) was quoted in notebook 06 and in
	// issue 37 when the reading of "slightly" was set.
	Fig15Slight = result.Disagreement{
		Paper:    "Noci et al. 2022, App. C.3 and Fig. 15: \"the norm of the propagated forward signal tends to slightly increase with depth\"",
		Measured: "the trained token norm after the last block over that after the first, mean over the seeds, against SlightRise = 2 (a rise by a factor in (1, 2] is slight)",
		Why:      "in the analogue the norm grows several-fold over the five blocks (from about 4 after block 1 to about 24 after block 5; 4.9–5.2 at initialisation): without LayerNorm, Adam grows the residual stream of this small encoder on a task it solves within ~100 steps; the paper's model is an SGD-trained translation transformer with τ",
		Declared: result.Declaration{Commit: "f39b8b4",
			Seen: "the stored runs (notebooks/data/noci-reverse, commit b5e6996); notebook 06 quoted the rise (4.0 to 24) since commit 0829005, and issue 37 the 6×"},
	}
	// CodePostLNValue: Fig. 2 on code, the Post-LN value gradients.
	// Declared in commit 6824b8c with the check, from a 4-seed trial at
	// the reported settings whose seeds are not recorded; the reported
	// data are a deterministic live run at seeds 1–8 computed in the same
	// commit.
	CodePostLNValue = result.Disagreement{
		Paper:    "Noci et al. 2023, Fig. 2a (caption): the Post-LN \"value gradients are stable across depths\"",
		Measured: "the least-squares change of log₁₀‖∇W^V_ℓ‖ over 16 Post-LN blocks, against the ±0.3-decade 'stable' band",
		Why:      "here the Post-LN value gradients grow towards the output by about 0.4–0.45 decades over 16 blocks (the query gradients do vanish, by about a decade)",
		Declared: result.Declaration{Commit: "6824b8c",
			Seen: "a 4-seed trial at the reported settings (seeds not recorded) and the live run at the reported seeds, deterministic, in the commit that declared it"},
	}
)

// SlightRise is sigprop's reading of "slightly" in Fig. 15's "the norm …
// tends to slightly increase with depth": the norm after the last block
// is at most SlightRise times the norm after the first. The paper's
// figure shows the norms but its values are not in the retrieved text
// (lib/sources/noci2022.md records only the claim), so the bound cannot
// be read off the figure; it is the most lenient reading the word
// allows: a doubling is not "slight" in any ordinary use, and a bound
// more lenient than the paper's own word would test nothing. A stricter
// reading (1.5, 1.2) only makes the check harder to pass.
const SlightRise = 2

// ConstantShare is sigprop's reading of Fig. 6's "remarkably constant":
// the gap moves during training by at most this share of what it changes
// across the blocks.
const ConstantShare = 0.5

// tQuantile is the two-sided 95% quantile of Student's t with n − 1
// degrees of freedom: the threshold of a mean over n seeds in SEs.
func tQuantile(n int) float64 {
	return empirical.TQuantile2(0.05, n-1)
}

// Checks are the three claims of Fig. 6 (Noci et al. 2022, Sec. 3.3:
// "the effective learning rate is increasingly larger (with depth) for the
// queries compared to the values … and this difference is remarkably
// constant throughout training"), as Claim checks of the gap figure:
//
//   - the queries' rate exceeds the values' in every block: min over blocks
//     of gap/SE at least the 97.5% t quantile with N − 1 degrees of freedom;
//   - the gap grows with depth: the per-seed slope of the gap against the
//     block, mean/SE at least the same quantile;
//   - the gap stays constant during training: the largest change of a
//     block's gap between the first and the last third of training at most
//     ConstantShare of the depth effect (last block's gap minus the
//     first's, last third).
//
// The last rule is sigprop's reading of "remarkably constant" (its record
// is Fig6Constant's). The first and the last carry Fig6EveryBlock and
// Fig6Constant, with the seeds of f's runs; the first is the figure's
// central claim.
func (f Fig6) Checks() []result.Check {
	tq := tQuantile(f.Seeds)
	minZ, arg := math.Inf(1), 0
	for l, g := range f.Gap {
		if z := g.Z(); z < minZ {
			minZ, arg = z, l
		}
	}
	var gaps []string
	for l, g := range f.Gap {
		gaps = append(gaps, fmt.Sprintf("%d: %.3f ± %.3f", l+1, g.Mean, g.SE))
	}
	return []result.Check{
		{Name: "Noci 2022 Fig. 6: W^Q's effective LR exceeds W^V's in every block (min over blocks of gap/SE)", Kind: result.Claim,
			Value: minZ, Tol: tq, Rule: result.AtLeast,
			Basis:        fmt.Sprintf("each block's mean gap at least the 97.5%% quantile of t with %d dof in SEs over %d seeds", f.Seeds-1, f.Seeds),
			Note:         fmt.Sprintf("gap log₁₀(ratio) by block %s; smallest z in block %d", strings.Join(gaps, ", "), arg+1),
			Disagreement: Fig6EveryBlock.WithDataSeeds(f.RunSeeds...), Central: true},
		{Name: "Noci 2022 Fig. 6: the gap grows with depth (slope of the gap against the block, mean/SE over seeds)", Kind: result.Claim,
			Value: f.Slope.Z(), Tol: tq, Rule: result.AtLeast,
			Basis:     fmt.Sprintf("least-squares slope per seed, its mean at least the 97.5%% quantile of t with %d dof in SEs", f.Seeds-1),
			Note:      fmt.Sprintf("slope %.4f ± %.4f decades per block", f.Slope.Mean, f.Slope.SE),
			Statement: papers.Noci2022Fig6Gap},
		{Name: "Noci 2022 Fig. 6: the gap stays constant during training (largest change first → last third, over the depth effect)", Kind: result.Claim,
			Value: f.Drift / f.DepthSpread, Tol: ConstantShare, Rule: result.AtMost,
			Basis:        "sigprop's reading of \"remarkably constant\": the gap moves during training by at most half of what it changes across the blocks",
			Note:         fmt.Sprintf("largest change %.3f decades, depth effect %.3f decades", f.Drift, f.DepthSpread),
			Disagreement: Fig6Constant.WithDataSeeds(f.RunSeeds...)},
	}
}

// Checks are the four checks of Fig. 15's claims
// (papers.Noci2022Fig15Trained) as Claim checks at the 97.5% t quantile
// over the seeds, by the panel each checks (Curves' cos, alpha, norm): the
// α increase (alpha; carrying Fig15Alpha), the correlation that does not
// significantly increase (cos; the figure's central claim: the paper's τ
// assumes it), the norm that increases with depth (slope) and that it
// does so slightly: the seed-mean rise factor NormRise at most SlightRise
// within the same t quantile of its SE (norm; the latter carrying
// Fig15Slight). Both disagreements get the runs' seeds.
func (f Fig15) Checks() (cos, alpha, norm []result.Check) {
	tq := tQuantile(f.Seeds)
	basis := fmt.Sprintf("mean over %d seeds in SEs against the 97.5%% quantile of t with %d dof", f.Seeds, f.Seeds-1)
	rise := f.NormRise
	alpha = []result.Check{{Name: "Noci 2022 Fig. 15: α₁, α₂ increase during training (mean change/SE)", Kind: result.Claim,
		Value: f.AlphaChange.Z(), Tol: tq, Rule: result.AtLeast, Basis: basis,
		Note:         fmt.Sprintf("mean change of α %+.3f ± %.3f", f.AlphaChange.Mean, f.AlphaChange.SE),
		Disagreement: Fig15Alpha.WithDataSeeds(f.RunSeeds...)}}
	cos = []result.Check{{Name: "Noci 2022 Fig. 15: the token correlation does not significantly increase (mean change of the cosine over blocks/SE)", Kind: result.Claim,
		Value: f.CosChange.Z(), Tol: tq, Rule: result.AtMost, Basis: basis,
		Note: fmt.Sprintf("mean change of the cosine %+.3f ± %.3f", f.CosChange.Mean, f.CosChange.SE), Statement: papers.Noci2022Fig15Trained, Central: true}}
	norm = []result.Check{
		{Name: "Noci 2022 Fig. 15: the token norm increases with depth (slope of the trained norm against the block/SE)", Kind: result.Claim,
			Value: f.NormSlope.Z(), Tol: tq, Rule: result.AtLeast, Basis: basis,
			Note: fmt.Sprintf("slope %.3f ± %.3f per block (trained norms %s)", f.NormSlope.Mean, f.NormSlope.SE, meansOf(f.Norm)), Statement: papers.Noci2022Fig15Trained},
		{Name: fmt.Sprintf("Noci 2022 Fig. 15: the norm increases slightly (last block's trained norm over the first's, above %g, in SE)", float64(SlightRise)), Kind: result.Claim,
			Value: (rise.Mean - SlightRise) / rise.SE, Tol: tq, Rule: result.AtMost,
			Basis:        fmt.Sprintf("\"slightly\" read as a rise by a factor of at most %g over the depth (seqtf.SlightRise); the per-seed factor's mean may exceed it by at most the 97.5%% t quantile with %d dof in SEs over %d seeds", float64(SlightRise), f.Seeds-1, f.Seeds),
			Note:         fmt.Sprintf("rise factor %.2f ± %.2f (SE)", rise.Mean, rise.SE),
			Disagreement: Fig15Slight.WithDataSeeds(f.RunSeeds...)},
	}
	return cos, alpha, norm
}

// meansOf are the means of m, three digits each.
func meansOf(m []MeanSE) string {
	var s []string
	for _, v := range m {
		s = append(s, fmt.Sprintf("%.3g", v.Mean))
	}
	return strings.Join(s, ", ")
}

// The rule of Fig. 2 on code (CodeStable, CodeVanish), the ViT analogue's
// of notebook 06 §8, fixed before this model was run: "stable" is |trend|
// at most CodeStable decades over the L blocks, "vanishes" a trend at
// most CodeVanish decades.
const (
	CodeStable = 0.3
	CodeVanish = -0.5
)

// Checks are the four claims of Fig. 2 on the seed-mean trend (Trend),
// by panel: the value gradients' (shaped, then Post-LN, carrying
// CodePostLNValue with the run's seeds) and the query gradients' (shaped,
// then Post-LN), with the rule CodeStable, CodeVanish.
func (c Code) Checks() (value, query []result.Check) {
	basis := fmt.Sprintf("the ViT analogue's rule (§8), fixed before this run: trend = least-squares change of log10 ‖∇W‖ over the %d blocks; 'stable' = within 0.3 decades, 'vanishes' = falls by more than 0.5; mean over %d initialisations", c.Settings.Layers, len(c.Settings.Seeds))
	note := func(t MeanSE) string { return fmt.Sprintf("trend %+.3f ± %.3f decades (SE)", t.Mean, t.SE) }
	sv, sq, pv, pq := c.Trend("shaped", false), c.Trend("shaped", true), c.Trend("Post-LN", false), c.Trend("Post-LN", true)
	value = []result.Check{
		{Name: "Noci 2023 Fig. 2 on code: |trend| of shaped ‖∇W^V‖ (stable)", Kind: result.Claim, Value: math.Abs(sv.Mean), Tol: CodeStable, Rule: result.AtMost,
			Basis: basis, Note: note(sv), Statement: papers.Noci2023Fig2Shaped, Central: true},
		{Name: "Noci 2023 Fig. 2 on code: |trend| of Post-LN ‖∇W^V‖ (stable)", Kind: result.Claim, Value: math.Abs(pv.Mean), Tol: CodeStable, Rule: result.AtMost,
			Basis: basis, Note: note(pv), Disagreement: CodePostLNValue.WithDataSeeds(c.Settings.Seeds...)},
	}
	query = []result.Check{
		{Name: "Noci 2023 Fig. 2 on code: |trend| of shaped ‖∇W^Q‖ (stable)", Kind: result.Claim, Value: math.Abs(sq.Mean), Tol: CodeStable, Rule: result.AtMost,
			Basis: basis, Note: note(sq), Statement: papers.Noci2023Fig2Shaped, Central: true},
		{Name: "Noci 2023 Fig. 2 on code: trend of Post-LN ‖∇W^Q‖ (vanishes)", Kind: result.Claim, Value: pq.Mean, Tol: CodeVanish, Rule: result.AtMost,
			Basis: basis, Note: note(pq), Statement: papers.Noci2023Fig2PostLN},
	}
	return value, query
}
