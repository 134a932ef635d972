package empirical

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// TTail2 is the two-sided tail P(|T| > t) of Student's t with dof degrees
// of freedom (gonum distuv.StudentsT): the chance that a z-score whose SE
// comes from dof + 1 samples of a normal law exceeds t when the mean is
// right. For dof = 2 it is the closed form 1 − t/√(t² + 2). It panics for
// dof < 1 or t < 0.
func TTail2(t float64, dof int) float64 {
	if dof < 1 || !(t >= 0) {
		panic(fmt.Sprintf("empirical: TTail2(%v, %d) needs t >= 0 and dof >= 1", t, dof))
	}
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(dof)}.Survival(t)
}

// TQuantile2 is the two-sided quantile of Student's t: the t at which
// TTail2(t, dof) = alpha. It panics for dof < 1 or alpha outside (0, 1).
func TQuantile2(alpha float64, dof int) float64 {
	if dof < 1 || !(alpha > 0 && alpha < 1) {
		panic(fmt.Sprintf("empirical: TQuantile2(%v, %d) needs alpha in (0, 1) and dof >= 1", alpha, dof))
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(dof)}.Quantile(1 - alpha/2)
}

// BinomialQuantile is the smallest k with P(K ≤ k) ≥ q for K ~ Binomial(n,
// p): the largest count of independent exceedances, each of chance p, that
// a check at level 1 − q should allow among n points. It panics for n < 0,
// p outside [0, 1] or q outside (0, 1).
func BinomialQuantile(n int, p, q float64) int {
	if n < 0 || !(p >= 0 && p <= 1) || !(q > 0 && q < 1) {
		panic(fmt.Sprintf("empirical: BinomialQuantile(%d, %v, %v) needs n >= 0, p in [0, 1], q in (0, 1)", n, p, q))
	}
	switch p {
	case 0:
		return 0
	case 1:
		return n
	}
	c := 0.0
	for k := 0; k <= n; k++ {
		c += math.Exp(lchoose(n, k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
		if c >= q {
			return k
		}
	}
	return n
}

// lchoose is ln C(n, k).
func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// NormalZ is the normal-equivalent of a t-score: the z with the same
// two-sided tail, P(|Z| > z) = P(|T_dof| > |t|) (TTail2), signed as t.
// A z-score whose SE comes from dof + 1 sample units of a normal law is
// T_dof-distributed when the mean is right, not normal: with 6 networks
// (dof = 5) |t| > 5 has chance 4.1e-3, not 5.7e-7. NormalZ makes such a
// score N(0, 1) under the null, so that a tolerance stated in normal SEs
// keeps its false-alarm rate whatever the number of units. dof = 0 (one
// unit) has no error estimate: it returns NaN. It panics for dof < 0.
func NormalZ(t float64, dof int) float64 {
	if dof < 0 {
		panic(fmt.Sprintf("empirical: NormalZ(%v, %d) needs dof >= 0", t, dof))
	}
	if dof == 0 || math.IsNaN(t) {
		return math.NaN()
	}
	if math.IsInf(t, 0) {
		return t
	}
	p := TTail2(math.Abs(t), dof) / 2
	z := -distuv.UnitNormal.Quantile(p)
	if p == 0 {
		// Beyond the float range of the tail: no finite normal score matches it.
		z = math.Inf(1)
	}
	return math.Copysign(z, t)
}

// NormalTail2 is the two-sided tail P(|Z| > z) = erfc(z/√2) of a standard
// normal Z: the chance that a z-score from a large sample exceeds z when
// the mean is right. It panics for z < 0.
func NormalTail2(z float64) float64 {
	if !(z >= 0) {
		panic(fmt.Sprintf("empirical: NormalTail2(%v) needs z >= 0", z))
	}
	return math.Erfc(z / math.Sqrt2)
}
