package nbparams

import (
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/reports/ipynb"
)

func notebook(src string) *ipynb.Notebook {
	return &ipynb.Notebook{NBFormat: 4, Cells: []ipynb.Cell{
		{CellType: "markdown", Source: "# t"},
		{CellType: "code", Metadata: map[string]any{"tags": []any{"parameters"}}, Source: ipynb.MultiString(src)},
		{CellType: "code", Source: "%%\nuse()"},
	}}
}

// TestInject: the injected cell follows the parameters cell, declares a
// lone const, a typed var and a whole const group (other members as
// written), keeps a float constant floating-point, and leaves the
// notebook it was given alone.
func TestInject(t *testing.T) {
	nb := notebook("%env X=1\nconst Depth = 3\nconst (\n\tA = 1.5 // a\n\tB = \"b\"\n)\nvar Seed uint64 = 7\nvar pair, other = 1, 2\nvar T = time.Second\n")
	got, err := Inject(nb, map[string]string{"Depth": " 5", "A": "2", "Seed": "9"})
	if err != nil {
		t.Fatal(err)
	}
	if len(nb.Cells) != 3 || len(got.Cells) != 4 {
		t.Fatalf("cells: given %d (want 3), injected %d (want 4)", len(nb.Cells), len(got.Cells))
	}
	c := got.Cells[2]
	if !c.HasTag(InjectedTag) || string(got.Cells[3].Source) != "%%\nuse()" {
		t.Fatalf("injected cell misplaced: %+v", got.Cells)
	}
	src := string(c.Source)
	for _, want := range []string{"\nconst Depth = 5\n", "\nconst (\n\tA = 2.0\n\tB = \"b\"\n)\n", "\nvar Seed uint64 = 9\n", "//   A = 2.0\n"} {
		if !strings.Contains(src, want) {
			t.Errorf("injected cell lacks %q:\n%s", want, src)
		}
	}
	for _, tc := range []struct {
		values map[string]string
		want   string
	}{
		{map[string]string{"Width": "1"}, "parameter Width is not declared in the parameters cell (cell 2); it declares A, B, Depth, Seed"},
		{map[string]string{"Depth": "3.5"}, "parameter Depth: \"3.5\" is not an integer of 64 bits (declared const Depth = 3"},
		{map[string]string{"Seed": "-2"}, "parameter Seed: \"-2\" is not a non-negative integer"},
		{map[string]string{"A": "Inf"}, "parameter A: \"Inf\" is not a finite number"},
		{map[string]string{"pair": "3"}, "parameter pair cannot be set: it is declared together with other names"},
		{map[string]string{"T": "3"}, "parameter T cannot be set: its type (not stated, and its value is not a literal)"},
	} {
		if _, err := Inject(nb, tc.values); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.values, err, tc.want)
		}
	}
	two := notebook("const A = 1")
	two.Cells[2].Metadata = map[string]any{"tags": []any{"parameters"}}
	if _, err := Inject(two, map[string]string{"A": "2"}); err == nil || !strings.Contains(err.Error(), "both tagged") {
		t.Errorf("two parameters cells: %v", err)
	}
	if h1, h2 := Hash(map[string]string{"A": "1", "B": "2"}), Hash(map[string]string{"A": "12", "B": ""}); h1 == h2 || len(h1) != 12 {
		t.Errorf("Hash: %s, %s", h1, h2)
	}
}

