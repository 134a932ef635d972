// Package empirical holds the statistics of samples that every
// theory-vs-simulation check in sigprop rests on, and the rules by which a
// check passes: the sample side of each metric a notebook prints. It
// builds on gonum's stat package where gonum has the quantity (mean,
// standard deviation, standard error, the two-sample Kolmogorov–Smirnov
// distance) and says where it does not (type-7 quantiles, a density
// histogram on a fixed range).
//
//	x̄, s (n − 1), s/√n                         MeanSD, MeanSE (gonum stat.MeanStdDev, stat.StdErr)
//	s² and its SE from the fourth moment         VarSE (the spread of a variance across networks)
//	z = (x̄ − θ)/SE, max over points (SE > 0)     Z, MaxZ
//	mean and SE over clusters (sample units)      ClusterMeanSE, ClusterMeans
//	t-score → normal score of equal tail          NormalZ, MaxZDOF (SE from dof + 1 units)
//	x̄/ȳ and its delta-method SE, paired units    RatioSE
//	P(|T_ν| > t) and its inverse, Student's t     TTail2, TQuantile2 (gonum distuv.StudentsT)
//	smallest k with P(Binomial(n, p) ≤ k) ≥ q     BinomialQuantile
//	min (a − b)/√(SE_a² + SE_b²) over points     MinDiffZ
//	D = sup |F_x − F_y|, two samples             KS2 (gonum stat.KolmogorovSmirnov)
//	c(α)√((n₁+n₂)/(n₁n₂)), asymptotic            KSCritical (Smirnov 1948)
//	√(ln(2/α)/(2n)), one sample                  DKW (Dvoretzky–Kiefer–Wolfowitz, Massart 1990)
//	F̂(t) = #{x ≤ t}/n                           ECDF
//	type-7 quantile (Hyndman & Fan 1996)         Quantile, Quantiles
//	density on [lo, hi] in equal bins            Histogram
//	Gaussian kernel density, Scott's bandwidth   KDE, ScottBandwidth
//	distribution-free SE of a quantile           QuantileSE
//	lo + (hi − lo) i/(k − 1); lo, lo+1, …, hi     Linspace, Ints
//	max |a − b|, max |a/b − 1|                   MaxAbsDiff, MaxRelDiff
//	(ln y_n − ln y_1)/(ln x_n − ln x_1)           LogLogSlope
//	ȳ ≈ A e^{−x/ξ}, ȳ ≈ A x^β (LS on log ȳ)      DepthScale, PowerLaw (jackknife SE over networks)
//	q = mean |X_i|², p = mean X_i·X_j (i < j)     TokenGeometry (Cowsik et al. 2024, eqs. (22)–(23))
//	X_i·X_j/(|X_i||X_j|), i < j                  PairCosines (the token simulators' angle histograms)
//
// Monte Carlo plumbing that the simulators share lives here too, so that it
// is written once: SplitMix64 (Steele, Lea & Flood 2014, the finaliser used
// to derive independent seeds), PCG (math/rand/v2's generator, bit for bit)
// with Normals, its NormFloat64 draws in bulk (the ziggurat of Marsaglia &
// Tsang 2000, about 1.5 times as fast as a draw at a time through
// rand.Rand; ZigguratRect and ZigguratTail are its two steps, which
// lib/sde's generator shares), and Each/Pool, the worker pool that runs the
// independent draws of a simulation on a fixed number of goroutines (each
// draw seeded by its index, so results do not depend on the worker count).
//
// Caller bugs (empty samples, NaN where none is allowed, bins < 1) panic
// with an "empirical:" message.
package empirical
