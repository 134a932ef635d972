package papers

var Noci2022Fig1 = &Figure{
	ID: "noci2022-fig1", Source: Noci2022, Label: Fig(1),
	Title: "Mean token cosine over training, POST-LN transformers of increasing depth (IWSLT'14)",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Missing:  "the training curves on IWSLT'14 (data not reachable offline); drawn: the step-0 values, last-layer mean cosine of POST-LN Table 2 networks of depth 2–12 at α = 1 (fig1-init, read off the α = 1 curve of fig3a)",
}

var Noci2022Fig2 = &Figure{
	ID: "noci2022-fig2", Source: Noci2022, Label: Fig(2),
	Title: "POST-LN block diagram",
	Type:  Diagram, Setting: Schematic,
	Reason: "a block diagram, nothing to compute",
}

var Noci2022Fig3 = &Figure{
	ID: "noci2022-fig3", Source: Noci2022, Label: Fig(3),
	Title: "POST-LN: cosine vs layer for several α (a), Q/K (b) and value (c) gradient norms per layer",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "Table 2 network: embedding 32, MLP 128, 4 heads, n = 50, ReLU, 50 runs. Depth 12, α ∈ {1, 0.5, 1/√L, 0.1}, the loss ⟨R, X^L⟩ (panels b, c) and the input (N(0,1) embeddings plus sinusoidal encodings) are chosen: the paper does not state them. Panels b, c are gradient norms relative to the first block (root of the mean squared norm over the 50 runs), as the paper plots norms. Panel c: the value gradients under POST-LN with α = 1 rise by 1.11× (+0.05 decades) against the +0.32 decades eq. (17) gives at Lemma 3.2's correlations, a known disagreement (rankexp.Fig3Values); the bars of panels b and c come from eqs. (17)–(18) at the theory's correlations, not the run's",
}

var Noci2022Fig4 = &Figure{
	ID: "noci2022-fig4", Source: Noci2022, Label: Fig(4),
	Title: "Correlation vs layer with and without 1/√L scaling for PRE-LN, POST-LN and no LN",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "n, d, L, activation and runs are unstated; n = 50, d = 32, L = 12, one head, linear FF and 50 draws are used. Under 1/√L, PRE-LN and POST-LN stay within 0.02 of the no-LN uniform theory but 4.6 and 9.9 SE from it: the paper's 'LN makes little difference' is a known disagreement at this resolution (the central claim); PRE-LN collapsing more slowly than POST-LN at α = 1 (Sec. 3.2) is checked and holds",
}

var Noci2022Fig5 = &Figure{
	ID: "noci2022-fig5", Source: Noci2022, Label: Fig(5),
	Title: "BLEU against the number of blocks on IWSLT'14",
	Type:  Data, Setting: Analogue,
	Notebook: "06-trainability",
	Reason:   "IWSLT'14 translation is not reachable offline: test loss and accuracy of a d = 64 ViT on the Fashion-MNIST subset after 250 steps (batch 64) against L ∈ {2, 4, 8, 16} for Adam PRE-LN, SGD POST-LN, SGD res-scale 1/√L and res-scale + τ, mean ± SD over 3 seeds, precomputed (notebooks/data/noci-training); the paper's deeper models and its translation task are not run",
}

