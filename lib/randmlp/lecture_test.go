package randmlp

import (
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// checksOf are the LayerChecks a run of MLPs ms with nets networks
// records (no simulation: only what the comparisons read).
func checksOf(nets int, ms ...MLP) []LayerCheck {
	out := make([]LayerCheck, len(ms))
	for i, m := range ms {
		out[i] = LayerCheck{MLP: m, Nets: nets, Seed: 9}
	}
	return out
}

// The lecture constructors' runs are at them whatever the seeds; each
// defining field perturbed is not.
func TestLectureRan(t *testing.T) {
	perturb := map[string]func(*MLP){
		"width": func(m *MLP) { m.Width = 500 }, "depth": func(m *MLP) { m.Depth++ }, "φ": func(m *MLP) { m.Phi = activation.ReLU() },
		"σ_w²": func(m *MLP) { m.SigmaW2 += 0.25 }, "σ_b²": func(m *MLP) { m.SigmaB2 = 0.1 },
	}
	q := LectureQIteration()
	if !q.Ran(checksOf(q.Nets, q.MLP, q.MLP)) {
		t.Error("a LectureQIteration run is not at it")
	}
	if q.Ran(checksOf(q.Nets+1, q.MLP, q.MLP)) || q.Ran(nil) {
		t.Error("a LectureQIteration run with another number of networks, or none, is at it")
	}
	for name, change := range perturb {
		m := q.MLP
		change(&m)
		if q.Ran(checksOf(q.Nets, q.MLP, m)) {
			t.Errorf("a LectureQIteration run with another %s is at it", name)
		}
	}
	for _, c := range []CCheckSettings{LectureCIteration(), LectureXiC()} {
		ms := make([]MLP, len(c.C1))
		for k := range ms {
			ms[k] = c.caseMLP(k)
		}
		if !c.Ran(checksOf(c.Nets, ms...)) {
			t.Errorf("a run of %+v is not at it", c)
		}
		if c.Ran(checksOf(c.Nets+1, ms...)) || c.Ran(checksOf(c.Nets, ms[:len(ms)-1]...)) {
			t.Errorf("a run of %+v with another number of networks or cases is at it", c)
		}
		for name, change := range perturb {
			p := append([]MLP(nil), ms...)
			change(&p[len(p)-1])
			if c.Ran(checksOf(c.Nets, p...)) {
				t.Errorf("a run of %+v with another %s is at it", c, name)
			}
		}
	}
	s := LectureChi1()
	pts := func() Chi1Points {
		return Chi1Points{Phi: s.Phi.Name, SigmaW2: make([]float64, 3*len(s.SigmaB2)), Offset: s.Offset, Width: s.Width, Depth: s.Depth, Nets: s.Nets, Seed: 30}
	}
	if !pts().At(s) {
		t.Error("a LectureChi1 run is not at it")
	}
	for name, change := range map[string]func(*Chi1Points){
		"points": func(p *Chi1Points) { p.SigmaW2 = p.SigmaW2[3:] }, "offset": func(p *Chi1Points) { p.Offset = 0.1 },
		"width": func(p *Chi1Points) { p.Width = 500 }, "depth": func(p *Chi1Points) { p.Depth = 5 }, "nets": func(p *Chi1Points) { p.Nets = 4 },
		"activation": func(p *Chi1Points) { p.Phi = "erf" },
	} {
		p := pts()
		change(&p)
		if p.At(s) {
			t.Errorf("a LectureChi1 run with another %s is at it", name)
		}
	}
	sl := LectureSlopeLaws(activation.ReLU())
	laws := func() []SlopeLaw {
		out := make([]SlopeLaw, len(sl.Q))
		for j, q := range sl.Q {
			out[j] = SlopeLaw{Q: q, Width: sl.Width, Depth: sl.Depth, Nets: sl.Nets, Seed: 50}
		}
		return out
	}
	if !sl.Ran(laws()) {
		t.Error("a LectureSlopeLaws run is not at it")
	}
	for name, change := range map[string]func([]SlopeLaw) []SlopeLaw{
		"q*": func(l []SlopeLaw) []SlopeLaw { l[1].Q = 3; return l }, "count": func(l []SlopeLaw) []SlopeLaw { return l[1:] },
		"width": func(l []SlopeLaw) []SlopeLaw { l[0].Width = 500; return l }, "depth": func(l []SlopeLaw) []SlopeLaw { l[0].Depth = 5; return l },
		"nets": func(l []SlopeLaw) []SlopeLaw { l[2].Nets = 3; return l },
	} {
		if sl.Ran(change(laws())) {
			t.Errorf("a LectureSlopeLaws run with another %s is at it", name)
		}
	}
}

// The lecture constructors are valid settings.
func TestLectureValid(t *testing.T) {
	for name, err := range map[string]error{"QIteration": LectureQIteration().Validate(), "CIteration": LectureCIteration().Validate(),
		"XiC": LectureXiC().Validate(), "Chi1": LectureChi1().Validate(), "SlopeLaws": LectureSlopeLaws(activation.ReLU()).Validate()} {
		if err != nil {
			t.Errorf("Lecture%s: %v", name, err)
		}
	}
}

// LectureSTransform is at its own sizes whatever its seed and figure id;
// each field that defines the network or the sample, changed, is not.
func TestLectureSTransformSizes(t *testing.T) {
	p := LectureSTransform()
	q := p
	q.Seed, q.Figure = 99, "mine"
	if !q.SameSizes(p) {
		t.Error("another seed and figure id changed the sizes")
	}
	for name, change := range map[string]func(*SpectrumSpec){
		"phi": func(s *SpectrumSpec) { s.Phi = "tanh" }, "param": func(s *SpectrumSpec) { s.PhiParam = 1 },
		"weights": func(s *SpectrumSpec) { s.Weights = "orthogonal" }, "depth": func(s *SpectrumSpec) { s.Depth = 3 },
		"q*": func(s *SpectrumSpec) { s.QStar = 2 }, "width": func(s *SpectrumSpec) { s.Width = 60 }, "draws": func(s *SpectrumSpec) { s.Draws = 3 },
	} {
		s := p
		change(&s)
		if s.SameSizes(p) {
			t.Errorf("another %s has the same sizes", name)
		}
	}
}
