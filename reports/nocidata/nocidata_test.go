package nocidata

import (
	"path/filepath"
	"testing"

	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

var (
	committed = filepath.Join("..", "..", "notebooks", "data", "noci-training")
	subset    = filepath.Join("..", "..", "notebooks", "data", "fashion-mnist-subset")
)

// TestPlan: every job is distinct, every variant appears at TableDepth
// from every seed and Fig. 5's variants at every depth.
func TestPlan(t *testing.T) {
	seen := map[Job]bool{}
	for _, j := range Plan() {
		if seen[j] {
			t.Errorf("job %+v twice", j)
		}
		seen[j] = true
	}
	for _, v := range ts.NociVariants {
		for _, s := range Seeds {
			if !seen[Job{v, TableDepth, s}] {
				t.Errorf("%s missing at L = %d, seed %d", v.Name, TableDepth, s)
			}
		}
	}
	for _, name := range Fig5 {
		v, err := ts.NociVariantByName(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, L := range Depths {
			if !seen[Job{v, L, Seeds[0]}] {
				t.Errorf("Fig. 5 variant %s missing at L = %d", name, L)
			}
		}
	}
}
