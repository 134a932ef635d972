// Package rankexp runs the experiments of Noci, Anagnostidis, Biggio,
// Orvieto, Singh & Lucchi 2022, "Signal Propagation in Transformers:
// Theoretical Perspectives and the Role of Rank Collapse" (NeurIPS 2022,
// arXiv:2206.03126; notes in lib/sources/noci2022.md): each runs the
// finite-width simulator lib/rankblock over the settings of one of the
// paper's results and returns it beside the closed forms of
// lib/rankcollapse that it checks, so a notebook only shows them.
//
//	Lemma 3.1, eqs. (6)–(8)          Lemma31At
//	Thm 3.2 (identical tokens)        IdenticalTokens
//	eq. (47), τ at App. C.3's settings TauTable, TauPoints.Table (IWSLT)
//	the τ warm-up of App. C.3         WarmupSettings.At (Warmup)
//	Lemmas 3.2–3.3, Fig. 8            Sizes.Propagation
//	Fig. 4 (LN placement)             Sizes.NormPlacements, Placements.RunSeed, .PreLNSlowerZ
//	Table 2, Figs. 3, 9 and 1         Table2Settings.Runs, Table2Residuals, Table2Runs
//	Lemma 3.2 at Table 2's settings   Table2Theory, EmbeddingRho0
//	Eqs. (17)–(18), App. B.3          GradsMC
//	App. B.2–B.3, Figs. 12–14         Grid, GridRun
//	Fig. 11 (law of ‖X^ℓ‖²)           Sizes.NormLaws
//	Thm A.2, Fig. 7                   UniformitySettings.Gaps, Uniformity.Slope
//	Fig. 10 (ReLU versus linear FF)   Sizes.FeedForwards
//	Fig. 10 in full (as Fig. 4)       Sizes.FeedForwardPlacements, FFPlacements.ReLUExcessZ
//	Fig. 8 at depth, true softmax     Sizes.SoftmaxDepths, LastZ
//	any block's depth profile         BlockDepth.Run (a compose.Block, rankblock.FromBlock)
//
// Settings: the depth experiments run from named settings whose
// constructors return the sizes of a figure, each field documented with
// the paper's statement of it: Sizes (Fig8, Fig8Deep, Fig4, Fig10, Fig11,
// with the methods Propagation, SoftmaxDepths, NormPlacements,
// FeedForwards, FeedForwardPlacements, NormLaws),
// Table2Settings (Table2, method Runs) and UniformitySettings (Fig7,
// method Gaps). The one-layer experiments run from Lemma31Settings,
// Thm32Settings, GradsSettings (eqs. 17–18: GradsRho, GradsN, GradsSmallN),
// GridSettings (Fig12) and TauSettings (eq. 47: TauC3), each with a method
// Run, and TauPoints (IWSLT, method Table) and WarmupSettings (Warmup,
// method At). Every settings type has
// Validate, which every method calls first; a size, count or list out of
// range is an error wrapping ErrParam that names the field. Results
// record the settings they ran with (sizes, draws, seeds), so a display
// formats its caption, Params and seed from them.
//
// Results as result kinds (lib/result, drawn by kernel-ext/render, with
// their claims as papers statements and whether they claim the paper
// figure, by Sizes.At, Eq15Settings.Matches, UniformitySettings.At):
// Propagations.Rho and .Norm (Fig. 8), Eq15Curves.Limits (eq. 15),
// Uniformity.Curves (Fig. 7), FeedForward.Curves (Fig. 10),
// GradsRun.RhoCurves and .NCurves (eqs. 17–18), FFPlacements.Curves (Fig.
// 10 in full), in results.go; DeepRuns.RhoCurves, .NormCurves and
// .Table (Fig. 8 at depth with true softmax) and Placements.Curves and
// .Table (Fig. 4) and NormLaws.Curves (Fig. 11), whose checks carry the
// known disagreements Fig8SoftmaxLemmas, Fig4LN and Fig11Softmax
// (result.Disagreement, DataSeeds from the run read), in declared.go; the one-layer checks Lemma31Table (Lemma
// 3.1), Thm32Table (Thm 3.2), TauTable (eq. 47 at the IWSLT settings, or at
// the points given: its caption follows them) and
// TauBalance.Checks with its Record (τ balances the gradients), in
// layerresults.go; GridRun.Notes, .Curves and .Planes (Figs. 12–14: the
// grid laid out as nested blocks of one Plane each, Fig. 13's claim read
// across it), in gridresults.go; Table2Runs.Fig3, .Fig9 (each a
// Table2Figure: three panels and their claims, each list of one panel,
// Fig. 3(c)'s the known disagreement Fig3Values) and .Fig1 (Fig. 1 at
// initialisation), in table2results.go.
//
// Randomness: a function that runs several independent simulations takes
// a seed and a stream and draws simulation i from
// empirical.Rand(seed+i, stream), so each is reproducible on its own; one
// that runs a single simulation takes a *rand.Rand. Parameter errors of
// the simulator and the theory are returned; caller bugs (sizes the
// simulator cannot run) panic, with a "rankexp:" or "rankblock:" message.
package rankexp
