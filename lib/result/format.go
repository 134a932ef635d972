package result

import "strconv"

// Num writes a number of a Table's cell as the report writes numbers: 4
// significant digits, shortest of %e and %f (strconv 'g', 4).
func Num(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

// Nums writes each value of vs with Num.
func Nums(vs []float64) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = Num(v)
	}
	return out
}
