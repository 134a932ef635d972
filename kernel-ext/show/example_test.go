package show_test

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
)

// A notebook cell compares a theory value with a simulation and shows both
// the figure and the agreement. Outside a notebook the Display calls only
// validate and render.
func Example() {
	theory := []float64{1, 0.8, 0.72}
	sim := []float64{1.01, 0.79, math.NaN()} // the last run diverged
	seed := uint64(7)
	err := show.DisplayFigure(show.Figure{
		ID:          "fig1-qmap",
		Caption:     "Length map, theory vs simulation.",
		PaperFigure: "Poole et al. 2016, Fig. 1",
		Series: []show.Series{
			{Name: "theory", X: []float64{0, 1, 2}, Y: theory},
			{Name: "simulation", X: []float64{0, 1, 2}, Y: sim, YErr: []float64{0.01, 0.01, 0.01}, Style: show.Points},
		},
		Seed: &seed,
	})
	fmt.Println("figure error:", err)

	m := show.NewMetric("q^1 relative error", (sim[1]-theory[1])/theory[1], 0.02, "n=128, 100 seeds")
	fmt.Println(m.Pass, show.FormatFloat(float64(m.Value)))
	fmt.Println(show.DisplayMetric(m))

	_, b, _ := show.RenderMetric(show.NewMetric("diverged", sim[2], 1, ""))
	enc, _ := bundle.Encode(b)
	fmt.Println(string(enc))
	// Output:
	// figure error: <nil>
	// true -0.0125
	// <nil>
	// {"schema":1,"kind":"metric","metric":{"name":"diverged","value":null,"tolerance":1,"pass":false}}
}