var Noci2022Fig6 = &Figure{
	ID: "noci2022-fig6", Source: Noci2022, Label: Fig(6),
	Title: "Adam's effective learning rate of W^Q vs W^V per layer over training",
	Type:  Data, Setting: AtPaper,
	Notebook: "06-trainability",
	Notes:    "the paper's task and model (App. C.1): reverse 20 digits, embedding 16 with variance 1 plus sinusoidal positions, 5-layer POST-LN encoder (PyTorch's TransformerEncoderLayer, checked against PyTorch), one head, ReLU feed-forward, α₁ = α₂ = 1, Adam lr 0.01, β = (0.9, 0.999), no weight decay; sigprop's choices where the paper states none: feed-forward width 64, 64 fresh sequences per step, 800 steps, ε = 1e-8, no dropout, PyTorch's default initialisation, 5 seeds (precomputed, notebooks/data/noci-reverse). The gap grows with depth (0.13 ± 0.02 decades per block), as the paper; two claims are known disagreements: the queries' effective LR is not larger in block 2 (gap −0.06 ± 0.06 decades), and the gaps shrink once the task is solved (by up to 0.34 decades, more than their 0.27-decade spread over depth). The earlier pre-normalised ViT analogue on Fashion-MNIST is kept beside it",
}

var Noci2022Fig7 = &Figure{
	ID: "noci2022-fig7", Source: Noci2022, Label: Fig(7),
	Title: "Distance of attention from uniform against d_k",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "n and the input law are unstated; sigprop chooses n = 10, iid N(0, 1)",
}

var Noci2022Fig8 = &Figure{
	ID: "noci2022-fig8", Source: Noci2022, Label: Fig(8),
	Title: "No LN, linear: ‖X^ℓ‖² (left) and correlation (right) vs depth, with and without scaling",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "n = 50, d = 32 chosen (unstated). Uniform attention at L = 12, 100 draws (fig8-norm, fig8-rho), where Lemmas 3.2–3.3 are exact, and the paper's claim itself with true softmax at L = 48 and 96, 100 draws (fig8-deep-cos, fig8-deep-norm): under 1/√L doubling the depth moves neither the last-layer ρ nor ‖X‖² (z 0.55 and −0.05), while without it the tokens align (mean cosine 1.000 at L = 96). Under softmax the stabilised values are not the uniform-attention lemmas': ‖X^96‖² is 15 SE above Lemma 3.3 (a declared known disagreement; ρ^96 is 2.9 SE above Lemma 3.2)",
}

var Noci2022Fig9 = &Figure{
	ID: "noci2022-fig9", Source: Noci2022, Label: Fig(9),
	Title: "As Fig. 3 but PRE-LN",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "Table 2 network: embedding 32, MLP 128, 4 heads, n = 50, ReLU, 50 runs. Depth 12, α ∈ {1, 0.5, 1/√L, 0.1}, the loss ⟨R, X^L⟩ (panels b, c) and the input (N(0,1) embeddings plus sinusoidal encodings) are chosen: the paper does not state them. Panels b, c are gradient norms relative to the first block (root of the mean squared norm over the 50 runs), as the paper plots norms",
}

var Noci2022Fig10 = &Figure{
	ID: "noci2022-fig10", Source: Noci2022, Label: Fig(10),
	Title: "Correlation vs depth, linear vs ReLU",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "as in Fig. 4 (App. B.1): true softmax, no LN, POST-LN and PRE-LN, with and without 1/√L, linear against ReLU FF (fig10-full-*; n = 50, d = 32, L = 12, 50 draws chosen, unstated); ReLU ends above linear in all six by 6.0–29.7 SE. fig10-relu is the earlier uniform-attention, α = 1, L = 8 panel",
}

var Noci2022Fig11 = &Figure{
	ID: "noci2022-fig11", Source: Noci2022, Label: Fig(11),
	Title: "Densities of ‖X^L‖² for L = 1…10, three attention/input settings",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "densities of log10 ‖X^ℓ‖² for ℓ = 1…10 with the empirical and Lemma 3.3 means at ℓ = 10 marked; d = 30 and 1000 draws as in the paper, n = 10, α = 1, linear FF chosen. The uniform panel matches the lemma over layers 1–10; the centre (softmax, std 1/√d) panel, which the paper says matches too, runs 14–30% above the lemma at layers 6–10 (up to 5.8 SE): a known disagreement, central since the paper states it; the right panel (input std 1) departs from the lemma as App. B.2 says (checked)",
}

