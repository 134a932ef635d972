package sweep

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sigprop/sigprop/lib/empirical"
)

// Shard is part I of N of a grid: the points whose index is I mod N.
// Striding rather than cutting the grid into blocks spreads the expensive
// corners of a grid (e.g. the slow-to-train points of one α) over every
// shard. The zero Shard is the whole grid.
type Shard struct {
	I, N int
}

// ParseShard reads "i/n" with 0 <= i < n, the form of `--shard` (a Slurm
// array task i of an array of size n runs shard i/n).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 0 <= i < n, e.g. 0/4", s)
	}
	return Shard{I: i, N: n}, nil
}

// Has reports whether point index belongs to the shard.
func (s Shard) Has(index int) bool { return s.N <= 1 || index%s.N == s.I }

// String renders "i/n" ("0/1" for the zero Shard).
func (s Shard) String() string {
	if s.N <= 1 {
		return "0/1"
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// PointSeed is the Monte Carlo seed of a point whose quantity takes a
// seed the plan leaves free: empirical.SplitMix64 of the plan seed mixed
// with the FNV-1a hash of the point's parameters ("name=value;" in name
// order), cut to 53 bits so it is exact as a float64 (lib/quantity's seed
// parameters range over [0, 2⁵³]). It depends on the parameter values
// only, not on the grid's shape, the index or the worker count.
//
// A point's result depends on the plan and the point only: not on the
// number of workers or shards, nor on the order in which points finish.
// Where a quantity takes a seed that the plan leaves free, each point gets
// PointSeed(plan seed, its parameters), a function of its parameter values,
// so the same (α, σ_w) draws the same stream in any grid that contains it.
func PointSeed(seed uint64, params map[string]string) uint64 {
	h := fnv.New64a()
	for _, n := range slices.Sorted(maps.Keys(params)) {
		h.Write([]byte(n + "=" + params[n] + ";"))
	}
	return empirical.SplitMix64(empirical.SplitMix64(seed)^h.Sum64()) >> 11
}
