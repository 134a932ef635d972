package papers

// The statements of the source that the notebooks' claim checks test,
// each quoted or closely paraphrased with where it stands (a check's
// bundle.Metric.Paper is the Text, byte for byte). Statements lists them.

// TannerQMap is the length map the q-iteration checks.
var TannerQMap = &Statement{Source: Tanner, Figures: []*Figure{},
	Text: "Tanner lecture (after P18 eq. 3), \"Stability of pre-activation lengths\": the pre-activation variance follows q^ℓ = σ_w²∫Dz φ(√q^{ℓ−1} z)² + σ_b² layer by layer"}

// TannerCMap is tested by the correlation of two inputs of finite networks.
var TannerCMap = &Statement{Source: Tanner, Figures: []*Figure{},
	Text: "Tanner lecture, \"Random DNNs hidden layer outputs\": the network \"has computable map R(ρ) of how the correlation between two inputs evolve through the layers\"; for χ ≤ 1 \"points which are sufficiently correlated all converge, with depth, to the same point\", for χ > 1 \"nearby points become uncorrelated with depth\""}

// TannerChi1 is tested by χ₁ of finite networks on and beside the critical line.
var TannerChi1 = &Statement{Source: Tanner, Figures: []*Figure{TannerFig1},
	Text: "Tanner lecture (after P18), Fig. 1 and the slide after it: \"In the infinite width limit, the average trace of (DW)ᵀ(DW)\" is χ = σ_w²∫Dz φ′(√q* z)², and \"the critical line χ = 1 determines the boundary between the two phases\""}

// TannerSlopeLaw is tested by the law of φ′(h) in finite networks.
var TannerSlopeLaw = &Statement{Source: Tanner, Figures: []*Figure{TannerFig3},
	Text: "Tanner lecture, Fig. 3 (P18 Fig. 3): \"The bottom row gives the induced distribution of φ′(h)\" of pre-activations h ~ N(0, q*) at the fixed point"}

// TannerAtoms is tested by P(φ′ = 1) of the piecewise-linear activations.
var TannerAtoms = &Statement{Source: Tanner, Figures: []*Figure{TannerTable1, TannerFig3},
	Text: "Tanner lecture, Table 1 and Fig. 3 (P18): for ReLU \"the distribution is independent of q*\" (φ′ ∈ {0, 1}, ½ each); for hard tanh μ_k = erf(1/√(2q*))"}

// P18Fig2Overlay is what the KS and atom checks of a panel of P18 Fig. 2
// test.
var P18Fig2Overlay = &Statement{Source: P18, Figures: []*Figure{P18Fig2},
	Text: "Pennington, Schoenholz & Ganguli 2018 (P18), Fig. 2: at criticality the free-probability theory of the spectrum of JJᵀ (the master equation, eqs. 14–16) overlays the empirical singular-value densities of width-1000 networks at L = 2, 8, 32 and 128, for linear networks with Gaussian weights and ReLU, hard-tanh and erf networks with orthogonal weights"}

// P18Fig4Spectra is what the KS and atom checks of a panel of P18 Fig. 4
// test: that the simulated spectra at each depth are those of the
// theory at that depth, on their way to the limit law.
var P18Fig4Spectra = &Statement{Source: P18, Figures: []*Figure{TannerFig4},
	Text: "P18, Fig. 4 (the lecture's Fig. 4): \"The colored lines are empirical spectra of finite-depth width-1000 orthogonal neural networks\" at σ₀² = 1/4, L = 2 to 128, which the master equation at each depth (eq. 15) describes and which \"converge to the limiting distributions in all cases\""}

// P18Fig4Rate is what the convergence exponent of a panel of
// P18 Fig. 4 tests (rate 1/L; L^{−1/2} for erf, F28 of
// lib/sources/tanner2024.md).
var P18Fig4Rate = &Statement{Source: P18, Figures: []*Figure{TannerFig4},
	Text: "P18, Fig. 4 caption: \"The empirical spectra converge to the limiting distributions in all cases. The rate of convergence is similar for Hard-Tanh and Shifted ReLU, whereas it is significantly different for Erf and Smoothed Relu, which converge to the same limiting distribution along distinct trajectories\""}

// TannerTable1ClosedForms is what the check of the closed forms of P18 Table 1
// against quadrature tests (with the errata of
// lib/sources/tanner2024.md#table-1).
var TannerTable1ClosedForms = &Statement{Source: Tanner, Figures: []*Figure{TannerTable1},
	Text: "P18, Table 1 (the lecture's Table 1, \"Properties of Nonlinearities\"): μ_k = ∫Dz φ′(√q* z)^{2k} in closed form for linear, ReLU, hard tanh and erf (as corrected in lib/sources/tanner2024.md#table-1)"}

// TannerTable2STransforms is what the sampled S-transforms of P18 Table 2 test.
var TannerTable2STransforms = &Statement{Source: Tanner, Figures: []*Figure{TannerTable2},
	Text: "P18, Table 2 (the lecture's F15): the S-transform of WᵀW is σ_w⁻² for scaled orthogonal weights (s₁ = 0) and σ_w⁻²/(1 + z) for scaled Gaussian weights (s₁ = −1)"}