var Noci2022Fig12 = &Figure{
	ID: "noci2022-fig12", Source: Noci2022, Label: Fig(12),
	Title: "Q/K gradient norm, softmax vs uniform-attention theory, over n, d, ρ and σ_x",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "grid values unstated; ρ ∈ {0, 0.3, 0.6, 0.9}, σ_x ∈ {0.5, 1, 2}, n ∈ {5, 10, 20, 40}, d ∈ {8, 16, 32, 64}, 20 draws (the paper's 20 runs)",
}

var Noci2022Fig13 = &Figure{
	ID: "noci2022-fig13", Source: Noci2022, Label: Fig(13),
	Title: "Measured log ratio of query to value gradient norms on a grid (ρ, σ_x) × (n, d)",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "the paper's layout of sub-plots (ρ across, σ_x up; n across, d up inside) as one heat map; grid as fig12; ln of the squared-norm ratio (the paper does not say which log or norm)",
}

var Noci2022Fig14 = &Figure{
	ID: "noci2022-fig14", Source: Noci2022, Label: Fig(14),
	Title: "Theory log ratio of query to value gradient norms on the same grid",
	Type:  Data, Setting: AtPaper,
	Notebook: "03-rank-collapse",
	Notes:    "same grid and layout as fig13, from eqs. (18)/(17) as printed; App. B.3's first two takeaways read on the theory's plane (falls with ρ; σ_x² to the power 3 over 1)",
}

var Noci2022Fig15 = &Figure{
	ID: "noci2022-fig15", Source: Noci2022, Label: Fig(15),
	Title: "Trained model: per-layer correlation, trainable α and activation norm",
	Type:  Data, Setting: Analogue,
	Notebook: "06-trainability",
	Reason:   "the paper's model is its best IWSLT'14 translation transformer (SGD, res-scale, τ); sigprop trains the reversal-task encoder of Fig. 6 without LayerNorm, α₁ = α₂ = 1/√L at initialisation and trainable, with Adam (5 seeds, precomputed), and draws per layer the token cosine and norm at initialisation and after training and the trained α; the correlation falls (0.3 → below 0.1) and the norm rises with depth (4 → 24, more than 'slightly'), while the α fall on average by 0.10 ± 0.01 instead of rising (a declared known disagreement)",
}

var Noci2022Table1 = &Figure{
	ID: "noci2022-table1", Source: Noci2022, Label: Table(1),
	Title: "BLEU on IWSLT'14 De-En for SGD/Adam, LN and residual-scaling variants",
	Type:  Data, Setting: Analogue,
	Notebook: "06-trainability",
	Reason:   "Fashion-MNIST classification with a d = 64, L = 16 ViT (250 steps, batch 64, mean ± SD over 3 seeds, precomputed) instead of IWSLT'14 translation; test losses, not BLEU; rows SGD POST-LN, SGD res-scale, SGD res-scale + τ, Adam POST-LN, Adam PRE-LN (no T-Fixup); the ReZero row is a separate analogue on the sequence-reversal task of Fig. 6 (Adam, no LN, α from 0 and trainable, against Adam POST-LN: steps to 99% held-out token accuracy, 5 seeds), not on the Fashion-MNIST task; the ordering 'res-scale + τ beats res-scale' is a declared known disagreement (τ ≈ 1 at this input correlation)",
}

var Noci2022Table2 = &Figure{
	ID: "noci2022-table2", Source: Noci2022, Label: Table(2),
	Title: "Settings of Figs. 3 and 9",
	Type:  SettingsTable, Setting: Schematic,
	Reason: "a settings table, used by the figures that cite it",
}

var Noci2022Table3 = &Figure{
	ID: "noci2022-table3", Source: Noci2022, Label: Table(3),
	Title: "IWSLT training settings",
	Type:  SettingsTable, Setting: Schematic,
	Reason: "a settings table for an experiment not reproduced",
}
