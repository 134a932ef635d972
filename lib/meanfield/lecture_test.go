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
