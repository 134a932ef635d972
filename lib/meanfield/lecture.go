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

// LectureQMap returns the networks of the lecture's q-map figure: Lecture
// at σ_w² = 1, 2, 3.
func LectureQMap() []Net { return lectureAt(1, 2, 3) }

// LectureCMap returns the networks of the lecture's correlation-map
// figure: Lecture at σ_w² = 1.5 (ordered), 2 and 3 (chaotic).
func LectureCMap() []Net { return lectureAt(1.5, 2, 3) }

// LectureQStars returns the q* of the lecture's Fig. 3 (the laws of
// φ′(h), h ~ N(0, q*)): 2, 1, 0.5, 0.2.
func LectureQStars() []float64 { return []float64{2, 1, 0.5, 0.2} }

func lectureAt(sigmaW2 ...float64) []Net {
	nets := make([]Net, len(sigmaW2))
	for i, w := range sigmaW2 {
		nets[i] = Lecture(w)
	}
	return nets
}

// SameNets reports whether a and b are the same networks in the same
// order: φ compared by name (activation.Func holds functions), σ_w² and
// σ_b². A display compares its networks with a Lecture constructor's
// with this, not with re-typed values.
func SameNets(a, b []Net) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Phi.Name != b[i].Phi.Name || a[i].SigmaW2 != b[i].SigmaW2 || a[i].SigmaB2 != b[i].SigmaB2 {
			return false
		}
	}
	return true
}
