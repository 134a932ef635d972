package result

import "testing"

// TestWellformed: each kind's Wellformed catches the caller bugs its doc
// names and accepts a well-formed value.
func TestWellformed(t *testing.T) {
	x := []float64{0, 1, 2}
	good := Curves{Lines: []Line{{Name: "theory", X: x, Y: x}, {Name: "sim", Role: Simulated, X: x, Y: x, SE: x}},
		Checks: []Check{{Name: "z", Test: MaxZ, Sim: "sim", Theory: "theory"}}}
	if err := good.Wellformed(); err != nil {
		t.Errorf("good curves: %v", err)
	}
	short := good
	short.Lines = []Line{{Name: "theory", X: x, Y: x[:2]}, good.Lines[1]}
	twice := good
	twice.Lines = []Line{good.Lines[0], good.Lines[0]}
	missing := good
	missing.Checks = []Check{{Name: "z", Test: MaxZ, Sim: "sim", Theory: "nosuch"}}
	noSE := good
	noSE.Lines = []Line{good.Lines[0], {Name: "sim", X: x, Y: x}}
	for name, c := range map[string]Curves{"short line": short, "two of a name": twice, "missing line": missing, "no SE": noSE} {
		if c.Wellformed() == nil {
			t.Errorf("%s: not caught", name)
		}
	}
	if (Plane{Xs: x, Ys: x, Z: make([]float64, 9)}).Wellformed() != nil || (Plane{Xs: x, Ys: x, Z: x}).Wellformed() == nil {
		t.Error("plane: a 3 × 3 grid needs 9 values")
	}
	if (Plane{Xs: x, Ys: x, Z: make([]float64, 9), ZMin: 1, ZMax: 4}).Wellformed() != nil || (Plane{Xs: x, Ys: x, Z: make([]float64, 9), ZMin: 1, ZMax: 1}).Wellformed() == nil {
		t.Error("Plane: a fixed colour range [1, 4] refused or an empty one [1, 1] accepted")
	}
	if (Spectrum{Sample: x, Lo: 0, Hi: 1, Bins: 2}).Wellformed() != nil || (Spectrum{Sample: x, Lo: 1, Hi: 1, Bins: 2}).Wellformed() == nil {
		t.Error("spectrum: Hi must exceed Lo")
	}
	if (Table{Header: []string{"a"}, Rows: [][]string{{"1"}}}).Wellformed() != nil || (Table{Header: []string{"a"}, Rows: [][]string{{"1", "2"}}}).Wellformed() == nil {
		t.Error("table: a row must match the header")
	}
}

// TestDensitiesWellformed: a KS check naming no pair and carrying no
// samples, two pairs of one key, an empty reference and an empty range
// are caught; a check with its own samples needs no pair.
func TestDensitiesWellformed(t *testing.T) {
	x := []float64{0, 1}
	good := Densities{Lo: -1, Hi: 1, Bins: 4, Pairs: []DensityPair{{Key: "a", Sample: x, Ref: x}},
		Checks: []Check{{Name: "ks", Test: KS, Sim: "a"}, {Name: "own", Test: KS, Samples: &Samples{X: x, Y: x}}}}
	if err := good.Wellformed(); err != nil {
		t.Errorf("good: %v", err)
	}
	bad := map[string]func(d *Densities){
		"no such pair":  func(d *Densities) { d.Checks = []Check{{Name: "ks", Test: KS, Sim: "b"}} },
		"empty samples": func(d *Densities) { d.Checks = []Check{{Name: "ks", Test: KS, Samples: &Samples{X: x}}} },
		"two of a key":  func(d *Densities) { d.Pairs = append(d.Pairs, d.Pairs[0]) },
		"no reference":  func(d *Densities) { d.Pairs = []DensityPair{{Key: "a", Sample: x}} },
		"empty range":   func(d *Densities) { d.Hi = d.Lo },
		"no pair":       func(d *Densities) { d.Pairs, d.Checks = nil, nil },
	}
	for name, f := range bad {
		d := good
		d.Pairs = append([]DensityPair(nil), good.Pairs...)
		f(&d)
		if d.Wellformed() == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}
