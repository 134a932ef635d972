package show

// This file holds the small series and table builders that notebook cells
// share, so that a cell states what it plots rather than how the slices
// are filled.

// Map returns f(x) for every x, in order: a theory curve's ordinates.
func Map(x []float64, f func(float64) float64) []float64 {
	y := make([]float64, len(x))
	for i, v := range x {
		y[i] = f(v)
	}
	return y
}

// Scatter is a series of points (x, y) with optional error bars yerr (nil
// for none): a simulation.
func Scatter(name string, x, y, yerr []float64) Series {
	return Series{Name: name, X: x, Y: y, YErr: yerr, Style: Points}
}

// Estimates collects Monte Carlo estimates point by point: the abscissa,
// the mean, its standard error, and the theory it is checked against.
type Estimates struct {
	X, Mean, SE, Theory []float64
}

// Add appends one point.
func (e *Estimates) Add(x, mean, se, theory float64) {
	e.X = append(e.X, x)
	e.Mean = append(e.Mean, mean)
	e.SE = append(e.SE, se)
	e.Theory = append(e.Theory, theory)
}

// Scatter is the estimates as points with ±1 SE error bars.
func (e Estimates) Scatter(name string) Series {
	return Scatter(name, e.X, e.Mean, e.SE)
}

// MaxZ checks the estimates against their theory with MaxZ (a.Value, a.Tol
// rule and a.Basis as there).
func (e Estimates) MaxZ(a Agreement) Agreement {
	return MaxZ(a, e.Mean, e.SE, e.Theory)
}
