package papers

var TannerFig1 = &Figure{
	ID: "tanner-fig1", Source: Tanner, Label: Fig(1),
	Title: "Order–chaos transition for tanh: critical line in (σ_w², σ_b²) coloured by q*",
	Type:  Data, Setting: AtPaper,
	Notebook: "01-mean-field",
	Notes:    "q* along the critical line, which the lecture shows as the line's colour, is a second panel (fig1-qstar); chi1-sim checks the critical line χ₁ = 1 of the phase diagram against finite networks on and beside it (the claim check of this row: the phase-diagram values themselves are compared with reference numbers sigprop computed, not printed in the lecture)",
	AlsoAs:   []Ref{{P18, Fig(1)}},
}

var TannerTable1 = &Figure{
	ID: "tanner-table1", Source: Tanner, Label: Table(1),
	Title: "Properties of nonlinearities at criticality (M_{D²}, μ_k, σ_w², σ²_JJᵀ)",
	Type:  Data, Setting: AtPaper,
	Notebook: "04-jacobian-spectra",
	AlsoAs:   []Ref{{P18, Table(1)}},
}

var TannerTable2 = &Figure{
	ID: "tanner-table2", Source: Tanner, Label: Table(2),
	Title: "S-transforms of scaled orthogonal and Gaussian weights",
	Type:  Data, Setting: AtPaper,
	Notebook: "04-jacobian-spectra",
	Notes:    "both rows computed numerically beside their closed forms: S_{WᵀW}(z) at 8 points z ∈ [−0.6, −0.05] and s₁ = 1 − m₂/m₁² from 8 sampled matrices of width 400 per ensemble at σ_w² = 1.5 (randmlp.Table2); the Gaussian s₁ is judged against its width-N value −1 − 1/N",
}

var TannerFig3 = &Figure{
	ID: "tanner-fig3", Source: Tanner, Label: Fig(3),
	Title: "Distribution of φ′(h) for five activations at four q*",
	Type:  Data, Setting: AtPaper,
	Notebook: "01-mean-field",
	Notes:    "the top row is drawn in one panel (fig3-phi); the laws of φ′ are drawn as CDFs, where the atoms are jumps, and checked against networks of width 1000 at the edge of chaos; SiLU is smoothed_relu",
	AlsoAs:   []Ref{{P18, Fig(3)}},
}

var TannerFig4 = &Figure{
	ID: "tanner-fig4", Source: Tanner, Label: Fig(4),
	Title: "Jacobian spectra converging to two universality classes (σ0² = 1/4)",
	Type:  Data, Setting: AtPaper,
	Notebook: "04-jacobian-spectra",
	Notes:    "width 1000, L ∈ {2, 3, 4, 8, 32, 128} simulated (precomputed, notebooks/data/jacobian-spectra; two networks per depth below 128, one at 128), theory at L ∈ {2, 8, 32, 128} and erf to 8192; erf at L = 3 is drawn but not compared (the continuation loses the branch near λ = 0); SiLU is the activation named smoothed_relu",
	AlsoAs:   []Ref{{P18, Fig(4)}},
}

var P18Fig2 = &Figure{
	ID: "p18-fig2", Source: P18, Label: Fig(2),
	Title: "Deep Jacobian spectra at criticality, theory vs simulation, L ∈ {2, 8, 32, 128}",
	Type:  Data, Setting: AtPaper,
	Notebook: "04-jacobian-spectra",
	Notes:    "width 1000, L ∈ {2, 8, 32, 128}, theory and simulation (precomputed); P18 does not state σ_w² per panel: hard tanh and erf at q* = 0.25",
}

var TannerMurrayFig1 = &Figure{
	ID: "tanner-murray-fig1", Source: Tanner, Label: Of("Murray", Fig(1)),
	Title: "Correlation map and variance convergence for Shtanh as the linear region grows",
	Type:  Data, Setting: Analogue,
	Notebook: "04-jacobian-spectra",
	Reason:   "the lecture's figure is not described in its text; drawn in a form sigprop chose (lib/sources/tanner2024.md)",
}

var TannerMurrayFig2 = &Figure{
	ID: "tanner-murray-fig2", Source: Tanner, Label: Of("Murray", Fig(2)),
	Title: "Training very deep networks with Shtanh on CIFAR-10",
	Type:  Data, Setting: Analogue,
	Notebook: "04-jacobian-spectra",
	Reason:   "Fashion-MNIST (the committed subset), not CIFAR-10; the lecture states no depth, width, σ_b², optimiser or training length, so all are sigprop's (lib/sources/tanner2024.md#murray-fig2)",
	Notes:    "64 Shtanh layers of width 96, Haar-orthogonal weights at the edge of chaos (σ_b² = 0.5), plain SGD for 600 steps, a fixed at 3 against a decaying linearly from 5 to 2 during training, 3 seeds (precomputed, notebooks/data/murray-fig2); the lecture's claim that decay ends better is a known disagreement, declared from a pilot: final test accuracy 0.737 against 0.744, paired difference −0.007 ± 0.022 (z = −0.3), though decay leads at 17 of 19 intermediate records",
}

