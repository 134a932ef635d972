package trainshow

// layerAxis is 1, …, n: the blocks as the figures number them.
func layerAxis(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i + 1)
	}
	return x
}
