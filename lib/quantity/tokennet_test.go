package quantity

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// The quantities are the tokennet estimators with the stated inputs and
// the PCG(seed, tnStream) generator: evaluating one equals calling the
// estimator directly.
func TestTokennetQuantitiesMatchEstimators(t *testing.T) {
	q, err := Lookup("tokennet.lambda_g_numeric")
	if err != nil {
		t.Fatal(err)
	}
	v, err := q.Parse(map[string]string{"alpha_a": "0.5", "alpha_m": "0.4", "sigma_w": "1.5", "n": "8", "d": "8", "depth": "3", "networks": "3", "seed": "11", "causal": "true"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := q.Eval(v)
	if err != nil {
		t.Fatal(err)
	}
	cfg := tokennet.PaperTransformer(0.5, 1.5)
	cfg.AlphaM, cfg.N, cfg.D, cfg.Layers, cfg.Causal = 0.4, 8, 8, 3, true
	m := tokengeom.NewModel(0.5, 0.4, 1.5)
	m.D = 8
	qs, err := tokengeom.QStar(m)
	if err != nil {
		t.Fatal(err)
	}
	want, err := tokennet.NumericGradientExponent(cfg, qs, 0.9999*qs, 3, rand.New(rand.NewPCG(11, tnStream)))
	if err != nil {
		t.Fatal(err)
	}
	if g := got.(map[string]float64); g["mean"] != want.Mean || g["se"] != want.SE || g["networks"] != 3 {
		t.Errorf("lambda_g_numeric = %v, want the estimator's %+v", g, want)
	}
	if _, err := q.Parse(map[string]string{"causal": "yes"}); err == nil {
		t.Error("causal=yes accepted, want an error naming the choices")
	}
}

// TestCommittedPlanesRecompute recomputes a slice of the numeric phase
// diagrams committed in notebooks/data/token-geometry (the data behind
// Figs. 4–6 of notebook 02): the first and the last point of every plane
// (the smallest and the largest α and σ_w), from the parameters and the
// seed recorded in the point's file, must give the recorded mean and SE
// (relative 1e-9: the same code and seed give the same draws; the matrix
// kernels may round differently across machines by far less).
func TestCommittedPlanesRecompute(t *testing.T) {
	root := filepath.Join("..", "..", "notebooks", "data", "token-geometry")
	planes, err := filepath.Glob(filepath.Join(root, "l[ag]-*"))
	if err != nil || len(planes) != 6 {
		t.Fatalf("want the 6 committed planes in %s, got %v (%v)", root, planes, err)
	}
	for _, dir := range planes {
		s, err := sweep.Read(os.DirFS(dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{0, len(s.Points) - 1} {
			if testing.Short() && filepath.Base(dir)[1] == 'g' && i > 0 {
				continue // the λ_g corner at α = 0.95, σ_w = 4 takes a second
			}
			checkRecompute(t, filepath.Join(dir, sweep.DoneFile(s.Points[i].Key)))
		}
	}
}

func checkRecompute(t *testing.T, file string) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Name   string
		Params map[string]any
		Value  map[string]float64
	}
	if err := json.Unmarshal(raw, &rec); err != nil {
		t.Fatal(err)
	}
	args := map[string]string{}
	for k, v := range rec.Params {
		args[k] = fmt.Sprint(v)
		if f, ok := v.(float64); ok {
			args[k] = sweep.FormatFloat(f)
		}
	}
	q, err := Lookup(rec.Name)
	if err != nil {
		t.Fatal(err)
	}
	v, err := q.Parse(args)
	if err != nil {
		t.Fatal(err)
	}
	got, err := q.Eval(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"mean", "se"} {
		g, w := got.(map[string]float64)[k], rec.Value[k]
		if math.Abs(g-w) > 1e-9*math.Abs(w) {
			t.Errorf("%s: %s = %v, committed %v", file, k, g, w)
		}
	}
}
