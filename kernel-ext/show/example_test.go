package show_test

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
)

// A notebook cell compares a theory value with a simulation and shows both
// the figure and the agreement through a View. Outside a notebook Show only
// validates and renders.
func Example() {
	theory := []float64{1, 0.8, 0.72}
	sim := []float64{1.01, 0.79, math.NaN()} // the last run diverged
	seed := uint64(7)
	fig := show.Figure{
		ID:      "fig1-qmap",
		Caption: "Length map, theory vs simulation.",
		Paper:   papers.Claim(papers.TannerFig1),
		Series: []show.Series{
			{Name: "theory", X: []float64{0, 1, 2}, Y: theory},
			{Name: "simulation", X: []float64{0, 1, 2}, Y: sim, YErr: []float64{0.01, 0.01, 0.01}, Style: show.Points},
		},
		Seed: &seed,
	}
	a := show.Agreement{Name: "q^1 relative error", Kind: show.TheoryVsSimulation, Value: (sim[1] - theory[1]) / theory[1], Tol: 0.02,
		Figure: "fig1-qmap", Basis: "n=128, 100 seeds"}
	m, err := a.Metric()
	fmt.Println(m.Pass, show.FormatFloat(float64(m.Value)), err)
	show.View{show.Fig(fig), show.Agree(a)}.Show() // panics on an invalid figure or check

	diverged, _ := show.Agreement{Name: "diverged", Kind: show.TheoryVsSimulation, Value: sim[2], Tol: 1, Basis: "b"}.Metric()
	_, b, _ := show.RenderMetric(diverged)
	enc, _ := bundle.Encode(b)
	fmt.Println(string(enc))
	// Output:
	// true -0.0125 <nil>
	// {"schema":1,"kind":"metric","metric":{"name":"diverged","kind":"theory vs simulation","value":null,"tolerance":1,"rule":"within","pass":false,"basis":"b"}}
}

// A heatmap: the final loss over a (non-uniform) grid of (α, σ_w), a blank
// cell where the run diverged, and the λ_a = 0 curve drawn on top. The
// bundle carries the grid as data.
func ExampleCheckFigure_heat() {
	alpha := []float64{0.25, 0.5, 1, 2} // cell centres, not evenly spaced
	sigmaW := []float64{0.5, 1, 1.5}
	loss := []float64{ // row-major: loss[j*len(alpha)+i] at (alpha[i], sigmaW[j])
		0.9, 0.7, 0.6, 0.8,
		0.5, 0.3, 0.2, 0.4,
		0.6, 0.4, math.NaN(), 0.7,
	}
	b, err := show.CheckFigure(show.Figure{
		ID:     "loss-map",
		XLabel: "α",
		YLabel: "σ_w",
		Heat:   &show.Heat{Name: "loss", X: alpha, Y: sigmaW, Z: loss, ZLabel: "final loss"},
		Series: []show.Series{{Name: "λ_a = 0", X: []float64{0.25, 2}, Y: []float64{0.7, 1.3}}},
	})
	fmt.Println("error:", err)
	enc, _ := bundle.Encode(b)
	fmt.Println(string(enc))
	// Output:
	// error: <nil>
	// {"schema":1,"kind":"figure","figure":{"id":"loss-map","caption":"","x_label":"α","y_label":"σ_w","series":[{"name":"λ_a = 0","x":[0.25,2],"y":[0.7,1.3]}],"heat":{"name":"loss","x":[0.25,0.5,1,2],"y":[0.5,1,1.5],"z":[0.9,0.7,0.6,0.8,0.5,0.3,0.2,0.4,0.6,0.4,null,0.7],"z_label":"final loss"},"draw":{"styles":["line"],"colours":[0]}}}
}

// Outside a notebook a View prints its Text items, in order, and only
// validates and renders the others; in a notebook the lines travel with
// the figures and tables, through gonb's display pipe, so that they keep
// their place among them.
func ExampleView_text() {
	show.View{
		show.Text("a note before the table\n"),
		show.Tab(bundle.Table{ID: "t", Header: []string{"n"}, Rows: [][]string{{"1"}}}),
		show.Text("a note after it\n"),
	}.Show()
	// Output:
	// a note before the table
	// a note after it
}
