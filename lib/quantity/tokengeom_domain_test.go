package quantity

import (
	"strconv"
	"testing"

	"github.com/sigprop/sigprop/lib/tokengeom"
)

// TestTokengeomDomainIsTheLibrarys: the (q, p) maps of `sigprop eval`
// accept exactly the (q, p) that tokengeom.CheckQP accepts, the 1e-12
// slack at p = q included (a copy of the check without it rejected
// p = q(1+5e-13), which the library maps), and refuse the rest with an
// error naming p.
func TestTokengeomDomainIsTheLibrarys(t *testing.T) {
	const q, n = 64.0, 256
	for _, p := range []float64{q, q * (1 + 5e-13), q * (1 + 1e-11), -q / (n - 1), -q / (n - 1) * 1.01, 32} {
		lib := tokengeom.CheckQP(q, p, n)
		for _, name := range []string{"tokengeom.att_map", "tokengeom.layer_map"} {
			_, err := evalNamed(t, name, map[string]string{"q": strconv.FormatFloat(q, 'g', -1, 64),
				"p": strconv.FormatFloat(p, 'g', -1, 64), "n": strconv.Itoa(n)})
			if (err == nil) != (lib == nil) {
				t.Errorf("%s at p = %v: error %v, tokengeom.CheckQP says %v", name, p, err, lib)
			}
			if err != nil && lib != nil && err.Error() != lib.Error() {
				t.Errorf("%s at p = %v: error %q, want the library's %q", name, p, err, lib)
			}
		}
	}
}
