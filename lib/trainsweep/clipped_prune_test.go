package trainsweep

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// exhaustiveClipped is fitClipped's search without its pruning: every
// candidate's sum of squares completed, with math.Min (the search as it was
// before the pruning, kept as the reference).
func exhaustiveClipped(a, g, y []float64, ceil float64) (wa, wg, b float64) {
	n := len(y)
	ts := make([]float64, 0, clipAngles+n)
	for k := range clipAngles {
		ts = append(ts, math.Pi/2*float64(k)/float64(clipAngles-1))
	}
	for i := range n {
		ts = append(ts, math.Atan2(a[i], g[i]))
	}
	best := math.Inf(1)
	z, ord := make([]float64, n), make([]int, n)
	zs, ys := make([]float64, n), make([]float64, n)
	for _, t := range ts {
		c, sn := math.Cos(t), math.Sin(t)
		if t == math.Pi/2 {
			c = 0
		}
		for i := range n {
			z[i] = math.Max(c*a[i], sn*g[i])
			ord[i] = i
		}
		sort.SliceStable(ord, func(p, q int) bool { return z[ord[p]] < z[ord[q]] })
		for p, i := range ord {
			zs[p], ys[p] = z[i], y[i]
		}
		score := func(s, b1 float64) {
			var sse float64
			for p := range n {
				r := ys[p] - math.Min(ceil, s*zs[p]+b1)
				sse += r * r
			}
			if sse < best {
				best, wa, wg, b = sse, s*c, s*sn, b1
			}
		}
		score(0, ceil)
		for k := 2; k <= n; k++ {
			score(simpleRegression(zs[:k], ys[:k]))
		}
		for k := 1; k < n; k++ {
			var szz, szy float64
			for p := range k {
				dz := zs[p] - zs[k]
				szz += dz * dz
				szy += dz * (ys[p] - ceil)
			}
			if szz > 0 && szy > 0 {
				s := szy / szz
				score(s, ceil-s*zs[k])
			}
		}
	}
	return wa, wg, b
}

// TestFitClippedPruningExact: the pruned search returns the exhaustive
// one's fit bit for bit, on clipped data from noiseless to noisier than
// the kink (a search that gave up on a candidate before its partial sum
// reached the best, at 0.9 of it, fails here).
func TestFitClippedPruningExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ceil := math.Log(10)
	for trial := range 6 {
		n := 12 + 9*trial
		noise := []float64{0, 0.01, 0.1, 0.3, 1, 0.05}[trial]
		rs := clippedResults(n, 2+rng.Float64(), 1+rng.Float64(), 0.3, ceil, noise, rng)
		a, g, y := make([]float64, n), make([]float64, n), make([]float64, n)
		for i, r := range rs {
			a[i], g[i], y[i] = math.Abs(r.LambdaA), math.Abs(r.LambdaG), r.TestLoss
		}
		wa, wg, b := fitClipped(a, g, y, ceil)
		ra, rg, rb := exhaustiveClipped(a, g, y, ceil)
		for _, p := range [][2]float64{{wa, ra}, {wg, rg}, {b, rb}} {
			if math.Float64bits(p[0]) != math.Float64bits(p[1]) {
				t.Fatalf("trial %d (n %d, noise %v): pruned search gives (%v, %v, %v), exhaustive (%v, %v, %v)", trial, n, noise, wa, wg, b, ra, rg, rb)
			}
		}
	}
}