var TannerSchoenholzFig5 = &Figure{
	ID: "tanner-schoenholz-fig5", Source: Tanner, Label: Of("Schoenholz", Fig(5)),
	Title: "Trainable depth of random tanh networks bounded by 6ξ_c (Schoenholz et al. 2017, on the lecture's reading list)",
	Type:  Data, Setting: Analogue,
	Section:  Beyond,
	Notebook: "04-jacobian-spectra",
	Reason:   "the lecture only cites Schoenholz et al. 2017 for ξ_q, ξ_c; the paper's figure (tanh, σ_b² = 0.05, σ_w² ∈ [1, 4], depths to 300, MNIST and CIFAR-10) is recalled, not retrieved; sigprop trains width-64 networks for 300 SGD steps on the Fashion-MNIST subset (lib/sources/tanner2024.md#schoenholz-fig5)",
	Notes:    "7 σ_w² in [1, 4] × 11 depths from 4 to 128 (factor ≈ √2), tanh, Gaussian weights, σ_b² = 0.05, width 64, plain SGD lr 0.02 for 300 steps of 64 images, one seed (precomputed, notebooks/data/schoenholz-depth, 8 min); trainable depth = last depth above the midpoint of chance and the L = 4 accuracy. It is 23–45 layers at every σ_w², also beside the edge of chaos (σ_w² = 1.75, 6ξ_c ≈ 2600): L_mid/ξ_c from 10.5 to 0.13, max/min 83 (tolerance 2.25, a known disagreement declared from a pilot), geometric mean 2.57 (against 6 within a factor 2: a known disagreement), corr(log L_mid, log ξ_c) = 0.61. The trainable band does not widen towards the edge at this width and budget, so the paper's 6ξ_c is neither confirmed nor refuted at its own scale. A second grid (σ_w² ∈ {1, 1.75, 4} × L from 16 to 128, 1500 steps, the same streams; notebooks/data/schoenholz-budget, 13 min) tests the paper's recalled reading that near criticality training time limits the depth: L_train at steps 300–1500 is 32, 32, 32, 45, 32 (σ_w² = 1: stays within one depth step, passes), 45 at every step (σ_w² = 1.75: does not grow, a known disagreement) and 23 at every step (σ_w² = 4); five times the budget does not move the boundary at this width and learning rate",
}

var TannerCNNFig1 = &Figure{
	ID: "tanner-cnn-fig", Source: Tanner, Label: Of("CNN", Fig(1)),
	Title: "From fully connected to CNN edge of chaos",
	Type:  Data, Setting: Analogue,
	Notebook: "04-jacobian-spectra",
	Reason:   "the lecture's figure is not described in its text; sigprop draws the covariance recursion of a 1-D CNN (Xiao et al. 2018, in one dimension, circular padding, 3 taps) against simulated CNNs, for Gaussian and delta-orthogonal kernels (lib/sources/tanner2024.md#cnn)",
	Notes:    "tanh at the edge of chaos (σ_b² = 0.05), 12 positions with a non-stationary input, 24 layers, 128 networks of 128 channels per kernel (notebook 04's CNNNetworks, CNNChannels, CNNLayers); every entry of Σ^ℓ checked (max |z| ≤ 5.5 over 1872 entries); dynamical isometry of the delta-orthogonal kernel is not simulated",
}

var TannerSummaryFig = &Figure{
	ID: "tanner-summary-fig", Source: Tanner, Label: Label{Prefix: "Summary"},
	Title: "Dependence between σ_w, σ_b and φ",
	Type:  Diagram, Setting: Schematic,
	Reason: "not described in the lecture seed; a summary diagram",
}

var TannerAttnFig1 = &Figure{
	ID: "tanner-attn-fig1", Source: Tanner, Label: Of("Attention", Fig(1)),
	Title: "Key and query quadratic form; key and query vs value weights",
	Type:  Diagram, Setting: Schematic,
	Reason: "diagrams",
}

var TannerAttnFig2 = &Figure{
	ID: "tanner-attn-fig2", Source: Tanner, Label: Of("Attention", Fig(2)),
	Title: "The spectral gap of random Markov matrices",
	Type:  Data, Setting: AtPaper,
	Notebook: "04-jacobian-spectra",
	Notes:    "parameters are not stated; sigprop chooses T = 512, s = 1",
}

var TannerAttnFig3 = &Figure{
	ID: "tanner-attn-fig3", Source: Tanner, Label: Of("Attention", Fig(3)),
	Title: "Excessive over-smoothing in width and depth",
	Type:  Data, Setting: Analogue,
	Notebook: "04-jacobian-spectra",
	Reason:   "not described in the lecture's text; drawn in a form sigprop chose (lib/sources/tanner2024.md)",
}