// TestOneOf: a string parameter under "//sigprop:oneof activation" takes
// the names activation.ByName accepts and no other (the error names the
// parameter and lists them), in a group or alone; a misplaced or unknown
// directive, and a default outside its set, make the cell an error.
func TestOneOf(t *testing.T) {
	nb := notebook("// the activation\n//sigprop:oneof activation\nconst Phi = \"tanh\" // φ\n\nconst (\n\tDepth = 3\n\t//sigprop:oneof activation\n\tPsi = \"relu\"\n\tFree = \"x\"\n)\n")
	got, err := Inject(nb, map[string]string{"Phi": "gelu", "Psi": "erf", "Free": "nosuch"})
	if err != nil {
		t.Fatal(err)
	}
	if src := string(got.Cells[2].Source); !strings.Contains(src, "const Phi = \"gelu\"\n") || !strings.Contains(src, "\tPsi = \"erf\"\n\tFree = \"nosuch\"\n") {
		t.Errorf("injected cell:\n%s", src)
	}
	c, err := Find(nb)
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Params["Phi"]; p.OneOf != "activation" || !slices.Equal(p.Allowed, activation.Names()) || c.Params["Free"].Allowed != nil {
		t.Errorf("Phi: set %q, allowed %v; Free allowed %v", p.OneOf, p.Allowed, c.Params["Free"].Allowed)
	}
	for _, name := range []string{"Phi", "Psi"} {
		_, err := Inject(nb, map[string]string{name: "nosuch"})
		want := "parameter " + name + ": \"nosuch\" is not one of the activation names (" + strings.Join(activation.Names(), ", ") + ")"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s=nosuch: error %v, want %q", name, err, want)
		}
	}
	for _, tc := range []struct{ src, want string }{
		{"//sigprop:oneof colours\nconst Phi = \"tanh\"\n", "parameter Phi: //sigprop:oneof colours names no known set (known: activation)"},
		{"//sigprop:oneof activation\nconst Depth = 3\n", "parameter Depth: //sigprop:oneof activation on a parameter of kind int, want a string"},
		{"//sigprop:oneof activation\nconst Phi = \"tan\"\n", "parameter Phi: its value \"tan\" is not one of the activation names"},
	} {
		if _, err := Find(notebook(tc.src)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
	}
}

