package vit_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/vit"
)

// Train a 2-block model on a toy task: 4×4 images whose class (0–3) is
// the 2×2 quadrant holding a bright square. 908 parameters: 2 blocks of
// six 8×8 matrices (768), E (8×4), b, c (8 each), 5 positional
// embeddings (40), γ, β (8 each), H (4×8), h (4).
func ExampleTrain() {
	cfg := vit.Config{Rows: 4, Cols: 4, Patch: 2, D: 8, Layers: 2, MLPLayers: 2, Classes: 4,
		AlphaA: 0.5, AlphaM: 0.5, SigmaW: 1.5, SigmaA2: 1}
	rng := rand.New(rand.NewPCG(1, 2))
	data := func(n int) vit.Examples {
		e := vit.Examples{X: make([]float64, n*16), Labels: make([]int, n)}
		for i := range e.Labels {
			k := rng.IntN(4)
			e.Labels[i] = k
			for j := 0; j < 16; j++ {
				r, c := j/4, j%4
				v := 0.3 * rng.NormFloat64()
				if (r/2)*2+c/2 == k {
					v++
				}
				e.X[i*16+j] = v
			}
		}
		return e
	}
	train, test := data(400), data(200)
	m := vit.New(cfg, rng)
	before, _, _ := vit.Evaluate(m, test, 0)
	if _, err := vit.Train(m, train, vit.TrainSettings{Steps: 200, Batch: 16, Optimizer: &vit.Adam{LR: 1e-2}}, rng); err != nil {
		fmt.Println(err)
		return
	}
	after, acc, _ := vit.Evaluate(m, test, 0)
	fmt.Printf("parameters: %d\n", m.NumParams())
	fmt.Printf("initial loss within 0.5 of ln 4: %v\n", math.Abs(before-math.Log(4)) < 0.5)
	fmt.Printf("loss fell below 0.1: %v, accuracy ≥ 95%%: %v\n", after < 0.1, acc >= 0.95)
	// Output:
	// parameters: 908
	// initial loss within 0.5 of ln 4: true
	// loss fell below 0.1: true, accuracy ≥ 95%: true
}
