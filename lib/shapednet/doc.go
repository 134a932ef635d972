// Package shapednet simulates the residual attention networks of Noci, Li,
// Li, He, Hofmann, Maddison & Roy 2023, "The Shaped Transformer: Attention
// Models in the Infinite Depth-and-Width Limit" (NeurIPS 2023,
// arXiv:2306.17759; notes in lib/sources/noci2023.md) at finite width
// and depth, whose limit is the covariance SDE of package sde at time
// t = ℓ/width. Each network draws from its own generator NetRand(seed, i),
// so results do not depend on the worker count.
//
//	A = I + Softmax(Y/τ) − 𝟏𝟏ᵀ/m, eq. (9)           block.Shaped, Config.AttentionMatrix
//	vanilla A = Softmax(Y/√n_k), eq. (2)            block.Softmax; Vanilla, PreLN
//	Fig. 4 ablations                                block.ShapedNoIdentity, …, block.OnlyTemperature
//	Thm. 4.2, one layer's n·Var(V₁) against Σ       OneStepSettings, OneStepCov.Table
//	s± = 1 + c±/√n, σ_s, eq. (4)                    Slopes, ReLU, He
//	shaped-ReLU kernel (App. B, eq. 23)             ReLUKernel
//	attention + MLP layer, eqs. (1), (4), (11)      Config, Shaped, Blocks
//	naive forward pass, V_ℓ = X_ℓX_ℓᵀ/n (lib/sources/noci2023.md#forward-pass)      Input, Forward, ForwardRun
//	exact reduced chain in V_ℓ (lib/sources/noci2023.md#reduced-chain, same law)     Step, Simulate, Run, NetRand
//	Eq. (21): X_out | V ∼ N(0, V ⊗ I), a Gaussian scale mixture over V_T             Readout, MixtureDensity, FourthMoment, SquaredMoment
//	finite-time blow-up (stopping-time study)       StoppingDepth
//	t* over networks, over a (γ, τ₀) grid (Fig. 8)  StopStudy.Run, StopStudy.Grid
//	equicorrelated V₀ (Figs. 1, 3, 4)               EquiCorr
//	the block as a compose.Block (compose.Noci2023) FromBlock, Config.Block
//
// Settings structs, each field documented with the paper's (or the
// notes') statement, whose constructor is the notebook's run and whose Run
// runs it: LawSettings (Fig3; StoredOrRun reads its networks where
// `sigprop sweep generate noci23-fig3` stored them at exactly its
// settings, LawNetKey), OneStepSettings (CheckOneStep:
// lib/sources/noci2023.md#check-12), ExplosionSettings (ExplosionTable),
// KSSettings (KSVersusWidth: sde.Simulate and KSByWidth), StopSettings (Fig5,
// StopStudy.ByGamma), GridSettings (Fig8, StopStudy.QuantileGrid) and
// OutputSettings (Eq21: Simulate, sde.Simulate and Readout of eq. 21).
// Sim names one simulation (network, input, networks, seed: Simulate or
// ForwardRun) and PaperInput(m) the paper's input at ρ₀ = PaperRho0; the
// new settings return errors wrapping ErrParam that name the field. Runs
// record the seed they ran with (Run.Seed, CorrLaws.NetSeed,
// StopByGamma.Seed, StopGrid.Seed), which notebook 05 shows through kernel-ext/render.
//
// A display says whether a run is at a figure's settings by comparing
// with a constructor (paperat.go), never with re-typed numbers: the
// comparable descriptions Fig1Sizes (Fig1), Fig1RightSizes (Fig1Right),
// PreLNSizes (Fig1PreLN), Fig4Sizes (Fig4) with ==, TransformerTSizes
// (TransformerT) with At, and CorrLaws.At, StopByGamma.At, StopGrid.At,
// OneStepCov.At and KSSettings.At against the settings constructors.
// results.go gives results as the result kinds of lib/result, drawn by
// kernel-ext/render: Fig1LeftCurves (fig1-left), PreLNCurves
// (fig1-preln), CorrLaws.Q95Curves (fig3-right), StopByGamma.TraceCurves
// and TimeCurves (fig5-left, fig5-right), ExplosionCounts (explosion);
// densities.go the laws against their SDEs, a KS check per pair
// (KSLevel): Fig1RightDensities (fig1-right-m<m>), Fig7Densities (fig7),
// TransformerTDensities (transformer-T), CorrLaws.LeftDensities
// (fig3-left) as result.Densities and KSWidths.Curves (ks-vs-width);
// fig8.go StopGrid.Plane (fig8), with its known disagreement Fig8Beyond
// as a result.Disagreement;
// fig4result.go Fig4Runs.CorrCurves and CovCurves (fig4-left,
// fig4-right, with the claims per ablation read against Fig4Degenerate),
// onestepresult.go OneStepCov.Table (one-step-cov), eq21result.go
// Outputs.Spectrum (eq21-output, a result.SpectrumLines: the mixture
// density and the Gaussian of the same variance).
//
// Norms: block.NoNorm, block.PreRMS (exact in the reduced chain) and
// block.PreLN (Forward only). Forward runs each layer through
// block.Forward (shaped-ReLU MLP, in place).
//
// FromBlock runs any compose.Block of the paper's family (shaped or
// σ_A² = 1 softmax attention, a two-slope ReLU MLP He-normalised, one γ
// and λ for both sub-blocks, either sub-block alone, no norm or pre-norm)
// and refuses any other with an error wrapping ErrParam naming the
// block's field; compose.Noci2023 is Shaped, Noci2023Vanilla Vanilla,
// Noci2023PreLN PreLN.
package shapednet
