package tokencheck

import (
	"encoding/json"
	"io/fs"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// dataFS holds the notebook's committed sweeps.
var dataFS = os.DirFS("../../notebooks/data/token-geometry")

// A committed plane reads with the grid of its sweep, and each point's
// mean and SE land at its (x, y) in Grid's layout: checked against the
// point files themselves.
func TestReadSimPlane(t *testing.T) {
	p, err := ReadSimPlane(dataFS, "la-alpha-sigma")
	if err != nil {
		t.Fatal(err)
	}
	if p.Networks != 16 {
		t.Errorf("networks %d, want 16 (the sweep's)", p.Networks)
	}
	if p.N != 256 || p.D != 64 || p.L != 0 { // the records' n, d; λ_a's one block has no depth parameter
		t.Errorf("(n, d, L) = (%d, %d, %d), want (256, 64, 0) as the records state", p.N, p.D, p.L)
	}
	if g, err := ReadSimPlane(dataFS, "lg-alpha-sigma"); err != nil || g.N != 256 || g.D != 64 || g.L != 16 {
		t.Errorf("lg-alpha-sigma: (n, d, L) = (%d, %d, %d), %v; want (256, 64, 16) as the records state", g.N, g.D, g.L, err)
	}
	if len(p.X) != 19 || len(p.Y) != 20 || len(p.Mean) != 380 || len(p.SE) != 380 {
		t.Fatalf("grid %d × %d with %d means, %d SEs, want 19 × 20", len(p.X), len(p.Y), len(p.Mean), len(p.SE))
	}
	if len(p.Seeds) != 380 {
		t.Fatalf("%d seeds, want one per point (380)", len(p.Seeds))
	}
	for _, name := range []string{"i000.json", "i001.json", "i137.json", "i379.json"} {
		var pt struct {
			Params map[string]any
			Value  struct{ Mean, SE float64 }
		}
		b, err := fs.ReadFile(dataFS, "la-alpha-sigma/"+name)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &pt); err != nil {
			t.Fatal(err)
		}
		x, y := pt.Params["alpha_a"].(float64), pt.Params["sigma_w"].(float64)
		found := false
		for k := range p.Mean {
			if p.X[k%len(p.X)] == x && p.Y[k/len(p.X)] == y {
				found = true
				if p.Mean[k] != pt.Value.Mean || p.SE[k] != pt.Value.SE {
					t.Errorf("%s at (%v, %v): read %v ± %v, file %v ± %v", name, x, y, p.Mean[k], p.SE[k], pt.Value.Mean, pt.Value.SE)
				}
				if float64(p.Seeds[k]) != pt.Params["seed"].(float64) {
					t.Errorf("%s at (%v, %v): seed %d, file %v", name, x, y, p.Seeds[k], pt.Params["seed"])
				}
			}
		}
		if !found {
			t.Errorf("%s: (%v, %v) is not on the grid", name, x, y)
		}
	}
	if _, err := ReadSimPlane(dataFS, "no-such-sweep"); err == nil {
		t.Error("a missing sweep read without error")
	}
	// The same sweep with one point's result gone does not read.
	partial := fstest.MapFS{}
	if err := fs.WalkDir(dataFS, "lg-alphaA-alphaM", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "/i42.json") {
			return err
		}
		b, err := fs.ReadFile(dataFS, path)
		partial[path] = &fstest.MapFile{Data: b}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSimPlane(partial, "lg-alphaA-alphaM"); err == nil {
		t.Error("a sweep missing a point read without error")
	}
	// One point recorded at another width: the plane has no one d, an error naming d's disagreement.
	mixed := fstest.MapFS{}
	if err := fs.WalkDir(dataFS, "la-alpha-sigma", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(dataFS, path)
		if strings.HasSuffix(path, "/i137.json") {
			b = []byte(strings.Replace(string(b), `"d":64`, `"d":32`, 1))
		}
		mixed[path] = &fstest.MapFile{Data: b}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSimPlane(mixed, "la-alpha-sigma"); err == nil || !strings.Contains(err.Error(), "i137") {
		t.Errorf("a sweep with one point at d = 32: err %v, want one naming point i137", err)
	}
}

// The zero contour of a plane is that of its mean.
func TestSimPlaneZeroCrossings(t *testing.T) {
	p := SimPlane{X: []float64{1, 2}, Y: []float64{0, 1}, Mean: []float64{-1, -2, 1, 2}}
	x, y := p.ZeroCrossings()
	if len(x) != 2 || x[0] != 1 || y[0] != 0.5 || x[1] != 2 || y[1] != 0.5 {
		t.Errorf("zero crossings %v, %v, want (1, 0.5), (2, 0.5)", x, y)
	}
}

// GradientPlane on a plane made from the theory plus known deviations:
// every statistic has a closed form.
func TestGradientPlane(t *testing.T) {
	x, y := []float64{0.5, 0.9}, []float64{1.5, 2}
	th := tokengeom.AlphaSigma.Phase(x, y, 16).LambdaG.Z
	// Index iy*2 + ix: ix = 0 is α = 0.5 (moderate), ix = 1 is α = 0.9 (large).
	s := SimPlane{X: x, Y: y, Mean: []float64{th[0] + 0.01, th[1] - 0.1, th[2] - 0.2, th[3] - 0.1}, SE: []float64{0.01, 0.02, 0.01, 0.02}, Networks: 3}
	a := GradientPlane(tokengeom.AlphaSigma, s, 16)
	// Moderate deviations 0.01 (1 SE) and 0.2 (20 SE) against 4 SE: one beyond, the worst at 20 SE.
	// With 3 networks p = P(|t₂| > 4) = 1 − 4/√18 ≈ 0.057; of two points
	// P(K ≤ 1) = 1 − p² ≈ 0.9967 < 0.999, so both are allowed.
	p := 1 - 4/math.Sqrt(18)
	if a.Networks != 3 || a.Moderate != 2 || a.Beyond != 1 || math.Abs(a.Worst-20) > 1e-9 || math.Abs(a.Median-0.105) > 1e-12 || math.Abs(a.PBeyond-p) > 1e-12 || a.Allowed != 2 {
		t.Errorf("moderate: %+v, want 2 points, 1 beyond, worst 20 SE, median 0.105, p %v, 2 allowed", a, p)
	}
	// The fix this count carries: a point 5.9 SE off but within the old
	// allowance 4 SE + 0.03 (SE 0.001, |Δ| 0.0059 < 0.034) counts as beyond.
	s.Mean[0], s.SE[0] = th[0]+0.0059, 0.001
	if b := GradientPlane(tokengeom.AlphaSigma, s, 16); b.Beyond != 2 {
		t.Errorf("a point 5.9 SE off: %d beyond, want 2 (the finite-width offset no longer hides it)", b.Beyond)
	}
	mustpanic.WithPrefix(t, "one network", "tokencheck: GradientPlane needs at least 2 networks", func() {
		GradientPlane(tokengeom.AlphaSigma, SimPlane{X: x, Y: y, Mean: th, SE: s.SE, Networks: 1}, 16)
	})
	if a.LargeSeeds != nil {
		t.Errorf("a plane without seeds: large-α seeds %v, want none", a.LargeSeeds)
	}
	s.Seeds = []uint64{10, 31, 12, 23}
	if b := GradientPlane(tokengeom.AlphaSigma, s, 16); !slices.Equal(b.LargeSeeds, []uint64{23, 31}) {
		t.Errorf("large-α seeds %v, want the large-α points' 23 and 31, sorted", b.LargeSeeds)
	}
	if math.Abs(a.Shift+0.1) > 1e-12 || math.Abs(a.ShiftSE-math.Sqrt(2*0.02*0.02)/2) > 1e-15 {
		t.Errorf("large α: shift %v ± %v, want −0.1 ± %v", a.Shift, a.ShiftSE, math.Sqrt(2*0.02*0.02)/2)
	}
	// On the (α_A, α_M) plane a point is moderate only if both are <= 0.7.
	yam := []float64{0.5, 0.9}
	tham := tokengeom.AlphaAM.Phase(x, yam, 16).LambdaG.Z
	am := GradientPlane(tokengeom.AlphaAM, SimPlane{X: x, Y: yam, Mean: tham, SE: []float64{0.01, 0.01, 0.01, 0.01}, Networks: 3}, 16)
	if am.Moderate != 1 || am.Median != 0 || am.Shift != 0 {
		t.Errorf("(α_A, α_M) plane: %+v, want 1 moderate point and no deviation", am)
	}
}
