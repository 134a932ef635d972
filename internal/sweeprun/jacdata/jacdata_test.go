package jacdata

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/randmlp"
)

// committed is the data directory the notebook reads.
var committed = filepath.Join("..", "..", "..", "notebooks", "data", "jacobian-spectra")

// TestSpecsValid: every configuration has a simulator (q* in range, a
// critical σ_b² ≥ 0) and a distinct seed.
func TestSpecsValid(t *testing.T) {
	specs, err := Specs()
	if err != nil {
		t.Fatal(err)
	}
	seeds := map[uint64]bool{}
	for _, s := range specs {
		if _, err := s.Sim(); err != nil {
			t.Errorf("%+v: %v", s, err)
		}
		if seeds[s.Seed] {
			t.Errorf("seed %d used twice", s.Seed)
		}
		seeds[s.Seed] = true
	}
}

// TestCommittedSpectra: the committed file holds exactly Specs(), N
// eigenvalues per draw, and draw 0 of its cheapest configuration
// recomputed here equals the stored one (same seed, same numbers, up to
// the last of the 9 stored digits).
func TestCommittedSpectra(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(committed, "spectra.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got []randmlp.SpectrumSample
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	specs, err := Specs()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(specs) {
		t.Fatalf("%d samples, want %d", len(got), len(specs))
	}
	cheapest := 0
	for i, s := range got {
		if !reflect.DeepEqual(s.SpectrumSpec, specs[i]) {
			t.Fatalf("sample %d is %+v, want %+v", i, s.SpectrumSpec, specs[i])
		}
		if len(s.Eigs) != s.Draws {
			t.Fatalf("%s L=%d: %d draws, want %d", s.Figure, s.Depth, len(s.Eigs), s.Draws)
		}
		for _, e := range s.Eigs {
			if len(e) != s.Width {
				t.Fatalf("%s L=%d: %d eigenvalues, want %d", s.Figure, s.Depth, len(e), s.Width)
			}
		}
		if s.Depth < got[cheapest].Depth {
			cheapest = i
		}
	}
	if testing.Short() {
		t.Skip("recomputing a width-1000 draw takes a few seconds")
	}
	s := got[cheapest]
	e, err := s.Draw(0)
	if err != nil {
		t.Fatal(err)
	}
	for k := range e {
		if d := math.Abs(e[k] - s.Eigs[0][k]); d > 2e-9*math.Abs(e[k])+1e-12 {
			t.Fatalf("%s L=%d draw 0 eigenvalue %d: recomputed %v, stored %v", s.Figure, s.Depth, k, e[k], s.Eigs[0][k])
		}
	}
}
