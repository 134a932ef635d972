package meanfield

import (
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

func TestLectureFamily(t *testing.T) {
	if n := Lecture(2); n.Phi.Name != "tanh" || n.SigmaB2 != 0.05 || n.SigmaW2 != 2 {
		t.Errorf("Lecture(2) = %s, σ_b² %g, σ_w² %g; want tanh, 0.05, 2", n.Phi.Name, n.SigmaB2, n.SigmaW2)
	}
	for _, c := range []struct {
		n    Net
		want bool
	}{
		{Net{Phi: activation.Tanh(), SigmaW2: 1.5, SigmaB2: 0.05, Settings: &Settings{Q0: 3}}, true},
		{Net{Phi: activation.Tanh(), SigmaW2: 1.5, SigmaB2: 0.1}, false},
		{Net{Phi: activation.ReLU(), SigmaW2: 2, SigmaB2: 0.05}, false},
	} {
		if got := LectureFamily(c.n); got != c.want {
			t.Errorf("LectureFamily(%s, σ_b² %g) = %v", c.n.Phi.Name, c.n.SigmaB2, got)
		}
	}
}

// A Lecture constructor's networks are the same as themselves; each field
// of one network perturbed, or the order or count changed, is not.
func TestSameNets(t *testing.T) {
	for name, nets := range map[string]func() []Net{"qmap": LectureQMap, "cmap": LectureCMap} {
		if !SameNets(nets(), nets()) {
			t.Errorf("%s: not SameNets as itself", name)
		}
		for field, change := range map[string]func(*Net){
			"φ": func(n *Net) { n.Phi = activation.ReLU() }, "σ_w²": func(n *Net) { n.SigmaW2 += 0.5 }, "σ_b²": func(n *Net) { n.SigmaB2 = 0.1 },
		} {
			for i := range nets() {
				a := nets()
				change(&a[i])
				if SameNets(a, nets()) {
					t.Errorf("%s: network %d with another %s is SameNets", name, i, field)
				}
			}
		}
		a := nets()
		a[0], a[1] = a[1], a[0]
		if SameNets(a, nets()) || SameNets(nets()[:2], nets()) {
			t.Errorf("%s: reordered or shortened networks are SameNets", name)
		}
	}
	if SameNets(LectureQMap(), LectureCMap()) {
		t.Error("the q-map and c-map networks are SameNets")
	}
}
