package tokenview

import (
	"os"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

var planeData = os.DirFS("../../../notebooks/data/token-geometry")

func readPlane(t *testing.T, dir string) tokencheck.SimPlane {
	t.Helper()
	p, err := tokencheck.ReadSimPlane(planeData, dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The plane builders state the sizes the sweeps record (captions and
// Params), keep the notebook's ID and Paper, and at sizes other than
// the paper's (a sweep of one's own, here the committed one relabelled)
// claim nothing and say so.
func TestPlanesFromRecordedSizes(t *testing.T) {
	axes := tokencheck.PlaneAxes{Plane: tokengeom.AlphaSigma, ID: "alpha-sigma", XLabel: "α", YLabel: "σ_w"}
	th, nu := show.Figure{ID: "t", Paper: papers.Claim(papers.Cowsik2024Fig4)}, show.Figure{ID: "n", Paper: papers.Claim(papers.Cowsik2024Fig4)}
	la := readPlane(t, "la-alpha-sigma")
	causal, acausal := readPlane(t, "lg-causal-alpha-sigma"), readPlane(t, "lg-alpha-sigma")
	for _, tc := range []struct {
		name string
		v    show.View
		sim  tokencheck.SimPlane
	}{
		{"lambda-a", lambdaAPlaneView(th, nu, axes, la), la},
		{"causal", causalView(show.Figure{ID: "n", Paper: papers.Claim(papers.Cowsik2024Fig6)}, "λ_g", causal, acausal), causal},
	} {
		valid(t, tc.v)
		f := tc.v.Figures()[len(tc.v.Figures())-1]
		if f.ID != "n" || len(f.Paper) == 0 || strings.Contains(f.Caption, show.YourSettings) {
			t.Errorf("%s at the paper's sizes: id %q, paper figure %q, caption %q", tc.name, f.ID, f.Paper, f.Caption)
		}
		want := map[string]float64{"n": float64(tc.sim.N), "d": float64(tc.sim.D)}
		if tc.sim.L != 0 {
			want["L"] = float64(tc.sim.L)
		}
		if len(f.Params) != len(want) {
			t.Errorf("%s: Params %v, want %v", tc.name, f.Params, want)
		}
		for k, v := range want {
			if f.Params[k] != v {
				t.Errorf("%s: Params[%s] = %v, want %v (recorded)", tc.name, k, f.Params[k], v)
			}
		}
	}
	if f := lambdaAPlaneView(th, nu, axes, la).Figures()[1]; !strings.Contains(f.Caption, "mean of 16 networks, n = 256, d = 64)") {
		t.Errorf("λ_a caption %q does not state the recorded 16 networks, n = 256, d = 64", f.Caption)
	}
	// The same data labelled as a run at d = 32: no claim, "(at your settings)", d = 32 stated.
	la.D, causal.D, acausal.D = 32, 32, 32
	for _, v := range []show.View{lambdaAPlaneView(th, nu, axes, la), causalView(show.Figure{ID: "n", Paper: papers.Claim(papers.Cowsik2024Fig6)}, "λ_g", causal, acausal)} {
		f := v.Figures()[len(v.Figures())-1]
		if len(f.Paper) > 0 || !strings.HasSuffix(f.Caption, show.YourSettings) || f.Params["d"] != 32 || !strings.Contains(f.Caption, "d = 32") {
			t.Errorf("at d = 32: paper figure %q, caption %q, Params %v", f.Paper, f.Caption, f.Params)
		}
	}
}

// The claim checks of the stored Fig. 4 and Fig. 6 planes fail the
// perturbations a referee would try (issue 37): the λ_a plane against the
// paper's own eigenvalue λ_a instead of the one-step theory of eq. (24)
// (max |z| 3.6 → 30 on the (α, σ_w) plane), and the causal planes with
// the causal means lowered by their mean shift over the acausal ones (no
// effect of causality: 19.6 and 4.0 SE → 0).
func TestPlaneChecksMutation(t *testing.T) {
	la := readPlane(t, "la-alpha-sigma")
	axes := tokencheck.PlaneAxes{Plane: tokengeom.AlphaSigma, ID: "alpha-sigma", XLabel: "α", YLabel: "σ_w"}
	th, nu := show.Figure{ID: "t"}, show.Figure{ID: "n"}
	a := lambdaAPlaneView(th, nu, axes, la).Agreements()[0]
	if a.Paper != papers.Cowsik2024Fig4Agreement.Text || !a.Central || !(a.Value <= a.Tol) {
		t.Fatalf("λ_a plane: %+v", a)
	}
	one, eig := tokengeom.AlphaSigma.LambdaAOneStep(la.X, la.Y).Z, tokengeom.AlphaSigma.Phase(la.X, la.Y, 16).LambdaA.Z
	mut := la
	mut.Mean = make([]float64, len(la.Mean))
	for k := range la.Mean {
		mut.Mean[k] = la.Mean[k] - (eig[k] - one[k]) // sim − eigenvalue = (this) − one-step
	}
	if b := lambdaAPlaneView(th, nu, axes, mut).Agreements()[0]; !(b.Value > b.Tol) {
		t.Errorf("λ_a plane against the eigenvalue λ_a: max |z| %.2f (was %.2f), want > %g", b.Value, a.Value, b.Tol)
	}
	for _, n := range []string{"lg", "la"} {
		causal, acausal := readPlane(t, n+"-causal-alpha-sigma"), readPlane(t, n+"-alpha-sigma")
		f := show.Figure{ID: "n"}
		c := causalView(f, n, causal, acausal).Agreements()[0]
		if c.Paper != papers.Cowsik2024CausalRaises.Text || !c.Central || !(c.Value >= c.Tol) {
			t.Fatalf("%s causal: %+v", n, c)
		}
		shift := 0.0
		for k := range causal.Mean {
			shift += causal.Mean[k] - acausal.Mean[k]
		}
		shift /= float64(len(causal.Mean))
		null := causal
		null.Mean = make([]float64, len(causal.Mean))
		for k := range causal.Mean {
			null.Mean[k] = causal.Mean[k] - shift
		}
		if d := causalView(f, n, null, acausal).Agreements()[0]; !(d.Value < d.Tol) {
			t.Errorf("%s causal without its mean shift: %.2f SE (was %.2f), want < %g", n, d.Value, c.Value, d.Tol)
		}
	}
}
