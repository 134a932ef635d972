package papers

// The sources, as lib/sources/refs.bib lists them.
var (
	Cowsik2024 = &Source{Key: "cowsik2024", Cite: "Cowsik et al. 2024", Page: "lib/sources/cowsik2024.md",
		Reference: "Cowsik, Nebabu, Qi, Ganguli (2024). Geometric Dynamics of Signal Propagation Predict Trainability of Transformers. arXiv:2403.02579"}
	Noci2022 = &Source{Key: "noci2022", Cite: "Noci et al. 2022", Page: "lib/sources/noci2022.md",
		Reference: "Noci, Anagnostidis, Biggio, Orvieto, Singh, Lucchi (2022). Signal Propagation in Transformers: Theoretical Perspectives and the Role of Rank Collapse. NeurIPS. arXiv:2206.03126"}
	Noci2023 = &Source{Key: "noci2023", Cite: "Noci et al. 2023", Page: "lib/sources/noci2023.md",
		Reference: "Noci, Li, Li, He, Hofmann, Maddison, Roy (2023). The Shaped Transformer: Attention Models in the Infinite Depth-and-Width Limit. NeurIPS. arXiv:2306.17759"}
	Tanner = &Source{Key: "tanner2024", Cite: "Tanner lecture", Page: "lib/sources/tanner2024.md",
		Reference: "Tanner (2024). Controlling the Variance of the Jacobian's Spectrum and Rank-Collapse of Attention Layers (lecture 6)"}
	// P18 is Pennington, Schoenholz, Ganguli 2018, for its figures the
	// lecture shows; sigprop's notes on it are the lecture's page.
	P18 = &Source{Key: "pennington2018", Cite: "P18", Page: "lib/sources/tanner2024.md",
		Reference: "Pennington, Schoenholz, Ganguli (2018). The Emergence of Spectral Universality in Deep Networks. AISTATS. arXiv:1802.09979"}
)

// Sources lists the sources in display order.
var Sources = []*Source{Cowsik2024, Noci2022, Noci2023, Tanner, P18}
