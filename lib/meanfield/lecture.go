package meanfield

import "github.com/sigprop/sigprop/lib/activation"

// Lecture returns the network of the Tanner lecture's tanh figures at
// σ_w²: φ = tanh, σ_b² = 0.05 (the lecture's Figs. 1–2 and the
// depth-scale examples, lib/sources/tanner2024.md).
func Lecture(sigmaW2 float64) Net {
	return Net{Phi: activation.Tanh(), SigmaW2: sigmaW2, SigmaB2: 0.05}
}

// LectureFamily reports whether n has the activation and bias variance
// of Lecture (any σ_w² and settings): a display compares a network with
// this, not with re-typed values.
func LectureFamily(n Net) bool {
	l := Lecture(n.SigmaW2)
	return n.Phi.Name == l.Phi.Name && n.SigmaB2 == l.SigmaB2
}
