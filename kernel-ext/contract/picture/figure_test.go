package picture

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/lib/papers"
)

func seed(s uint64) *uint64 { return &s }

// goldenFigures are rendered to testdata/<ID>.svg.golden and
// testdata/<ID>.json.golden.
var goldenFigures = []Figure{
	{
		ID:        "theory-vs-sim",
		Caption:   "A theory curve and a simulation with error bars.",
		Paper:     papers.Claim(papers.Cowsik2024Fig3),
		PaperNote: "top panel",
		XLabel:    "depth l",
		YLabel:    "q^l",
		Series: []Series{
			{Name: "theory", X: []float64{0, 1, 2, 3, 4}, Y: []float64{1, 0.8, 0.7, 0.65, 0.62}},
			{Name: "simulation", X: []float64{0, 1, 2, 3, 4}, Y: []float64{1.01, 0.79, 0.71, 0.66, 0.6},
				YErr: []float64{0.01, 0.02, 0.015, math.NaN(), 0.02}, Style: Points},
		},
		Params: map[string]float64{"sigma_w2": 1.5, "sigma_b2": 0.05},
		Seed:   seed(42),
	},
	{
		ID:     "log-with-gaps",
		XLabel: "n",
		YLabel: "error",
		LogX:   true,
		LogY:   true,
		Legend: BottomLeft,
		Width:  300,
		Height: 200,
		Series: []Series{
			// NaN, +Inf and a non-positive value on the log axis are dropped
			// from the picture (and break the line) but kept in the data.
			{Name: "gappy", X: []float64{1, 10, 100, 1000, 1e4, 1e5}, Y: []float64{1, math.NaN(), 1e-2, 0, 1e-4, math.Inf(1)}, Style: LinePoints},
			{X: []float64{1, 1e5}, Y: []float64{2, 2e-5}},
		},
	},
	{
		// A heatmap with a curve on top (see heatFigure in heat_test.go).
		ID:      "heat-with-contour",
		Caption: "Loss over a non-uniform grid, a blank cell and a contour.",
		XLabel:  "alpha",
		YLabel:  "sigma_w",
		Legend:  BottomRight,
		Width:   360,
		Height:  240,
		Heat: &Heat{
			Name:   "loss",
			X:      []float64{0, 1, 3},
			Y:      []float64{0, 2},
			Z:      []float64{0, 0.5, 1, math.NaN(), 0.25, 1},
			ZLabel: "final loss",
		},
		Series: []Series{{Name: "lambda_a = 0", X: []float64{0, 1, 3}, Y: []float64{0.5, 1, 1.5}},
			{Name: "sweep", X: []float64{1, 3}, Y: []float64{2, 0}, Style: Points}},
	},
}

func TestRenderFigureGolden(t *testing.T) {
	for _, f := range goldenFigures {
		t.Run(f.ID, func(t *testing.T) {
			svg, b, err := RenderFigure(f)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, f.ID+".svg.golden", svg)
			enc, err := bundle.Encode(b)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, f.ID+".json.golden", append(enc, '\n'))
			// Compare the data numerically as well: decoding the bundle must
			// give back the input exactly (encoding/json writes the shortest
			// representation that round-trips a float64, so tolerance 0;
			// non-finite values come back as NaN).
			dec, err := bundle.Decode(enc)
			if err != nil {
				t.Fatal(err)
			}
			compareFigureData(t, f, *dec.Figure)
		})
	}
}

// sameFloat is float equality where every non-finite value (encoded null)
// equals NaN.
func sameFloat(got bundle.Float, want float64) bool {
	g := float64(got)
	if math.IsNaN(want) || math.IsInf(want, 0) {
		return math.IsNaN(g)
	}
	return g == want
}

func compareFigureData(t *testing.T, f Figure, got bundle.Figure) {
	t.Helper()
	if got.ID != f.ID || got.Caption != f.Caption || !slices.Equal(got.Paper, f.Paper) || got.PaperNote != f.PaperNote {
		t.Errorf("metadata: got %q %q %q %q", got.ID, got.Caption, got.Paper, got.PaperNote)
	}
	if len(got.Series) != len(f.Series) {
		t.Fatalf("got %d series, want %d", len(got.Series), len(f.Series))
	}
	for i, s := range f.Series {
		gs := got.Series[i]
		if gs.Name != s.Name || len(gs.X) != len(s.X) || len(gs.Y) != len(s.Y) || len(gs.YErr) != len(s.YErr) {
			t.Fatalf("series %d: shape differs", i)
		}
		for j := range s.X {
			if !sameFloat(gs.X[j], s.X[j]) || !sameFloat(gs.Y[j], s.Y[j]) {
				t.Errorf("series %d point %d: got (%v,%v), want (%v,%v)", i, j, gs.X[j], gs.Y[j], s.X[j], s.Y[j])
			}
		}
		for j := range s.YErr {
			if !sameFloat(gs.YErr[j], s.YErr[j]) {
				t.Errorf("series %d yerr %d: got %v, want %v", i, j, gs.YErr[j], s.YErr[j])
			}
		}
	}
	for k, v := range f.Params {
		if got.Params[k] != v {
			t.Errorf("param %s: got %v, want %v", k, got.Params[k], v)
		}
	}
	if (f.Seed == nil) != (got.Seed == nil) || (f.Seed != nil && *f.Seed != *got.Seed) {
		t.Errorf("seed: got %v, want %v", got.Seed, f.Seed)
	}
	if (f.Heat == nil) != (got.Heat == nil) {
		t.Fatalf("heat: got %v, want %v", got.Heat, f.Heat)
	}
	if h := f.Heat; h != nil {
		gh := got.Heat
		if gh.Name != h.Name || gh.ZLabel != h.ZLabel || len(gh.X) != len(h.X) || len(gh.Y) != len(h.Y) || len(gh.Z) != len(h.Z) {
			t.Fatalf("heat: got %+v, want %+v", gh, h)
		}
		for _, ax := range []struct {
			got  []bundle.Float
			want []float64
		}{{gh.X, h.X}, {gh.Y, h.Y}, {gh.Z, h.Z}} {
			for j := range ax.want {
				if !sameFloat(ax.got[j], ax.want[j]) {
					t.Errorf("heat value %d: got %v, want %v", j, ax.got[j], ax.want[j])
				}
			}
		}
	}
}

