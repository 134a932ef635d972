package activation

import "testing"

// TestComputes: each built-in is recognised by its own law and by no other
// of the three; a tanh with a derivative off by 1e-12 is not tanh, and a
// Func without Phi computes nothing.
func TestComputes(t *testing.T) {
	laws := map[string]func(float64) (float64, float64){"tanh": TanhLaw, "relu": ReLULaw, "linear": LinearLaw}
	for name, f := range map[string]Func{"tanh": Tanh(), "relu": ReLU(), "linear": Linear()} {
		for law, g := range laws {
			if got := f.Computes(g); got != (law == name) {
				t.Errorf("%s.Computes(%s law) = %v", name, law, got)
			}
		}
	}
	off := Tanh()
	d := off.DPhi
	off.DPhi = func(h float64) float64 { return d(h) + 1e-12 }
	if off.Computes(TanhLaw) {
		t.Error("a tanh whose derivative is off by 1e-12 computes tanh")
	}
	if (Func{}).Computes(LinearLaw) {
		t.Error("an empty Func computes the identity")
	}
}
