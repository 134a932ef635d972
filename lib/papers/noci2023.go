package papers

var Noci2023Fig1 = &Figure{
	ID: "noci2023-fig1", Source: Noci2023, Label: Fig(1),
	Title: "Rank collapse: mean correlation vs layer (left); histogram of ρ_T, network vs SDE (right)",
	Type:  Data, Setting: AtPaper,
	Notebook: "05-shaped-transformer",
	Notes:    "4096 networks per curve (the paper's 2^12 samples) at n = 200, depth 150; Pre-LN uses RMS normalisation, checked against true LayerNorm on 8 networks (fig1-preln, against 1024 RMS networks); right panels with m = 2 and 4 tokens (unstated in the paper), 4096 networks and SDE paths each",
}

var Noci2023Fig2 = &Figure{
	ID: "noci2023-fig2", Source: Noci2023, Label: Fig(2),
	Title: "Gradient norms at initialisation vs depth (causal, code data)",
	Type:  Data, Setting: AtPaper,
	Notebook: "06-trainability",
	Notes:    "a causal language model on code: 16 windows of 33 bytes of the Go standard library's source (8 packages under GOROOT of go1.26.8, pinned by SHA-256; byte tokens, 98 symbols), d = 32, L = 16, one head, block weights N(0, 1/fan_in), 8 initialisations (the paper states neither its code data nor its sizes); shaped (γ = 0.2), Pre-LN and Post-LN blocks. Shaped ‖∇W^V‖ and ‖∇W^Q‖ stay within 0.3 decades over depth and Post-LN ‖∇W^Q‖ falls by about a decade, as the paper; Post-LN ‖∇W^V‖ grows by about 0.4 decades instead of staying stable (a declared known disagreement). The earlier analogue (causal ViT on Fashion-MNIST, one initialisation) is kept beside it",
}

var Noci2023Fig3 = &Figure{
	ID: "noci2023-fig3", Source: Noci2023, Label: Fig(3),
	Title: "ResNet: KDEs of ρ for several γ (left), q95(|ρ|) against γ (right)",
	Type:  Data, Setting: AtPaper,
	Notebook: "05-shaped-transformer",
}

var Noci2023Fig4 = &Figure{
	ID: "noci2023-fig4", Source: Noci2023, Label: Fig(4),
	Title: "Ablations of shaped attention: mean |correlation| and |covariance| vs layer",
	Type:  Data, Setting: AtPaper,
	Notebook: "05-shaped-transformer",
	Notes:    "8192 networks per variant (the paper's 2^13 samples) at the paper's n = 300, d = 150, γ = 1/√2",
}

var Noci2023Fig5 = &Figure{
	ID: "noci2023-fig5", Source: Noci2023, Label: Fig(5),
	Title: "Finite-time stability: λ_max trajectories and stopping time against γ",
	Type:  Data, Setting: AtPaper,
	Notebook: "05-shaped-transformer",
}

var Noci2023Fig6 = &Figure{
	ID: "noci2023-fig6", Source: Noci2023, Label: Fig(6),
	Title: "Softmax entropy over training, shaped vs Pre-LN",
	Type:  Data, Setting: Analogue,
	Notebook: "06-trainability",
	Reason:   "the ViT runs of the shaped-vs-Pre-LN comparison on Fashion-MNIST (mean over 3 seeds) at one learning rate (3e-4) instead of several on MLM pre-training; the paper's contrast is at lr 1e-3",
}

var Noci2023Fig7 = &Figure{
	ID: "noci2023-fig7", Source: Noci2023, Label: Fig(7),
	Title: "Histogram of the covariance V^12_T, network vs SDE",
	Type:  Data, Setting: AtPaper,
	Notebook: "05-shaped-transformer",
}

var Noci2023Fig8 = &Figure{
	ID: "noci2023-fig8", Source: Noci2023, Label: Fig(8),
	Title: "Median stopping time over (γ, τ0)",
	Type:  Data, Setting: AtPaper,
	Notebook: "05-shaped-transformer",
	Notes:    "the paper's grid is unstated: γ ∈ {0.05, …, 1}, τ₀ ∈ {0.25, …, 4}, 100 networks per cell; beyond γ = 0.5 the median t* is not monotone in γ (bimodal at γ = 1): a declared known disagreement with 'smaller γ delays the instability'",
}

var Noci2023Table1 = &Figure{
	ID: "noci2023-table1", Source: Noci2023, Label: Table(1),
	Title: "MLM pre-training losses, shaped variants vs Pre-LN",
	Type:  Data, Setting: Analogue,
	Notebook: "06-trainability",
	Reason:   "Fashion-MNIST classification with a d = 64, L = 16 ViT (250 Adam steps, mean ± SD over 3 seeds, precomputed) instead of MLM pre-training on Wikipedia and BookCorpus; shaped γ = 0.2 (App. D) against vanilla no-norm and Pre-LN, no learn/recover variants, one learning rate; both of the paper's orderings (shaped as good as Pre-LN, better than vanilla) are declared known disagreements at this scale",
}

var Noci2023Table2 = &Figure{
	ID: "noci2023-table2", Source: Noci2023, Label: Table(2),
	Title: "GLUE fine-tuning scores",
	Type:  Data, Setting: AtPaper,
	Missing: "GLUE and the pre-trained models are not reachable offline",
}
