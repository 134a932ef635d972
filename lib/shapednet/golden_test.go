package shapednet

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
)

// TestSimulateGolden: the reduced chain gives the bits it gave before its
// softmax tails and normals were made cheaper (hash recorded at commit
// 2973d36): the runs of notebook 05's Figs. 1 (left) and 4 and of its
// network-against-SDE comparison, with fewer networks, every statistic
// and every final covariance hashed.
func TestSimulateGolden(t *testing.T) {
	const want = "55d0a58c343eb492f60c18cdec70623ed9fff600e4f18b49d34a1511a3b7f905"
	g8, g2 := 1/math.Sqrt(8), 1/math.Sqrt2
	sh := Shaped(200, 150, g8)
	sh.Tau0 = 1
	cfgs := []Config{sh, Vanilla(200, 150, g8), PreLN(200, 150, block.PreRMS)}
	for _, a := range []block.Attention{block.Shaped, block.ShapedNoIdentity, block.ShapedNoCenter, block.IdentityOnly, block.NoTemperature, block.OnlyTemperature, block.Softmax} {
		cfgs = append(cfgs, Config{Width: 300, Depth: 150, Gamma: g2, Tau0: 1, Attention: a, Blocks: BlocksAttention})
	}
	for _, T := range TransformerT().Ts {
		c := Shaped(100, int(T*100), g8)
		c.Tau0 = 1
		cfgs = append(cfgs, c)
	}
	cfgs = append(cfgs, Config{Width: 50, Depth: 40, Gamma: 0.5, Tau0: 1, Attention: block.Shaped}) // m = 3 below
	h := sha256.New()
	put := func(xs ...float64) {
		for _, x := range xs {
			h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(x)))
		}
	}
	for i, c := range cfgs {
		v0 := PaperInput(2)
		if i == len(cfgs)-1 {
			v0 = PaperInput(3)
		}
		r, err := Sim{Config: c, V0: v0, Nets: 24, Seed: uint64(100 + i)}.Run(2)
		if err != nil {
			t.Fatal(err)
		}
		put(r.MeanCorr...)
		put(r.MeanAbsCorr...)
		put(r.MeanAbsCov...)
		put(r.MeanCorrSE...)
		put(r.Final...)
		for _, s := range r.StopLayer {
			put(float64(s))
		}
	}
	if got := fmt.Sprintf("%x", h.Sum(nil)); got != want {
		t.Errorf("hash %s, want %s", got, want)
	}
}
