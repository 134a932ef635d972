package quantity

import "testing"

// TestComposeIntegerParams: an integer parameter of the compose
// quantities reaches the block as an integer at any size the range
// allows (issue 36: n = 1000000 was formatted with %g as "1e+06" and
// refused by the block as "want an integer"; so in sweeps, whose grids
// store 1e+06 too). Both spellings evaluate, to the same value.
func TestComposeIntegerParams(t *testing.T) {
	var got [2]any
	for i, n := range []string{"1000000", "1e+06"} {
		v, err := evalNamed(t, "compose.lambda_a", map[string]string{"n": n, "d": "2000000", "depth": "1000"})
		if err != nil {
			t.Fatalf("compose.lambda_a n=%s: %v", n, err)
		}
		got[i] = v
	}
	if got[0] != got[1] {
		t.Errorf("n=1000000 gives %v, n=1e+06 gives %v", got[0], got[1])
	}
}
