// Package fig3data precomputes the finite networks of notebook 05's Fig. 3
// of Noci et al. 2023 (the law of ρ_T of the shaped-ReLU ResNet against the
// 1-D correlation SDE of Thm 3.2): shapednet.Fig3's ResNet (n = 300,
// d = 100, c₊ = 0, c₋ = −1, ρ₀ = 0.2) at its five γ, Fig3Networks networks
// per γ drawn with seed NetSeed + i for γ index i. It is what the
// notebook's cell simulates at its parameters' defaults (about 18 CPU
// seconds when generated, most of the cell's work); the cell reads it instead
// (shapednet.LawSettings.StoredOrRun) and simulates at any other
// parameters. The SDE paths are not stored: the cell runs them at every
// setting (a few CPU seconds; stored as JSON they would add 2.0 MB).
// `sigprop sweep generate noci23-fig3 DIR` writes nets.json
// (shapednet.LawNetRecord) and provenance.json (sweep.Generated, its
// settings a shapednet.LawNetKey); fig3data_test.go checks that the stored
// settings are the notebook's defaults and simulates the first networks of
// two γ again, comparing them with the stored ones bit for bit.
//
// Source: L. Noci et al., "The Shaped Transformer: Attention Models in the
// Infinite Depth-and-Width Limit", NeurIPS 2023, arXiv:2306.17759, Fig. 3.
// The networks are lib/shapednet's (LawSettings); this package fixes the
// settings.
//
//	Fig3Networks, Fig3Paths, NetSeed, SDESeed   the notebook's defaults and seeds
//	Settings                                    the shapednet.LawSettings whose networks are stored
//	Len, Compute                                the one run, the generator noci23-fig3
package fig3data
