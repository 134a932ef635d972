package papers

var Cowsik2024Fig1 = &Figure{
	ID: "cowsik2024-fig1", Source: Cowsik2024, Label: Fig(1),
	Title: "Block schematic: norm, attention and MLP with scaled skips",
	Type:  Diagram, Setting: Schematic,
	Reason: "a block diagram, nothing to compute",
}

var Cowsik2024Fig2 = &Figure{
	ID: "cowsik2024-fig2", Source: Cowsik2024, Label: Fig(2),
	Title: "Token geometry: vector field of F, per-layer histograms of q/d and p/q (σ_w = 1 and 5)",
	Type:  Data, Setting: AtPaper,
	Notebook: "02-token-geometry",
	Notes:    "histograms at every layer of one network per row, as heat maps (layer × value); at σ_w = 1 the simulated norm exceeds the large-d theory by ≈ 3.5% at layer 8 (7 SE at d = 64): a declared known disagreement, an O(1/d) attention effect whose d × bias is checked equal at d = 64 and 128",
}

var Cowsik2024Fig3 = &Figure{
	ID: "cowsik2024-fig3", Source: Cowsik2024, Label: Fig(3),
	Title: "Restoration of permutation symmetry: p1/p2 against depth",
	Type:  Data, Setting: AtPaper,
	Notebook: "02-token-geometry",
	Notes:    "α and q are unstated in the paper; sigprop chooses α = 8^-1/2, q = d (lib/sources/cowsik2024.md)",
}

var Cowsik2024Fig4 = &Figure{
	ID: "cowsik2024-fig4", Source: Cowsik2024, Label: Fig(4),
	Title: "λ_a, theory vs numeric, in the (α, σ_w) and (α_A, α_M) planes",
	Type:  Data, Setting: AtPaper,
	Notebook: "02-token-geometry",
	Notes:    "numeric planes from committed sweeps (19×20 and 19×19 grids, 16 networks per point; the paper states neither); the numeric λ_a is eq. (24) from (d, 0.99d), whose zero contour departs from the eigenvalue λ_a = 0 at large α (as in the paper)",
}

var Cowsik2024Fig5 = &Figure{
	ID: "cowsik2024-fig5", Source: Cowsik2024, Label: Fig(5),
	Title: "λ_g, theory vs numeric, in the (α, σ_w) and (α_A, α_M) planes",
	Type:  Data, Setting: AtPaper,
	Notebook: "02-token-geometry",
	Reason:   "the theory panels are the corrected λ_g^(16) (the printed eqs. 17–19, 32 contradict the simulation: errata figure), whose kink lies near (α, σ_w) = (0.6, 1.70), not at the paper's (0.5, 2.25)",
	Notes:    "numeric planes from committed sweeps on 10×11 and 10×10 grids, 3 networks per point (the paper states neither); moderate-α points judged against the t law of a 3-network SE; edge-gap draws the λ_a = 0 and λ_g^(16) = 0 contours (theory) and checks the paper's claim that λ_g = 0 lies below λ_a = 0 (gap 0.001 at α = 0.1, 0.24 at α = 0.7)",
}

var Cowsik2024Fig6 = &Figure{
	ID: "cowsik2024-fig6", Source: Cowsik2024, Label: Fig(6),
	Title: "Causal attention: λ_g and λ_a in the (α, σ_w) plane",
	Type:  Data, Setting: AtPaper,
	Notebook: "02-token-geometry",
	Notes:    "numerics only, as in the paper: λ_g on a 10×11 grid (3 networks per point), λ_a on 19×20 (16 networks per point), from committed sweeps",
}

var Cowsik2024Fig7 = &Figure{
	ID: "cowsik2024-fig7", Source: Cowsik2024, Label: Fig(7),
	Title: "Trainability: test loss against λ_a, λ_g, the fitted predictor, and over the (α, σ_w) grid",
	Type:  Data, Setting: Analogue,
	Notebook: "06-trainability",
	Reason:   "Fashion-MNIST (10 classes, committed subset), a d = 64, n = 17 ViT and about one epoch of Adam instead of the paper's 101-class dataset, model and schedule; panels in the paper's order (top left λ_g, top right λ_a, bottom left the fit, bottom right the grid); the grid is drawn on a linear colour scale where the paper's caption notes a non-linear one (not stated); the claim that both exponents are needed is a declared known disagreement here (the max-fit beats λ_g alone by 1 SE only)",
}