func TestRenderFigureDeterministicAndSmall(t *testing.T) {
	f := goldenFigures[0]
	first, b1, err := RenderFigure(f)
	if err != nil {
		t.Fatal(err)
	}
	e1, _ := bundle.Encode(b1)
	for range 5 {
		// Params is a map: a fresh copy iterates in another order.
		g := f
		g.Params = map[string]float64{"sigma_b2": 0.05, "sigma_w2": 1.5}
		again, b2, err := RenderFigure(g)
		if err != nil {
			t.Fatal(err)
		}
		e2, _ := bundle.Encode(b2)
		if !bytes.Equal(first, again) || !bytes.Equal(e1, e2) {
			t.Fatal("same figure rendered to different bytes")
		}
	}
	if bytes.Contains(first, []byte("@font-face")) || bytes.Contains(first, []byte("base64")) {
		t.Error("SVG embeds a font or an image; figures must reference font families only")
	}
	// An embedded Liberation font alone is ~300 kB; a 5-point figure
	// without one is ~15 kB. 64 kB catches an accidental embedding.
	if len(first) > 64<<10 {
		t.Errorf("SVG is %d bytes, want < 64 kB", len(first))
	}
}

// badFigure is a figure that RenderFigure must reject with an error
// containing want.
type badFigure struct {
	name string
	f    Figure
	want string
}

// checkRejected checks that RenderFigure rejects each figure with its
// error.
func checkRejected(t *testing.T, cases []badFigure) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := RenderFigure(tc.f)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got error %v, want one containing %q", err, tc.want)
			}
			// A notebook cell checks its figures with the plot-free
			// figure.Check and leaves the drawing to the host: it must
			// reject what drawing rejects, with the same message.
			if cerr := tc.f.Check(); cerr == nil || cerr.Error() != err.Error() {
				t.Fatalf("Check() = %v, want Draw's error %v", cerr, err)
			}
		})
	}
}

func TestRenderFigureErrors(t *testing.T) {
	ok := []Series{{X: []float64{1, 2}, Y: []float64{1, 2}}}
	checkRejected(t, []badFigure{
		{"empty id", Figure{Series: ok}, "ID is empty"},
		{"no series", Figure{ID: "a"}, "no series"},
		{"length mismatch", Figure{ID: "a", Series: []Series{{X: []float64{1}, Y: []float64{1, 2}}}}, "len(X)=1 != len(Y)=2"},
		{"yerr mismatch", Figure{ID: "a", Series: []Series{{X: []float64{1}, Y: []float64{1}, YErr: []float64{1, 2}}}}, "len(YErr)=2"},
		{"negative yerr", Figure{ID: "a", Series: []Series{{X: []float64{1}, Y: []float64{1}, YErr: []float64{-1}}}}, "YErr[0]=-1"},
		{"bad style", Figure{ID: "a", Series: []Series{{X: []float64{1}, Y: []float64{1}, Style: 7}}}, "unknown style"},
		{"nan param", Figure{ID: "a", Series: ok, Params: map[string]float64{"beta": math.NaN()}}, `parameter "beta"`},
		{"bad legend", Figure{ID: "a", Series: ok, Legend: 9}, "legend corner"},
		{"negative width", Figure{ID: "a", Series: ok, Width: -1}, "size"},
		{"all NaN", Figure{ID: "a", Series: []Series{{X: []float64{math.NaN()}, Y: []float64{1}}}}, "no finite point"},
		{"log of zero only", Figure{ID: "a", LogY: true, Series: []Series{{X: []float64{1}, Y: []float64{0}}}}, "no finite point"},
	})
	_, _, err := RenderFigure(Figure{ID: "a", Series: []Series{{X: []float64{math.Inf(1)}, Y: []float64{1}}}})
	if !errors.Is(err, ErrNoData) {
		t.Errorf("got %v, want ErrNoData", err)
	}
}

func TestRuns(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		name     string
		logY     bool
		x, y     []float64
		wantLens []int
	}{
		{"all finite", false, []float64{1, 2, 3}, []float64{1, 2, 3}, []int{3}},
		{"gap in middle", false, []float64{1, 2, 3, 4}, []float64{1, nan, 3, 4}, []int{1, 2}},
		{"inf x at ends", false, []float64{math.Inf(-1), 2, 3, math.Inf(1)}, []float64{1, 2, 3, 4}, []int{2}},
		{"zero on log axis", true, []float64{1, 2, 3}, []float64{1, 0, -1}, []int{1}},
		{"zero on linear axis", false, []float64{1, 2, 3}, []float64{1, 0, -1}, []int{3}},
		{"nothing", false, []float64{nan}, []float64{nan}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := Figure{LogY: tc.logY}
			runs := runs(f, Series{X: tc.x, Y: tc.y})
			if len(runs) != len(tc.wantLens) {
				t.Fatalf("got %d runs, want %d", len(runs), len(tc.wantLens))
			}
			for i, r := range runs {
				if len(r) != tc.wantLens[i] {
					t.Errorf("run %d has %d points, want %d", i, len(r), tc.wantLens[i])
				}
			}
		})
	}
}
