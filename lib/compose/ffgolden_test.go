package compose

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
)

// TestFeedForwardTheoryGolden: the feed-forward sub-block's theory gives
// the bits it gave before E φ′² and E φ² shared one quadrature rule
// (activation.MuSecondMoment; hash recorded at commit 2973d36): the λ_a
// plane of notebook 07's trained block (tanh, two layers) on a 6 × 6 grid
// of its axes, and GradTrajectory of uniformGradBlocks and of that block.
func TestFeedForwardTheoryGolden(t *testing.T) {
	const want = "eb2765a4ed42a129e3673fca998c219c12f6280561ad8b1adfbbdceaa5d44caa"
	h := sha256.New()
	put := func(xs ...float64) {
		for _, x := range xs {
			h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(x)))
		}
	}
	blk, err := ParseBlock(strings.NewReader("n = 17\nd = 16\ndepth = 6\nnorm = none\nattn = softmax\nphi = tanh\nmlp_layers = 2"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := PhaseLambdaA(blk, "alpha", empirical.Linspace(0.05, 0.95, 6), "sigma_ff", empirical.Linspace(0.2, 4, 6), 2)
	if err != nil {
		t.Fatal(err)
	}
	put(p.Z...)
	cow := Cowsik(6, 32, 7, 0.7, 0.7, 1.3, 0, 1, activation.Tanh())
	for _, b := range append(uniformGradBlocks(6, 32, 7), cow) {
		g, err := b.GradTrajectory(EquicorrGram(b.N, 1, 0.4))
		if err != nil {
			t.Fatal(err)
		}
		put(g...)
	}
	if got := fmt.Sprintf("%x", h.Sum(nil)); got != want {
		t.Errorf("hash %s, want %s", got, want)
	}
}
