// Package compose lets a researcher describe a transformer block once
// (Block: attention kind, norm placement and kind, residual weights and
// their depth scaling on both branches, feed-forward activation, depth and
// widths, weight variances) and get from it both sides of signal
// propagation: the mean-field map of the token geometry composed from
// per-part maps, and a finite-width simulator on lib/block, with the
// check between them.
//
// The theory works on the permutation-symmetric geometry (q, p) of n
// tokens (squared norm q, pair dot product p) of Cowsik et al. 2024
// (arXiv:2403.02579), and on the full token Gram matrix for the shaped
// block's first-order drift (Noci et al. 2023, arXiv:2306.17759):
//
//	NormQP        N(x) = √d x/|x|: (q, p) ↦ (d, d p/q); LN treated as RMS (exact at large d for centred features)
//	AttnQP        softmax: Cowsik et al. eq. (10) at logit variance σ_A²(q/d)² (their Assumption 3.2);
//	              uniform: Noci et al. 2022 Lemma 3.2 (exact); shaped: first order in 1/d (ShapedAttnDrift)
//	FFQP          the mean-field recursion of Poole et al. 2016 (Cowsik et al. eq. 25), any activation.Func
//	ResidualQP    s²(q, p) + b²(q_f, p_f), exact (zero-mean last weights)
//	Block.Map     one block, the parts in the order the block places them; Trajectory over Depth
//	CollapsedQ, FixedPoint, LambdaA   fixed points and the angle exponent (Cowsik et al. Sec. 3.3, eq. 13)
//	GradModes     the gradient's token-difference and token-mean multipliers λ₂, λ₃ per block at the
//	              collapsed point, any norm placement (pre: Cowsik et al. App. C; post, none:
//	              lib/sources/compose.md#gradient-modes); GradNorm, ModeNorm, GradTheory over depth
//	LambdaG       λ_g^(L) = (1/L) ln[(1 − 1/n)λ₂^L + λ₃^L/n] (Cowsik et al. eq. 15); CowsikModel, their family
//	GramMap       the full token Gram matrix, causal or not: uniform attention exact (softmax at
//	              σ_A² = 0 under a mask; lib/sources/compose.md#causal-gram), softmax at σ_A² > 0
//	              under Cowsik et al.'s Assumption 3.2 per pair of rows (eqs. C2–C7,
//	              lib/sources/compose.md#causal-softmax); GramTrajectory, GramCorr, CompareGram,
//	              FamilyWiseT (the Bonferroni threshold of a comparison's max |z|, Student's t)
//	GradTrajectory  the gradient norm back along the forward Gram trajectory from a start, for
//	              attention that does not depend on its input (T1–T5, gradient independence;
//	              lib/sources/compose.md#grad-trajectory); TrajectoryLambdaG its finite-depth λ_g
//	StartRegime   how far the trajectory from a start stays from collapse, and whether the
//	              collapsed-point exponents describe it (RegimeTol; lib/sources/compose.md#start-regime)
//	ShapedAttnDrift, ShapedReLUDrift, ShapedBlockDrift   Noci et al. 2023 Thm 4.2, Thm 3.2, Cor 4.3 drifts
//
// The simulator and the check:
//
//	Simulate      the block through lib/block at finite n, d: forward (block.Stack) and backward
//	              (AttendBack, FeedForwardBack, NormBack), seeded per network (NetRand; its PCG,
//	              NetPCG, draws the weights in bulk), workers;
//	              per-layer mean and SE of q, p, ρ and |∂(R·X^L)/∂X^ℓ|²/(nd) (Run)
//	Compare       theory and simulation side by side over depth, z per layer, max |z|
//	CompareGrad   the gradient theory against Run.Grad over depth (GradInit: both modes or one)
//	CheckWidths   mean squared deviation of ρ from the theory against d, weighted log-log slope and SE,
//	              one-sided z against the expected 1/d (WidthCheck)
//	              and the power laws through the fit's weighted centre (WidthCheck.Line)
//	CheckSpecialCases  the papers' blocks composed against tokengeom.F, LambdaA, rankcollapse.RhoDepth, sde drift
//	PhaseLambdaA  λ_a over a plane of two numeric fields (phase diagrams); SetNumeric, with
//	              Cowsik et al.'s alpha, alpha_a, alpha_m (skip √(1−α²)) and sigma_ff (AlphaKeys)
//	WithWidth     the block at another width, the hidden width scaled with it
//
// A block is written once as a KEY = VALUE file (ReadKV, ParseBlock,
// ParseFields from DefaultBlock; Block.Format writes it back); the same
// keys are the parameters of `sigprop eval compose.*` and of `sigprop
// sweep plan ... eval compose.* --block FILE`. Notebook 07-compose works
// through two blocks and a table of compositions with it.
//
// Special cases, each tested against the existing function: Cowsik's block
// is tokengeom.F, QStar, LambdaA, LambdaG (TestMapIsCowsik); Noci et al.
// 2022's uniform-attention, linear block with and without post-LN and with
// 1/√L branches carries rankcollapse.RhoDepth and Propagate
// (TestMapIsNoci2022); the shaped block's drift is sde.Model.Drift
// (TestShapedDriftIsSDE); Cowsik's (α, σ_w) phase diagram is
// tokengeom.PhaseAlphaSigma's λ_a (TestPhaseLambdaA). The simulator agrees
// with tokennet and rankblock on blocks they cover (their
// TestFromBlockMatchesComposeSimulate: one Block through both), and its
// reverse pass with finite differences on every norm × attention kind.
//
// The papers' blocks are constructors: Cowsik, Noci2022 (block.go);
// Noci2022Softmax, Noci2022ReLU, Noci2022Table2, Noci2023, Noci2023Vanilla
// and Noci2023PreLN (papers.go). The simulators take a Block:
// tokennet.FromBlock, rankblock.FromBlock and shapednet.FromBlock return
// their configurations (each the paper's configuration for the paper's
// block, and a refusal naming the field for what they cannot run), and
// their configurations' Block methods return the Block, for the theory and
// CheckWidths.
//
// The exponents λ_a and λ_g are properties of the collapsed point: λ_g
// describes a network whose tokens start near it, and StartRegime says
// whether a start is (lib/sources/compose.md#start-regime). Post-LN λ_g
// at depth 24 and d = 64, 128 sits 0.007–0.04 below the simulation, an
// O(1/d) finite-width excess (lib/sources/compose.md#check-3).
//
// Where the ansatz fails: a causal mask (tokens are not exchangeable; the
// (q, p) theory refuses it, GramMap covers it for uniform and softmax
// attention, the simulator runs any); softmax at large logit
// variance (Assumption 3.2: Cowsik et al. say σ_A² ≳ 10; with n = 16
// tokens notebook 07 measures a gap of ~0.03–0.05 in ρ at layer 24
// already at σ_A² = 4, which does not shrink with d); LN on inputs with a common
// feature offset; the shaped map beyond first order in 1/d; and finite
// width in general, whose fluctuations the check measures.
//
// Errors: a Block field out of range is an error wrapping ErrParam naming
// the field and its range (Validate, ParseBlock); a (q, p) outside the
// Gram domain is CheckQP's error; a missing fixed point is ErrNoFixedPoint;
// a block outside the theory ErrNoTheory, or ErrNoGradientTheory (no
// collapsed point for λ_g). The maps
// panic ("compose: ...") on what these reject.
//
// Results as result kinds (lib/result, drawn by kernel-ext/render; no
// composition is a paper figure): Comparison.Curves (ρ and q/d over
// depth, max |z| ≤ MaxZTol), WidthCheck.Curves (width convergence, Z ≤
// SlopeTol), Phase.Plane (λ_a with its λ_a = 0 contour), in results.go;
// WidthTable (table.go), the table of compositions with both checks per
// row, a Row's declared known disagreement (ConcentratedSoftmax: the
// softmax at σ_A² = 4, where Assumption 3.2 of Cowsik et al. 2024
// breaks) carried by its max |z| check with the run's seed.
package compose
