package tokengeom

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestCheckQP: CheckQP accepts the Gram-matrix domain (its edges p = q and
// p = −q/(n−1) included, and p within the 1e-12 relative slack of them),
// rejects the rest with an ErrParam error naming the parameter, and AttQP panics
// with that same message exactly when CheckQP errors.
func TestCheckQP(t *testing.T) {
	for _, tc := range []struct {
		name string
		q, p float64
		n    int
		want string // "" accepted; else the parameter the error names
	}{
		{"inside", 1, 0.5, 4, ""},
		{"p = q", 2, 2, 4, ""},
		{"p = -q/(n-1)", 3, -1, 4, ""},
		{"p = q(1+5e-13), within the slack", 1, 1 + 5e-13, 4, ""},
		{"p = q(1+1e-11)", 1, 1 + 1e-11, 4, "p = "},
		{"p < -q/(n-1)", 3, -1.01, 4, "p = "},
		{"p NaN", 1, math.NaN(), 4, "p = "},
		{"q = 0", 0, 0, 4, "q = "},
		{"q = +Inf", math.Inf(1), 1, 4, "q = "},
		{"n = 1", 1, 0.5, 1, "n = 1, want an integer >= 2"},
	} {
		err := CheckQP(tc.q, tc.p, tc.n)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			AttQP(tc.q, tc.p, tc.n, 8, 1) // must not panic
			continue
		}
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "tokengeom: parameter out of range: ") {
			t.Errorf("%s: error %v, want one starting %q naming %q", tc.name, err, "tokengeom: ", tc.want)
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != err.Error() {
					t.Errorf("%s: AttQP panicked with %v, want CheckQP's %q", tc.name, r, err)
				}
			}()
			AttQP(tc.q, tc.p, tc.n, 8, 1)
		}()
	}
}
