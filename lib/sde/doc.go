// Package sde integrates matrix-valued stochastic differential equations
//
//	dV_t = b(V_t) dt + Σ(V_t)^{1/2} dB_t
//
// on symmetric m×m matrices, and provides the neural covariance SDEs of
// Noci, Li, Li, He, Hofmann, Maddison and Roy, "The Shaped Transformer:
// Attention Models in the Infinite Depth-and-Width Limit" (NeurIPS 2023,
// arXiv:2306.17759), for the m×m token covariance V = X Xᵀ/width of a residual
// network at initialisation, in SDE time t = layer/width.
//
// Notation: width and depth are the paper's n and d, m is the number of
// tokens and T = depth/width the terminal time.
//
// What maps to what:
//
//	Eq. (6)      Nu                                ν(ρ) of the shaped ReLU
//	Thm 3.2      Model{Kind: ResNet}               drift DriftRes, covariance 2γ²Σ_lin
//	Eq. (3)      Model{Kind: MLP}                  Li–Nica–Roy 2022 shaped MLP, covariance Σ_lin
//	Thm 4.2      Model{Kind: Attention}            drift DriftAttn, covariance γ²(2−γ²)Σ_lin + γ⁴τ₀⁻²𝒜
//	Cor 4.3      Model{Kind: Transformer}          sums of the two
//	Lemma C.2    S₁, S₂ enter through C = P V P (literal forms in the tests)
//	Thm 4.2      SigmaLin, Acal, Model.Diffusion   N×N covariances, N = m(m+1)/2, TriIndex order
//	lib/sources/noci2023.md#check-16   ResNetCorr                        1-D correlation SDE of Thm 3.2 (m = 2)
//	Itô on ρ     RhoIto                            drift and variance of ρ^{αβ} for any Model
//	Prop. A.2    Simulate, Spec.Run                Euler–Maruyama, many paths in parallel (Spec names the arguments; Result records the seed)
//	(path)       Settings.Times, Result.CorrPath   the states at asked-for times t = layer/width of one run
//	(reference)  OU                                matrix Ornstein–Uhlenbeck process, known moments
//
// The finite networks these SDEs describe are in package shapednet
// (Simulate: exact reduced chain; Forward: full forward pass). How the
// matrix Brownian increment is sampled, the integrator's speed, its PSD
// guard and the errata followed are described in doc.go below the package clause.
package sde

// Implementation notes (not part of the package documentation).
//
// The matrix Brownian increment is sampled in O(m³) by the matrix form of
// lib/sources/noci2023.md#noise-sampler:
//
//	dM = √a_lin · R S Rᵀ + (c_𝒜/m)(Ξ V + V Ξᵀ),   R Rᵀ = V,
//	S = (N₁+N₁ᵀ)/√2,  Ξ = R N₂ Rᵀ P,  P = I − 11ᵀ/m,
//
// whose covariance is exactly a_lin Σ_lin + c_𝒜² 𝒜 (tested against the
// literal N×N matrices through the linear map of the Gaussians).
//
// Layout and performance. Simulate integrates a Model's paths in blocks of
// 16 (lanes.go): each block holds every matrix entry of its paths
// contiguously (structure of arrays), so each arithmetic step is one loop
// over the 16 paths, and the matrix products of the noise run four paths
// to an AVX instruction (lanes_amd64.s, chosen at run time, with the Go
// loop as the portable path). Every path performs exactly the
// floating-point operations of the one-path integrator (runPath, kept as
// the reference and for OU), in the same order and without fused
// multiply-adds, so its bits do not depend on the block, the worker count
// or the kernel path (TestBlocksMatchReference checks them bit for bit on
// every branch of the PSD guard). A path whose factor needs the guard's
// zero-pivot or eigendecomposition branch takes that step on the one-path
// code. The step loop allocates nothing. BenchmarkShapedAttentionSDE
// (10 000 paths, m = 4, 1 000 steps) on one core of the shared, loaded
// development machine took 3.3 s of CPU time against 14.3 s for the
// vectorised numpy peer testdata/bench_sde.py (OPENBLAS_NUM_THREADS=1),
// whole processes measured alternately: 4.3 times numpy's per-core
// throughput. The one-path integrator, alternated with this one, took
// 5.8 s against 3.3 s; the portable Go path of the products about 3.9 s
// against 3.1 s. Workers split the blocks over cores. On a loaded machine
// CPU time, not wall time, is the measure: the scheduler favours processes
// that sleep often.
//
// Only Euler–Maruyama is provided: the weak order test (TestWeakOrderOU)
// confirms order 1, and at the paper's step h = 0.01 the discretisation
// error is below the Monte Carlo error of 4096-sample comparisons.
//
// Positive semi-definiteness. The exact solution stays PSD, Euler–Maruyama
// need not. Simulate factors V at every step (Cholesky with zero-pivot
// handling, falling back to an eigendecomposition); a negative eigenvalue
// beyond a relative tolerance is a PSD violation, counted per path and handled
// by Settings.OnNonPSD (project, stop the path, or fail with *NotPSDError).
// Paths whose norm reaches Settings.StopRadius are frozen and flagged, as in
// the local convergence of Def. 4.1.
//
// Errata followed (see the notes' (lib/sources/noci2023.md) Pitfalls): ν is Eq. (6), not the App. B
// variant (tested in the shapednet tests against the finite network);
// Eq. (8)'s second-order sign is the App. C form; Cor 4.3's diffusion is
// [Σ + Σ_res]^{1/2} (Eq. 32 as reconstructed).