// TestCheck: a floating-point parameter under "//sigprop:check
// sde.Model.Gamma" takes the values sde.Model.Validate takes for γ and is
// refused otherwise, the error naming the parameter and the library's
// range; τ₀ likewise (0 is refused: the SDE needs τ₀ > 0); an unknown
// check or one on a string makes the cell an error.
func TestCheck(t *testing.T) {
	nb := notebook("//sigprop:check sde.Model.Gamma\nvar Gamma float64 = 0.5\n\n//sigprop:check sde.Model.Tau0\nconst Tau0 = 1.0\n" +
		"//sigprop:check compose.Block.sigma_w\nconst SigmaW = 1.0\n//sigprop:check compose.Block.sigma_a2\nconst SigmaA2 = 1.0\n")
	if _, err := Inject(nb, map[string]string{"Gamma": "1", "Tau0": "0.25", "SigmaW": "2", "SigmaA2": "0"}); err != nil {
		t.Errorf("γ = 1, τ₀ = 0.25: %v", err)
	}
	for _, tc := range []struct{ name, value, want string }{
		{"Gamma", "-1", "parameter Gamma: -1 is out of range (sde.Model.Gamma: sde: parameter out of range: Model.Gamma = -1, want in [0, 1])"},
		{"Gamma", "1.5", "parameter Gamma: 1.5 is out of range"},
		{"Tau0", "0", "parameter Tau0: 0 is out of range (sde.Model.Tau0: sde: parameter out of range: Model.Tau0 = 0, want in (0, +inf))"},
		{"Tau0", "-2", "parameter Tau0: -2 is out of range"},
		{"SigmaW", "0", "parameter SigmaW: 0 is out of range (compose.Block.sigma_w: compose: parameter out of range: sigma_w"},
		{"SigmaA2", "-0.5", "parameter SigmaA2: -0.5 is out of range (compose.Block.sigma_a2: compose: parameter out of range: sigma_a2"},
	} {
		if _, err := Inject(nb, map[string]string{tc.name: tc.value}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s=%s: error %v, want %q", tc.name, tc.value, err, tc.want)
		}
	}
	for _, tc := range []struct{ src, want string }{
		{"//sigprop:check sde.Model.Beta\nconst B = 1.0\n", "parameter B: //sigprop:check sde.Model.Beta names no known check (known: attnspec.DongSettings.Eps, attnspec.DongSettings.S, compose.Block.branch_attn, "},
		{"//sigprop:check sde.Model.Gamma\nconst Name = \"x\"\n", "parameter Name: //sigprop:check sde.Model.Gamma on a parameter of kind string, want a number or a list of numbers"},
	} {
		if _, err := Find(notebook(tc.src)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
	}
}

// TestList: a parameter declared as a slice ([]float64, []int, []string)
// takes comma-separated elements, each checked as a value of its kind and
// by the parameter's directives, element-wise; a refusal names the
// parameter and the element (position and value); an empty list is
// refused; a list's default outside its oneof set makes the cell an
// error.
func TestList(t *testing.T) {
	nb := notebook("//sigprop:check sde.Model.Gamma\nvar Gammas = []float64{0.1, 0.5}\nvar Ns []int = []int{2, 4}\n//sigprop:oneof activation\nvar Phis = []string{\"tanh\", \"relu\"}\n")
	got, err := Inject(nb, map[string]string{"Gammas": "0.2, 1,0", "Ns": "3,5", "Phis": "gelu,erf"})
	if err != nil {
		t.Fatal(err)
	}
	src := string(got.Cells[2].Source)
	for _, want := range []string{"\nvar Gammas = []float64{0.2, 1.0, 0.0}\n", "\nvar Ns []int = []int{3, 5}\n", "\nvar Phis = []string{\"gelu\", \"erf\"}\n"} {
		if !strings.Contains(src, want) {
			t.Errorf("injected cell lacks %q:\n%s", want, src)
		}
	}
	for _, tc := range []struct{ name, value, want string }{
		{"Gammas", "0.2,1.5", "parameter Gammas: element 2 of 2 = 1.5 is out of range (sde.Model.Gamma: sde: parameter out of range: Model.Gamma = 1.5, want in [0, 1])"},
		{"Gammas", "0.2,x,0.3", "parameter Gammas: element 2 of 3 = \"x\" is not a finite number"},
		{"Gammas", "0.2,,0.3", "parameter Gammas: element 2 of 3 = \"\" is not a finite number"},
		{"Gammas", " ", "parameter Gammas: an empty list"},
		{"Ns", "3,4.5", "parameter Ns: element 2 of 2 = \"4.5\" is not an integer of 64 bits (declared var Ns []int = []int{2, 4}"},
		{"Phis", "gelu,nosuch", "parameter Phis: element 2 of 2 = \"nosuch\" is not one of the activation names"},
	} {
		if _, err := Inject(nb, map[string]string{tc.name: tc.value}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s=%s: error %v, want %q", tc.name, tc.value, err, tc.want)
		}
	}
	if _, err := Find(notebook("//sigprop:oneof activation\nvar Phis = []string{\"tanh\", \"tan\"}\n")); err == nil || !strings.Contains(err.Error(), "parameter Phis: its value []string{\"tanh\", \"tan\"} is not one of the activation names") {
		t.Errorf("a list default outside its set: %v", err)
	}
	if _, err := Inject(notebook("var M = map[string]int{}\n"), map[string]string{"M": "1"}); err == nil || !strings.Contains(err.Error(), "parameter M cannot be set") {
		t.Errorf("a map: %v", err)
	}
}

// TestTrainChecks: notebook 06's physics parameters are checked by
// trainsweep's own Validate: the sweep's learning rate in (0, +inf), the
// probe's inverse temperature finite and >= 0, the init-grads blocks' γ
// in (0, 1]; values inside pass.
func TestTrainChecks(t *testing.T) {
	nb := notebook("//sigprop:check trainsweep.Settings.LR\nconst LiveLR = 1e-3\n//sigprop:check trainsweep.ProbeSettings.InvTemp\nconst ProbeInvTemp = 1.0\n" +
		"//sigprop:check trainsweep.InitGradSettings.Gamma\nconst GradGamma = 0.2\n")
	if _, err := Inject(nb, map[string]string{"LiveLR": "3e-4", "ProbeInvTemp": "0", "GradGamma": "1"}); err != nil {
		t.Errorf("lr 3e-4, τ = 0, γ = 1: %v", err)
	}
	for _, tc := range []struct{ name, value, want string }{
		{"LiveLR", "0", "parameter LiveLR: 0 is out of range (trainsweep.Settings.LR: trainsweep: parameter out of range: Settings.LR = 0"},
		{"ProbeInvTemp", "-1", "parameter ProbeInvTemp: -1 is out of range (trainsweep.ProbeSettings.InvTemp: trainsweep: parameter out of range: ProbeSettings.InvTemp = -1"},
		{"GradGamma", "0", "parameter GradGamma: 0 is out of range (trainsweep.InitGradSettings.Gamma: trainsweep: parameter out of range: InitGradSettings.Gamma = 0"},
		{"GradGamma", "1.2", "parameter GradGamma: 1.2 is out of range"},
	} {
		if _, err := Inject(nb, map[string]string{tc.name: tc.value}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s=%s: error %v, want %q", tc.name, tc.value, err, tc.want)
		}
	}
}

// TestJoint: a joint check reads the run's values over the defaults
// (numbers, names of other parameters, math.Sqrt; a library default where
// the cell computes one): notebook 02's one-block cases refuse an input p
// outside [−q/(n−1), q] at the run's q and n, naming the parameter at
// fault and the values it was checked with, and lists of unequal length;
// its edge-gap grid refuses lo > hi; table tau-c3's points refuse a ρ
// where eq. (47) is undefined at the run's n, with IWSLT's defaults for
// the lists not given. A directive naming no joint check, binding no
// parameter or a default the check cannot read makes the cell an error.
func TestJoint(t *testing.T) {
	nb := notebook("const Tokens = 256\nvar Alpha float64 = 1 / math.Sqrt(8)\n" +
		"//sigprop:check tokencheck.OneBlocks(n=Tokens, alphas=OneBlockAlphas, sigmaWs=OneBlockSigmaWs, q0s=OneBlockQ0s, p0s=OneBlockP0s)\n" +
		"var OneBlockAlphas = []float64{Alpha, Alpha, 0.6}\nvar OneBlockSigmaWs = []float64{1, 2, 1.5}\nvar OneBlockQ0s = []float64{1, 1, 1.25}\nvar OneBlockP0s = []float64{0, 0.5, 1.09375}\n" +
		"//sigprop:check tokencheck.EdgeGapAlphas(lo=Lo, hi=Hi, points=Points)\nvar Lo float64 = 0.05\nvar Hi float64 = 0.95\nconst Points = 19\n" +
		"//sigprop:check rankexp.TauPoints(n=TauNs, d=TauDs, rho=TauRhos, sx2=TauSx2s)\nvar TauNs []int = rankexp.IWSLT().N\nvar TauDs []int = rankexp.IWSLT().D\nvar TauRhos []float64 = rankexp.IWSLT().Rho\nvar TauSx2s []float64 = rankexp.IWSLT().Sx2\n" +
		"//sigprop:check randmlp.Fig4Depths(depths=Depths)\nvar Depths []int = randmlp.Fig4Depths\n")
	for _, ok := range []map[string]string{
		{"Tokens": "32"},
		{"OneBlockP0s": "0,-0.25,1"}, // −q/(n−1) at q = 1, n = 5: in range at n = 5 only
		{"Lo": "0.2", "Hi": "0.2", "Points": "1"},
		{"TauRhos": "0,0.05,0.1,0,0,0,0.9"},
		{"TauNs": "5", "TauDs": "8", "TauRhos": "-0.25", "TauSx2s": "1"},
		{"Depths": "2,8"},
		{"Depths": "4"},
	} {
		if ok["OneBlockP0s"] != "" {
			ok["Tokens"] = "5"
		}
		if _, err := Inject(nb, ok); err != nil {
			t.Errorf("%v: %v", ok, err)
		}
	}
	for _, tc := range []struct {
		values map[string]string
		want   string
	}{
		{map[string]string{"OneBlockP0s": "0,-0.25,1"}, "parameter OneBlockP0s: [0, -0.25, 1] is out of range with Tokens = 256, OneBlockAlphas = [0.35355339059327373, 0.35355339059327373, 0.6], OneBlockSigmaWs = [1, 2, 1.5], OneBlockQ0s = [1, 1, 1.25] (tokencheck.OneBlocks: one-block case 2: tokengeom: parameter out of range: p = -0.25, want in [-q/(n-1), q] = [-0.00392156862745098, 1])"},
		{map[string]string{"OneBlockQ0s": "1,0.4,1.25"}, "parameter OneBlockP0s: [0, 0.5, 1.09375] is out of range with Tokens = 256"}, // p = 0.5 > q = 0.4
		{map[string]string{"Alpha": "0.2", "OneBlockQ0s": "1,1"}, "parameter OneBlockQ0s: [1, 1] is out of range with Tokens = 256, OneBlockAlphas = [0.2, 0.2, 0.6]"},
		{map[string]string{"Tokens": "1"}, "parameter Tokens: 1 is out of range with"},
		{map[string]string{"Lo": "0.5", "Hi": "0.4"}, "parameter Hi: 0.4 is out of range with Lo = 0.5, Points = 19 (tokencheck.EdgeGapAlphas: tokencheck: parameter out of range: EdgeGapAlphas hi = 0.4, want in [lo, 1] = [0.5, 1])"},
		{map[string]string{"Points": "0"}, "parameter Points: 0 is out of range"},
		{map[string]string{"TauRhos": "0,0.05,0.1,0,0,0,1"}, "parameter TauRhos: [0, 0.05, 0.1, 0, 0, 0, 1] is out of range with TauNs = [25, 25, 25, 25, 50, 25, 25], TauDs = [512, 512, 512, 512, 32, 512, 512], TauSx2s = [1, 1, 1, 0.5, 1, 0.115, 1] (rankexp.TauPoints: TauPoints point 7: rankcollapse: parameter out of range: rho = 1, want < 1"},
		{map[string]string{"TauNs": "5", "TauDs": "8", "TauRhos": "-0.3", "TauSx2s": "1"}, "parameter TauRhos: [-0.3] is out of range with TauNs = [5]"},
		{map[string]string{"TauNs": "5,10"}, "parameter TauDs: [512, 512, 512, 512, 32, 512, 512] is out of range with TauNs = [5, 10]"},
		// A check of one list's elements together: no other parameter to name.
		{map[string]string{"Depths": "2,6"}, "parameter Depths: [2, 6] is out of range (randmlp.Fig4Depths: randmlp: parameter out of range: Fig4Panel.Depths = [2 6] ends at 6, want the last depth a multiple of 4"},
		{map[string]string{"Depths": "8,8"}, "parameter Depths: [8, 8] is out of range (randmlp.Fig4Depths: randmlp: parameter out of range: Fig4Panel.Depths = [8 8], want depths >= 1 in increasing order)"},
	} {
		if _, err := Inject(nb, tc.values); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.values, err, tc.want)
		}
	}
	// Defaults evaluated as Go evaluates them: 7 / 2 of integers is 3, so
	// lo = 0.6 > hi = 0.5 is refused (hi = 3 / 6 = 0.5 a float quotient,
	// points = N / 2 = 3 an integer one, 0 had N been truncated to 0).
	arith := notebook("const N = 7\n//sigprop:check tokencheck.EdgeGapAlphas(lo=Lo, hi=Hi, points=P)\nvar Lo float64 = 0.2\nvar Hi float64 = 3.0 / (2 * 3)\nconst P int = N / 2\n")
	if _, err := Inject(arith, map[string]string{"Lo": "0.6"}); err == nil || !strings.Contains(err.Error(), "parameter Hi: 0.5 is out of range with Lo = 0.6, P = 3 ") {
		t.Errorf("arithmetic defaults: %v", err)
	}
	if _, err := Inject(arith, map[string]string{"N": "1"}); err == nil || !strings.Contains(err.Error(), "parameter P: 0 is out of range") {
		t.Errorf("N = 1 (P = 1 / 2 = 0): %v", err)
	}
	// M / 4 of the untyped integer constant M = 2 is 0, as Go has it (not 0.5 > hi).
	if _, err := Inject(notebook("const M = 2\n//sigprop:check tokencheck.EdgeGapAlphas(lo=Lo, hi=Hi, points=P)\nvar Lo float64 = M / 4\nvar Hi float64 = 0.9\nconst P = 3\n"), map[string]string{"Hi": "0.2"}); err != nil {
		t.Errorf("lo = M / 4 = 0, hi = 0.2: %v", err)
	}
	for _, tc := range []struct{ src, want string }{
		{"//sigprop:check tokencheck.Nothing(a=X)\nconst X = 1\n", "not a known joint check"},
		{"//sigprop:check tokencheck.EdgeGapAlphas(lo=X, hi=X)\nconst X = 0.5\n", "role points is not bound to a parameter"},
		{"//sigprop:check tokencheck.EdgeGapAlphas(lo=X, hi=Y, points=Z)\nconst X = 0.5\nconst Z = 3\n", "role hi: Y is not a numeric parameter of the cell"},
		{"//sigprop:check tokencheck.EdgeGapAlphas(lo=X, hi=Y, points=Z)\nconst X = 0.5\nvar Y = lib.Hi()\nconst Z = 3\n", "role hi: Y is not a numeric parameter of the cell"},
		{"//sigprop:check tokencheck.EdgeGapAlphas(lo=X, hi=Y, points=Z)\nconst X = 0.5\nvar Y float64 = lib.Hi()\nconst Z = 3\n", "role hi: the default of Y (lib.Hi()) is not written as numbers"},
	} {
		if _, err := Find(notebook(tc.src)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
	}
}