// P18FreeProduct is what the S-transform of a product of two free
// Gaussian layers tests.
var P18FreeProduct = &Statement{Source: P18, Figures: []*Figure{},
	Text: "P18, eq. 10 and Sec. 2 (the lecture's F13): S-transforms multiply under free multiplication, S_{AB} = S_A·S_B, so two free Gaussian layers have S = S_MP² = (1 + z)⁻²"}

// TannerMurrayTheorem is what the check of Murray's theorem on the
// Shtanh table tests.
var TannerMurrayTheorem = &Statement{Source: Tanner, Figures: []*Figure{},
	Text: "Murray, Abrol & Tanner 2021 as the lecture states it (Theorem, \"Increasing the linear region drives the Jacobian spectra to 1\"): for a scaled-bounded φ on the edge of chaos with σ_b² > 0, as y = σ_b²/a² → 0 both max_ρ |R(ρ) − ρ| and |μ₂/μ₁² − 1| → 0"}

// TannerCNN is what the CNN covariance checks test (the recursion is
// recalled from Xiao et al. 2018, lib/sources/tanner2024.md#cnn).
var TannerCNN = &Statement{Source: Tanner, Figures: []*Figure{TannerCNNFig1},
	Text: "Tanner lecture, \"From fully connected to CNN EoC\" (after Xiao et al. 2018): in a CNN the hidden layers are mean zero with variance q^(ℓ) as in the fully connected network, and the covariance of outputs of a filter overlapping spatially evolves by the correlation map (limit q*ρ*, ρ* = R(ρ*))"}

// TannerAttentionGap is what the spectral-gap checks of one random
// softmax matrix and of |λ₂| against T test.
var TannerAttentionGap = &Statement{Source: Tanner, Figures: []*Figure{},
	Text: "Tanner lecture, \"The spectral gap of random Markov matrices\" (after Nait Saada et al. 2024): \"For Markov / softmax there is one eigenvalue at 1 and the remainder uniform in a disc with radius ∼ n^{−1/2}\""}

// TannerAttentionCollapse is what the residual checks of stacked
// attention layers test.
var TannerAttentionCollapse = &Statement{Source: Tanner, Figures: []*Figure{},
	Text: "Tanner lecture, \"Rank-collapse due to the spectral gap\" (after Nait Saada et al. 2024): \"The single eigenvalue outlier causes an L layer attention network to converge to a one dimensional output at the exponential rate n^{−L/2}\""}

// TannerAttentionFix is what the check of the centred stack tests.
var TannerAttentionFix = &Statement{Source: Tanner, Figures: []*Figure{},
	Text: "Tanner lecture, \"Techniques to resolve rank-collapse\": centering (Ali et al. 2023) \"subtracts the matrix of constant values … corresponding to the eigenvalue outlier\", which resolves the rank collapse"}

// TannerMurrayDecay is the claim of the Murray Fig. 2 analogue
// (shtanhtrain.Fig2Result.Claim; shtanhtrain.MurrayDecayDisagreement quotes it).
var TannerMurrayDecay = &Statement{Source: Tanner, Figures: []*Figure{TannerMurrayFig2},
	Text: "a decreasing from about 5 to 2 during training is preferable to a fixed a ∼ 3 (the lecture on Murray et al. 2021: \"improved accuracy with dynamic linearity decay\", a very deep feed-forward net on CIFAR-10)"}

// TannerSchoenholzSpread and DepthMeanClaim are the two claims of the
// trainable-depth analogue (traindepth.DepthResult.Checks).
var TannerSchoenholzSpread = &Statement{Source: Tanner, Figures: []*Figure{TannerSchoenholzFig5},
	Text: "random tanh networks (σ_b² = 0.05) are trainable up to a depth of about 6ξ_c on both sides of the edge of chaos, so the trainable depth in units of ξ_c is the same at every σ_w² (Schoenholz et al. 2017, Figs. 5–6, recalled)"}

// TannerSchoenholzMean is a statement checked in lib/traindepth (DepthResult.Checks).
var TannerSchoenholzMean = &Statement{Source: Tanner, Figures: []*Figure{TannerSchoenholzFig5},
	Text: "the trainable depth is about 6ξ_c (the boundary of Schoenholz et al. 2017, Figs. 5–6, recalled)"}

// TannerSchoenholzBudgetGrows is what the "grows" check of the budget grid tests.
var TannerSchoenholzBudgetGrows = &Statement{Source: Tanner, Figures: []*Figure{TannerSchoenholzFig5},
	Text: "near the edge of chaos, where 6ξ_c is far beyond any depth trained, the trainable depth of random tanh networks is limited by the training time, so it grows with more training (Schoenholz et al. 2017's reading of their Figs. 5–6, recalled)"}

// TannerSchoenholzBudgetStays is what the "stays" check of the budget grid tests.
var TannerSchoenholzBudgetStays = &Statement{Source: Tanner, Figures: []*Figure{TannerSchoenholzFig5},
	Text: "far from the edge of chaos the trainable depth of random tanh networks is limited by ξ_c (about 6ξ_c), not by the training time, so it does not grow with more training (Schoenholz et al. 2017's reading of their Figs. 5–6, recalled)"}
