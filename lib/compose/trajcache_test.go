package compose

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"gonum.org/v1/gonum/mat"
)

// sharedTrajectories holds Gram trajectories that several simulation
// checks compute from the same block and start: the post-LN GELU block
// with uniform causal attention is TestGramMapCausalSimulation's theory
// and TestCausalSoftmaxSimulation's logged "uniform causal" theory, at
// d = 64 and 128 (about 0.5 s of quadrature each). A trajectory is a
// pure function of the block and K0, so a test that reads one another
// computed gets the same bits.
var sharedTrajectories = struct {
	sync.Mutex
	m map[string][]*mat.SymDense
}{m: map[string][]*mat.SymDense{}}

// trajectoryKey names b (its fields, with the activation's name, and the
// quadrature Scale, which %+v leaves out) and the bits of K0.
func trajectoryKey(b Block, k0 mat.Symmetric) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%+v scale %x;", b, math.Float64bits(b.FF.Act.Scale))
	n := k0.SymmetricDim()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			fmt.Fprintf(&s, " %x", math.Float64bits(k0.At(i, j)))
		}
	}
	return s.String()
}

// sharedGramTrajectory is b.GramTrajectory(k0), computed once per
// distinct (b, k0) across the tests that call it. The matrices are
// shared: callers must not modify them.
func sharedGramTrajectory(b Block, k0 mat.Symmetric) ([]*mat.SymDense, error) {
	key := trajectoryKey(b, k0)
	sharedTrajectories.Lock()
	tr, ok := sharedTrajectories.m[key]
	sharedTrajectories.Unlock()
	if ok {
		return tr, nil
	}
	tr, err := b.GramTrajectory(k0)
	if err != nil {
		return nil, err
	}
	sharedTrajectories.Lock()
	sharedTrajectories.m[key] = tr
	sharedTrajectories.Unlock()
	return tr, nil
}

// compareGramShared is CompareGram with its theory from
// sharedGramTrajectory.
func compareGramShared(b Block, s SimSettings) (*GramComparison, error) {
	s = s.withDefaults(b)
	tr, err := sharedGramTrajectory(b, EquicorrGram(b.N, s.Q0, s.Rho0*s.Q0))
	if err != nil {
		return nil, err
	}
	return compareGramWith(b, s, tr)
}
