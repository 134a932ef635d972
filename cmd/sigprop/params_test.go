package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/nbparams"
	"github.com/sigprop/sigprop/reports/publish"
)

// printed returns the page of testdata/params/params.ipynb in site.
func printed(t *testing.T, site string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(site, "params.html"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestReportParams runs testdata/params/params.ipynb end to end: by
// default, then with -p and --params (the injected cell re-declares a
// lone constant, a member of a const group and a typed variable, and an
// integer given for a floating-point constant stays floating-point); a
// name the parameters cell does not declare and a value its type does
// not take each exit 2 naming the parameter before any cell runs; --out
// may not be the default site. The default run's --profile states its
// manifest's timing (checkProfile).
func TestReportParams(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	if testing.Short() {
		t.Skip("runs a notebook in gonb")
	}
	nb, err := filepath.Abs(filepath.Join("testdata", "params", "params.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	def := filepath.Join(dir, "default")
	code, stdout, errOut := runCLI("report", "--no-cache", "--profile", "--out", def, nb)
	if code != 0 {
		t.Fatalf("default run: exit %d: %s", code, errOut)
	}
	checkProfile(t, stdout, def, "params")
	if page := printed(t, def); !strings.Contains(page, "depth=3 half-scale=0.75 label=base seed=7") || !strings.Contains(page, "rhos=[0.1 0.5]") {
		t.Errorf("default run's page lacks its output:\n%s", page)
	}
	before, _ := os.ReadFile(filepath.Join(def, "manifest.json"))

	file := filepath.Join(dir, "params.txt")
	os.WriteFile(filepath.Join(file), []byte("# a comment\nLabel=other words\n\nSeed=11\n"), 0o644)
	ps := filepath.Join(dir, "with-params")
	code, _, errOut = runCLI("report", "--no-cache", "--out", ps, "-p", "Depth=5", "-p", "Scale=3", "-p", "Rhos=0.2, 0.3,0.9", "--params", file, nb)
	if code != 0 {
		t.Fatalf("run with parameters: exit %d: %s", code, errOut)
	}
	page := printed(t, ps)
	if !strings.Contains(page, "depth=5 half-scale=1.5 label=other words seed=11") || !strings.Contains(page, "rhos=[0.2 0.3 0.9]") {
		t.Errorf("the parameters did not reach the output:\n%s", page)
	}
	for _, want := range []string{"Depth = 5", "Scale = 3.0", "Seed = 11", "Rhos = []float64{0.2, 0.3, 0.9}"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not say the run's parameter %q", want)
		}
	}
	// One member of the const group alone: the group is declared again
	// whole, its other member unchanged.
	one := filepath.Join(dir, "one-member")
	if code, _, errOut := runCLI("report", "--no-cache", "--out", one, "-p", "Scale=4", nb); code != 0 {
		t.Fatalf("run with -p Scale=4: exit %d: %s", code, errOut)
	}
	if page := printed(t, one); !strings.Contains(page, "depth=3 half-scale=2 label=base seed=7") {
		t.Errorf("-p Scale=4 did not give its output:\n%s", page)
	}
	if after, _ := os.ReadFile(filepath.Join(def, "manifest.json")); string(after) != string(before) {
		t.Error("a run with parameters changed another site")
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-p", "Width=4"}, "parameter Width is not declared"},
		{[]string{"-p", "Depth=2.5"}, "parameter Depth: \"2.5\" is not an integer"},
		{[]string{"-p", "Seed=-1"}, "parameter Seed: \"-1\" is not a non-negative integer"},
		{[]string{"-p", "Scale=NaN"}, "parameter Scale: \"NaN\" is not a finite number"},
		{[]string{"-p", "Rhos=0.2,1.5"}, "parameter Rhos: element 2 of 2 = 1.5 is out of range (rankexp.GradsRho.Rho: rankcollapse: parameter out of range: rho = 1.5, want a correlation in [-1/(n-1), 1]"},
		{[]string{"-p", "Rhos=0.2,,0.3"}, "parameter Rhos: element 2 of 3 = \"\" is not a finite number"},
		{[]string{"-p", "Depth"}, "is not NAME=VALUE"},
		{[]string{"-p", "Depth=4", "-p", "Depth=5"}, "parameter Depth given twice"},
		{[]string{"-p", "Depth=4", "--out", filepath.Join(repoRoot(t), "reports", "site")}, "is the default site"},
	} {
		out := filepath.Join(dir, "bad")
		args := append([]string{"report", "--no-cache"}, tc.args...)
		if !strings.Contains(strings.Join(tc.args, " "), "--out") {
			args = append(args, "--out", out)
		}
		code, _, errOut := runCLI(append(args, nb)...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "running") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming %q before any cell runs", tc.args, code, errOut, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: a site was written", tc.args)
		}
	}
	// A parameter on a notebook without a parameters cell.
	plain := filepath.Join(dir, "plain.ipynb")
	b, _ := os.ReadFile(nb)
	p, _ := ipynb.Parse(b)
	p.Cells[2].Metadata = map[string]any{}
	b, _ = ipynb.Marshal(p)
	os.WriteFile(plain, b, 0o644)
	if code, _, errOut := runCLI("report", "--out", filepath.Join(dir, "bad"), "-p", "Depth=4", plain); code != 2 || !strings.Contains(errOut, `no code cell tagged "parameters"`) {
		t.Errorf("notebook without parameters cell: exit %d, %q", code, errOut)
	}
}

// cheapRun is one notebook run at cheaper parameters than its defaults:
// Params are the -p values, and Figures, by figure id, the Params each
// figure must state (the values run); a figure listed there ran at other
// settings than its paper row's, so it must claim no paper figure.
type cheapRun struct {
	Notebook string
	Params   []string
	Figures  map[string]map[string]float64
	// NoClaim are figures of Figures that claim no paper figure at any
	// settings (evidence for a conformance row, e.g. a check of a table,
	// not a redrawn figure): their captions carry no "at your settings".
	NoClaim []string
	// Captions are, by figure or table id, texts its caption must
	// contain: a value run that the caption states.
	Captions map[string][]string
	// Page are texts the notebook's page must contain: a value run that
	// a cell prints.
	Page []string
	// Series are, by figure id, the names of exactly its series (lines
	// and points, in order): the values run that its legend states.
	Series map[string][]string
	// CPU is what the run cost when last measured, in CPU seconds
	// (--profile's CPU, two runs on two busy cores, 2026-12-02; 03 and 06
	// scaled by what their Table2Depth/Draws and CodeDepth saved on
	// another machine): the background starts the costliest runs first
	// (startCheapRuns).
	CPU float64
}

// each returns, for every id, the same Params.
func each(params map[string]float64, ids ...string) map[string]map[string]float64 {
	m := map[string]map[string]float64{}
	for _, id := range ids {
		m[id] = params
	}
	return m
}

// merge is the union of the maps ms.
func merge(ms ...map[string]map[string]float64) map[string]map[string]float64 {
	out := map[string]map[string]float64{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// cheapRuns are the cheaper settings of TestEveryNotebookAtCheapSettings,
// one per notebook with a parameters cell: smaller widths, depths and
// sample counts, at which every simulation of the notebook is a fraction
// of its default cost.
var cheapRuns = []cheapRun{
	{Notebook: "00-overview", CPU: 3, Params: []string{"Correlations=11"}},
	// Notebook 01 also at another activation, -p Phi=erf: the maps, their
	// checks and χ₁ on the critical line are erf's.
	{Notebook: "01-mean-field", CPU: 19, Params: []string{"Phi=erf", "Width=200", "SpectrumWidth=120", "QMapSigmaW2s=1.5,2.5", "CMapSigmaW2s=2.5",
		"Chi1Nets=3", "Chi1Depth=2", "SpectrumDepth=4"},
		Figures: merge(each(map[string]float64{"width": 200}, "qmap-iteration", "cmap-iteration", "chi1-sim", "xi-c-decay",
			"fig3-relu", "fig3-hardtanh", "fig3-shifted_relu", "fig3-erf", "fig3-smoothed_relu", "beyond-chi1", "beyond-divergent"),
			each(map[string]float64{"width": 120}, "beyond-spectrum")),
		Captions: map[string][]string{"qmap-iteration": {"q^ℓ for erf, σ_w² = 2, σ_b² = 0.05"}, "cmap": {"Correlation map R(c) of erf at σ_b² = 0.05"},
			"chi1-sim": {"of erf's critical points"}, "depth-scales": {"Depth scales for erf, σ_b² = 0.05"}, "xi-c-decay": {"erf, σ_w² = 1.2, σ_b² = 0.05"}},
		// The maps at the σ_w² lists run, each curve with its fixed point:
		// erf's q*, χ₁ and c* at σ_b² = 0.05 from its arcsine kernel
		// E erf(k√q z)² = (2/π) asin(a/(1+a)), a = πq/2, iterated to the
		// fixed point independently of lib (Python, 4 digits).
		Series: map[string][]string{"qmap": {"q' = q", "V(q), σ_w²=1.5", "q* = 0.4675", "V(q), σ_w²=2.5", "q* = 1.1720"}, "cmap": {"R(c) = c", "σ_w²=2.5: χ₁=1.155, c*=0.386"}},
		// Section 6's text quotes the sizes run.
		Page: []string{`width-<a class="xref glue" href="#glue-width">200</a> networks`,
			`<a class="xref glue" href="#glue-chi1-nets">3</a> networks of depth <a class="xref glue" href="#glue-chi1-depth">2</a> per point`,
			`(<a class="xref glue" href="#glue-spectrum-width">120</a>) networks`}},
	{Notebook: "02-token-geometry", CPU: 23, Params: []string{"Tokens=32", "Width=16", "Fig2Depth=6", "OneBlockNetworks=8", "Fig2Networks=3", "BiasNetworks=4", "BiasLayer=3",
		"Fig3Depth=8", "Fig3Networks=2", "AngleNetworks=4", "GradientDepth=4", "GradientNetworks=3", "ErrataNetworks=3",
		"OneBlockQ0s=1,1,1.5", "OneBlockP0s=0,0.25,1.2", "EdgeGapAlphaLo=0.1", "EdgeGapAlphaHi=0.9", "EdgeGapPoints=9", "Fig3P1=0.8", "SlowingSteps=1000"},
		Figures: merge(each(map[string]float64{"n": 32, "d": 16}, "att-map", "fig2-field-sw1", "fig2-field-sw5"),
			each(map[string]float64{"n": 32, "d": 16, "networks": 3}, "fig2-layers-sw1", "fig2-layers-sw5"),
			each(map[string]float64{"n": 32, "d": 16, "networks": 4}, "fig4-lambda-a-slice"),
			each(map[string]float64{"n": 32, "d": 16, "networks": 1}, "fig2-hist-norms-sw1", "fig2-hist-cosines-sw1", "fig2-hist-norms-sw5", "fig2-hist-cosines-sw5"),
			each(map[string]float64{"q": 16, "p1": 12.8, "p2": 8}, "fig3-symmetry"), // Fig3P1 = 0.8: p1 = 0.8d
			each(map[string]float64{"n": 32, "d": 16, "L": 4, "networks": 3}, "fig5-lambda-g-slice", "errata-lambda-g")),
		Captions: map[string][]string{"fig3-symmetry": {"p1 = 1.6 p2 = 0.8d"}},
		// The text quotes the sizes run.
		Page: []string{`the simulated random transformer (<span class="math inline">n=</span><a class="xref glue" href="#glue-n">32</a>, <span class="math inline">d=</span><a class="xref glue" href="#glue-d">16</a>, <a class="xref glue" href="#glue-fig2-L">6</a> blocks`,
			`the <a class="xref glue" href="#glue-n">32</a> tokens of one simulated network at each of the <a class="xref glue" href="#glue-fig2-L">6</a> layers`,
			`(<a class="xref glue" href="#glue-oneblock-nets">8</a> independent networks each`, `<a class="xref glue" href="#glue-angle-nets">4</a> networks per point`,
			`<a class="xref glue" href="#glue-errata-nets">3</a> networks each`,
			`measures it at <span class="math inline">d=</span><a class="xref glue" href="#glue-bias-d1">16</a> and <span class="math inline">d=</span><a class="xref glue" href="#glue-bias-d2">32</a>`}},
	// Notebook 03's grid of Figs. 12–14 at two ρ and one σ_x² (32 of its
	// 192 points; GridRhos and GridSx2s): both ends of Fig. 13's fall with
	// ρ, and the smallest σ_x² of the default grid, where Fig. 12's claim
	// is read.
	{Notebook: "03-rank-collapse", CPU: 32, Params: []string{"Tokens=10", "Width=8", "Depth=4", "Fig8Draws=10", "Fig4Draws=12", "Fig8DeepDepth=8", "Fig8DeepDraws=10",
		"Fig11Draws=50", "Fig7Draws=20", "TauDraws=200", "SmallNDraws=2000", "Lemma31Draws=2000", "Table2Depth=4", "Table2Draws=5",
		"GridRhos=0,0.9", "GridSx2s=0.25", "IWSLTRhos=0,0.05,0.1,0,0,0,0.5", "TauFinal=4", "TauWarmupSteps=100"},
		Figures: merge(each(map[string]float64{"n": 10, "d": 8, "L": 4, "draws": 10}, "fig8-rho", "fig8-norm"),
			each(map[string]float64{"n": 10, "d": 8, "L": 4, "draws": 12}, "fig4-ln",
				"fig10-full-nonorm", "fig10-full-postln", "fig10-full-preln"), // Fig. 10 in full runs at Fig. 4's sizes
			each(map[string]float64{"n": 50, "d": 32, "L": 8, "draws": 10}, "fig8-deep-cos", "fig8-deep-norm"),
			each(map[string]float64{"n": 50, "L": 4, "draws": 5}, "fig3a", "fig3b", "fig3c", "fig9a", "fig9b", "fig9c"),
			each(map[string]float64{}, "fig12-grid", "fig13-grid", "fig14-grid")),
		// Table tau-c3 at another ρ leaves the IWSLT settings; the warm-up
		// at τ_final = 4 over 100 steps is 4·min(1, step/100) at 25, 100, 400.
		Captions: map[string][]string{"tau-c3": {"τ from eq. 47 (as printed) at your settings"},
			"fig13-grid": {"ρ = 0, 0.9 left to right, σ_x = 0.5 bottom to top"}, "fig14-grid": {"ρ = 0, 0.9 left to right, σ_x = 0.5 bottom to top"}},
		Page: []string{"τ warm-up (min form), τ_final = 4, 100 steps: 1 4 4",
			// The text quotes the sizes run.
			`uniform attention, <span class="math inline">n=</span><a class="xref glue" href="#glue-n">10</a>, <span class="math inline">d=</span><a class="xref glue" href="#glue-d">8</a>, single head`,
			`<span class="math inline">L=</span><a class="xref glue" href="#glue-L">4</a>, <a class="xref glue" href="#glue-fig8-draws">10</a> draws (the paper`,
			`<a class="xref glue" href="#glue-fig8-deep-draws">10</a> draws per run`, `<span class="math inline">L=</span><a class="xref glue" href="#glue-fig8-deep-L">8</a>`,
			`linear FF, <a class="xref glue" href="#glue-fig4-draws">12</a> draws, mean pairwise cosine`, `over the <a class="xref glue" href="#glue-L">4</a> layers`}},
	{Notebook: "04-jacobian-spectra", CPU: 50, Params: []string{"MPWidth=60", "MPDraws=2", "SWidth=60", "SDraws=3", "GapContext=128",
		"Fig4Points=40", "Fig4RatePoints=10", "Fig4MaxDepth=3", "CNNNetworks=16", "CNNChannels=32", "CNNLayers=8", "Table2Width=100", "Table2Draws=4",
		"Fig4TheoryDepths=2,8", "Fig4ErfTheoryDepths=2,8", "Fig2Points=30", "Fig2MaxDepth=8"},
		Figures: merge(each(map[string]float64{"N": 60, "eps": 1e-10}, "mp-density"), each(map[string]float64{"N": 60}, "s-transform-product"),
			each(map[string]float64{"T": 128, "s": 1}, "attn-gap"),
			each(map[string]float64{"sigma0_2": 0.25}, "fig4-hardtanh", "fig4-shifted_relu", "fig4-erf", "fig4-smoothed_relu"),
			each(map[string]float64{"networks": 16, "channels": 32}, "cnn-gaussian", "cnn-delta-orthogonal"),
			each(map[string]float64{"N": 1000}, "fig2-linear-gaussian", "fig2-relu-orthogonal", "fig2-hardtanh-orthogonal", "fig2-erf-orthogonal")),
		NoClaim: []string{"mp-density", "s-transform-product"},
		// Table 2's checks state the tail and the bias bound at 4 matrices
		// (t with 3 dof; 0.45·√4 SE), its caption the sizes.
		Captions: map[string][]string{"table2": {"sampled from 4 matrices of width 100 per ensemble"}},
		// Fig. 4's theory at the depths run, the stored samples up to
		// Fig4MaxDepth = 3.
		Series: map[string][]string{"fig4-erf": {"limit law", "theory L=2", "theory L=8", "N=1000 L=2", "N=1000 L=3"},
			"fig4-hardtanh": {"limit law", "limit atom, mass 0.75", "theory L=2", "theory L=8", "N=1000 L=2", "N=1000 L=3"},
			// Fig. 2's stored samples up to Fig2MaxDepth = 8.
			"fig2-erf-orthogonal": {"theory L=2", "theory L=8", "N=1000 L=2", "N=1000 L=8"}},
		Page: []string{"SE from 4 matrices of width 100 (t with 3 dof: P(|t| &gt; 5) ≈ 0.015 per point); the O(1/N) bias is ≤ 0.9 SE",
			`<a class="xref glue" href="#glue-mp-draws">2</a> independent width-<a class="xref glue" href="#glue-mp-width">60</a> Gaussian layers`,
			`mean over <a class="xref glue" href="#glue-s-draws">3</a> independent width-<a class="xref glue" href="#glue-s-width">60</a> products`}},
	// Notebook 05 also at the physics of issue 38's example, -p Gamma=0.4
	// -p Tau0=1: the figures of Fig. 1, Fig. 7 and the comparison against
	// the SDE (here at two T) state γ = 0.4, τ₀ = 1 in their Params and
	// captions and claim nothing.
	{Notebook: "05-shaped-transformer", CPU: 13, Params: []string{"Gamma=0.4", "Tau0=1", "Width=16", "Depth=12", "Networks=64", "LNNetworks=2", "RMSNetworks=64", "OneStepWidth=32", "OneStepNetworks=200",
		"TWidth=10", "TNetworks=64", "TPaths=128", "KSNetworks=16", "KSPaths=256", "Fig3Networks=64", "Fig3Paths=128", "Fig4Width=16", "Fig4Networks=64",
		"ExplosionPaths=32", "StopWidth=12", "StopNetworks=10", "TRatios=0.5,2"},
		Figures: merge(each(map[string]float64{"width": 16, "depth": 12, "networks": 64, "gamma": 0.4, "tau0": 1}, "fig1-left"),
			each(map[string]float64{"width": 16, "depth": 12}, "fig1-preln"),
			each(map[string]float64{"width": 16, "depth": 12, "samples": 64, "gamma": 0.4, "tau0": 1}, "fig1-right-m2", "fig1-right-m4"),
			each(map[string]float64{"width": 16, "depth": 12, "samples": 64, "gamma": 0.4}, "fig7"),
			each(map[string]float64{"width": 10, "gamma": 0.4, "tau0": 1}, "transformer-T"),
			each(map[string]float64{"networks": 16, "paths": 256}, "ks-vs-width"),
			each(map[string]float64{"networks": 64, "paths": 128}, "fig3-left", "fig3-right"),
			each(map[string]float64{"width": 16, "depth": 12, "networks": 64}, "fig4-left", "fig4-right"),
			each(map[string]float64{"width": 12, "depth": 12, "networks": 10}, "fig5-left", "fig5-right", "fig8")),
		Captions: map[string][]string{"fig1-left": {"(γ = 0.4, τ₀ = 1)"}, "fig1-right-m2": {"γ = 0.4, τ₀ = 1"}, "fig1-right-m4": {"γ = 0.4, τ₀ = 1"},
			"fig7": {"γ = 0.4, τ₀ = 1"}, "transformer-T": {"γ = 0.4, τ₀ = 1", "at 2 depth-to-width ratios"}},
		// The text quotes the sizes run.
		Page: []string{`from <a class="xref glue" href="#glue-onestep-nets">200</a> one-layer networks at <span class="math inline">n=</span><a class="xref glue" href="#glue-onestep-width">32</a>`,
			`<a class="xref glue" href="#glue-networks">64</a> samples each`,
			`(<a class="xref glue" href="#glue-t-nets">64</a> networks, <a class="xref glue" href="#glue-t-paths">128</a> SDE paths`,
			`between <a class="xref glue" href="#glue-ks-nets">16</a> networks and <a class="xref glue" href="#glue-ks-paths">256</a> SDE paths`,
			`<a class="xref glue" href="#glue-fig3-nets">64</a> networks per`, `against <a class="xref glue" href="#glue-fig3-paths">128</a> paths`,
			`<a class="xref glue" href="#glue-fig4-width">16</a>, <span class="math inline">d=</span><a class="xref glue" href="#glue-depth">12</a>`,
			`<a class="xref glue" href="#glue-fig4-nets">64</a> networks per variant`, `over the <a class="xref glue" href="#glue-depth">12</a> layers`,
			`(<a class="xref glue" href="#glue-explosion-paths">32</a> paths`,
			`(here <span class="math inline">n=d=</span><a class="xref glue" href="#glue-stop-width">12</a>, <a class="xref glue" href="#glue-stop-nets">10</a> networks)`,
			`over <a class="xref glue" href="#glue-stop-nets">10</a> networks per cell`}},
	// Notebook 06 also at other physics: the miniature sweep's learning
	// rate, the probe's softmax temperature and the γ of both Fig. 2
	// analogues' shaped block (its legend states γ = 0.4); the analogue
	// on code at depth 4 (CodeDepth).
	{Notebook: "06-trainability", CPU: 46, Params: []string{"LiveSteps=10", "LiveTrainImages=300", "LiveLR=3e-3", "ProbeSteps=30", "ProbeDepth=4", "ProbeInvTemp=2",
		"GradImages=8", "GradDepth=4", "GradGamma=0.4", "CodeDepth=4", "RetrainSteps=25"},
		Figures: each(map[string]float64{}, "noci-adam-effective-lr", "noci23-fig2-value-grads", "noci23-fig2-query-grads", "noci23-fig2-code-value-grads", "noci23-fig2-code-query-grads"),
		Captions: map[string][]string{"noci-adam-effective-lr": {"softmax inverse temperature τ = 2"}, "noci-grad-ratio-depth": {"softmax inverse temperature τ = 2"},
			"noci23-fig2-value-grads": {"shaped blocks at γ = 0.4"}, "noci23-fig2-code-value-grads": {"shaped block at γ = 0.4"}},
		// The stored run trained again for its first 25 steps: its check
		// says so and compares 2 loss windows and 1 entropy record.
		Page: []string{"seed 12, first 25 of 250 steps",
			// the live miniature's text: 10 steps at lr 0.003 on 300 images; the probe's: depth 4, 30 steps
			`<a class="xref glue" href="#glue-live-steps">10</a> Adam steps at lr <a class="xref glue" href="#glue-live-lr">0.003</a> on <a class="xref glue" href="#glue-live-images">300</a> images`,
			`href="#glue-probe-depth">4</a>`, `href="#glue-probe-steps">30</a> steps`, "2 of the 10-step loss windows and 1 of the attention-entropy records compared, the end-of-run losses and accuracy not"}},
	{Notebook: "07-compose", CPU: 13, Params: []string{"Tokens=8", "Depth=6", "WidthSmall=16", "WidthMid=32", "WidthLarge=64", "Nets=6", "LimitNets=6", "PhasePoints=8",
		"TrainDepth=2", "TrainSteps=20", "TrainEvery=10", "TrainSeeds=2", "TrainImages=300", "TestImages=100", "TrainPhasePoints=6"},
		Figures: merge(each(map[string]float64{"n": 8, "depth": 6, "networks": 6}, "pre-ln-tanh", "pre-ln-tanh-q", "post-ln-gelu", "post-ln-gelu-q"),
			each(map[string]float64{"n": 8, "depth": 6, "networks": 6}, "pre-ln-tanh-widths", "post-ln-gelu-widths"),
			each(map[string]float64{"n": 17, "depth": 2, "steps": 20, "seeds": 2, "train_images": 300, "test_images": 100},
				"no-norm-tanh-training-test-loss", "no-norm-tanh-training-accuracy", "no-norm-tanh-training-train-loss"))},
	{Notebook: "08-finite-width", CPU: 13, Params: []string{"Width1=16", "Width2=24", "Width3=32", "Width4=48", "Networks=200", "Steps=4",
		"ResidualNetworks=1000", "TableNetworks=50", "JacWidth=16", "JacNetworks=100",
		"BlockWidthSmall=12", "BlockWidthLarge=16", "BlockNetsSmall=30", "BlockNetsLarge=30"},
		Figures: each(map[string]float64{"networks": 200}, "variance-kstar0", "variance-relu", "variance-relu-log", "mean-shift-kstar0")},
}

// withoutParameters are the notebooks with no parameters cell yet, and why
// TestEveryNotebookAtCheapSettings does not run them.
var withoutParameters = map[string]string{}

// TestEveryNotebookAtCheapSettings runs every notebook that has a
// parameters cell with the cheaper parameters of cheapRuns (sigprop
// report -p, as a reader would) and finds: no cell error; every figure of
// the default report drawn again; every figure listed in the run's Figures
// states the values run in its Params, claims no paper figure, and, when
// the conformance list names it (and it is not one of NoClaim), says "at
// your settings" in its caption.
// TestMain starts the runs in the background before any test
// (cheapruns_test.go). The default run's conformance is CI's `sigprop report`. Every notebook is
// either in cheapRuns or in withoutParameters, and a notebook there has no
// parameters cell, so a notebook that gains one must gain a cheap run.
func TestEveryNotebookAtCheapSettings(t *testing.T) {
	root := repoRoot(t)
	nbs, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil || len(nbs) == 0 {
		t.Fatalf("notebooks: %v, %v", nbs, err)
	}
	runs := map[string]cheapRun{}
	for _, r := range cheapRuns {
		runs[r.Notebook] = r
	}
	for _, path := range nbs {
		name := strings.TrimSuffix(filepath.Base(path), ".ipynb")
		nb, err := ipynb.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = nbparams.Find(nb)
		has := err == nil
		_, cheap := runs[name]
		_, without := withoutParameters[name]
		if has != cheap || has == without {
			t.Errorf("%s: parameters cell %v, cheap run %v, listed without parameters %v", name, has, cheap, without)
		}
	}
	if testing.Short() {
		t.Skip("runs every parameterised notebook in gonb")
	}
	t.Parallel() // waits for the runs: see parallelTests
	base := filepath.Join(root, "reports", "site", "manifest.json")
	// claimed holds the figures that claim a paper figure in the default
	// report (if there is one): at other settings each must say so in its
	// caption.
	claimed := map[string]bool{}
	if def, err := publish.ReadManifest(filepath.Dir(base)); err == nil {
		for _, f := range def.Figures {
			if len(f.Paper) > 0 {
				claimed[f.Notebook+"#"+f.ID] = true
			}
		}
	} else {
		t.Logf("no default report (%v): the captions of figures that claim a paper figure there are not checked", err)
	}
	for _, r := range cheapRuns {
		t.Run(r.Notebook, func(t *testing.T) {
			// The run TestMain started (cheapruns_test.go), or one of its own.
			res := cheapRunOf(t, root, r)
			code, stdout, errOut, out := res.code, res.stdout, res.stderr, res.out
			t.Logf("at %v:\n%s", r.Params, stdout)
			m, err := publish.ReadManifest(out)
			if err != nil {
				t.Fatalf("exit %d, no manifest: %v\n%s", code, err, errOut)
			}
			if len(m.Notebooks) != 1 || m.Notebooks[0].Status != "ok" || len(m.Notebooks[0].FailedCell) > 0 {
				t.Fatalf("at %v: %+v\n%s", r.Params, m.Notebooks, errOut)
			}
			drawn := map[string]bool{}
			for _, f := range m.Figures {
				drawn[f.ID] = true
				want, listed := r.Figures[f.ID]
				if !listed {
					continue
				}
				for k, v := range want {
					if got, ok := f.Data.Params[k]; !ok || got != v {
						t.Errorf("figure %s: Params[%q] = %v (present %v), want the value run %v", f.ID, k, got, ok, v)
					}
				}
				if len(f.Paper) > 0 || f.PaperNote != "" {
					t.Errorf("figure %s at %v claims %q (%s)", f.ID, r.Params, f.Paper, f.PaperNote)
				}
				if claimed[r.Notebook+"#"+f.ID] && !slices.Contains(r.NoClaim, f.ID) && !strings.HasSuffix(f.Data.Caption, show.YourSettings) {
					t.Errorf("figure %s at %v: caption %q does not say %q", f.ID, r.Params, f.Data.Caption, show.YourSettings)
				}
			}
			captioned := map[string]bool{}
			for _, f := range m.Figures {
				for _, want := range r.Captions[f.ID] {
					captioned[f.ID] = true
					if !strings.Contains(f.Data.Caption, want) {
						t.Errorf("figure %s at %v: caption %q does not state %q", f.ID, r.Params, f.Data.Caption, want)
					}
				}
			}
			for _, tb := range m.Tables {
				for _, want := range r.Captions[tb.ID] {
					captioned[tb.ID] = true
					if !strings.Contains(tb.Data.Caption, want) {
						t.Errorf("table %s at %v: caption %q does not state %q", tb.ID, r.Params, tb.Data.Caption, want)
					}
				}
			}
			for id := range r.Captions {
				if !captioned[id] {
					t.Errorf("no figure or table %s at %v to state its caption", id, r.Params)
				}
			}
			for _, f := range m.Figures {
				want, listed := r.Series[f.ID]
				if !listed {
					continue
				}
				var got []string
				for _, se := range f.Data.Series {
					got = append(got, se.Name)
				}
				if !slices.Equal(got, want) {
					t.Errorf("figure %s at %v: series %q, want %q", f.ID, r.Params, got, want)
				}
			}
			if len(r.Page) > 0 {
				page, err := os.ReadFile(filepath.Join(out, r.Notebook+".html"))
				if err != nil {
					t.Fatal(err)
				}
				for _, want := range r.Page {
					if !strings.Contains(string(page), want) {
						t.Errorf("the page at %v does not print %q", r.Params, want)
					}
				}
			}
			for id := range r.Figures {
				if !drawn[id] {
					t.Errorf("figure %s was not drawn at %v", id, r.Params)
				}
			}
			if def, err := publish.ReadManifest(filepath.Dir(base)); err == nil {
				for _, f := range def.Figures {
					if f.Notebook == r.Notebook && !drawn[f.ID] {
						t.Errorf("figure %s of the default report was not drawn at %v", f.ID, r.Params)
					}
				}
			}
		})
	}
}

// TestPhysicsParamsRefused: a value a physics parameter does not take is
// refused before any cell runs (exit 2, no site, no kernel started), the
// error naming the parameter and what it takes: an activation name outside
// activation.Names on notebook 01's Phi (//sigprop:oneof activation), a σ_b²
// or σ_w² (of its maps' lists too) meanfield.Net does not take, text
// for 05's Gamma, a γ or τ₀ outside the SDE's range (//sigprop:check), a
// depth-to-width ratio T of its comparison that gives no block, and
// on 07 a block's φ or σ_w that a block file does not take, on 02 a σ_A²,
// α or σ_w the block does not take (tokengeom.Model.Validate; an element
// of a list) or an input of Fig. 3 Restoration.Validate does not, on 03 a τ, ρ, σ_x² or α̃₁ rankexp does not take or an ε
// attnspec does not, on 06 an α or σ_w of the miniature sweep's grid, its
// learning rate, the probe's temperature or the Fig. 2 analogues' γ, on 08
// the shaped block's γ; parameters checked together (a joint
// //sigprop:check): on 02 a one-block input p outside [−q/(n−1), q] at the
// run's q and n, one-block lists of unequal length, an edge-gap α grid
// with lo > hi or no point, on 03 a point of table tau-c3 where eq. (47)
// is undefined or its lists of unequal length; on 03 the τ warm-up's
// τ_final and length.
func TestPhysicsParamsRefused(t *testing.T) {
	root := repoRoot(t)
	for _, tc := range []struct {
		notebook string
		args     []string
		want     string
	}{
		{"01-mean-field", []string{"-p", "Phi=nosuch"}, "parameter Phi: \"nosuch\" is not one of the activation names (" + strings.Join(activation.Names(), ", ") + ")"},
		{"01-mean-field", []string{"-p", "Phi=Tanh"}, "parameter Phi: \"Tanh\" is not one of the activation names"},
		{"01-mean-field", []string{"-p", "SigmaB2=-0.1"}, "parameter SigmaB2: -0.1 is out of range (meanfield.Net.SigmaB2: meanfield: parameter out of range: Net.SigmaB2 = -0.1, want in [0, +inf))"},
		{"01-mean-field", []string{"-p", "QMapSigmaW2s=1,0"}, "parameter QMapSigmaW2s: element 2 of 2 = 0 is out of range (meanfield.Net.SigmaW2: meanfield: parameter out of range: Net.SigmaW2 = 0, want in (0, +inf))"},
		{"01-mean-field", []string{"-p", "OrderedSigmaW2=-1"}, "parameter OrderedSigmaW2: -1 is out of range (meanfield.Net.SigmaW2"},
		{"05-shaped-transformer", []string{"-p", "Gamma=half"}, "parameter Gamma: \"half\" is not a finite number"},
		{"05-shaped-transformer", []string{"-p", "Gamma=-1"}, "parameter Gamma: -1 is out of range (sde.Model.Gamma: sde: parameter out of range: Model.Gamma = -1, want in [0, 1])"},
		{"05-shaped-transformer", []string{"-p", "Fig4Gamma=1.5"}, "parameter Fig4Gamma: 1.5 is out of range"},
		{"07-compose", []string{"-p", "PostPhi=nosuch"}, "parameter PostPhi: \"nosuch\" is not one of the activation names"},
		{"07-compose", []string{"-p", "PreSigmaW=0"}, "parameter PreSigmaW: 0 is out of range (compose.Block.sigma_w: compose: parameter out of range: sigma_w"},
		{"05-shaped-transformer", []string{"-p", "Tau0=0"}, "parameter Tau0: 0 is out of range (sde.Model.Tau0: sde: parameter out of range: Model.Tau0 = 0, want in (0, +inf))"},
		{"05-shaped-transformer", []string{"-p", "TRatios=0.5,0"}, "parameter TRatios: [0.5, 0] is out of range with TWidth = 100 (shapednet.TransformerT: shapednet: parameter out of range: TransformerTSizes.Ts[1] = 0, want finite and >= 1/width = 0.01 (at least one block at width 100))"},
		{"05-shaped-transformer", []string{"-p", "TWidth=1", "-p", "TRatios=0.5"}, "parameter TRatios: [0.5] is out of range with TWidth = 1"},
		{"05-shaped-transformer", []string{"-p", "gamma=0.4"}, "parameter gamma is not declared in the parameters cell"},
		{"02-token-geometry", []string{"-p", "SigmaA2=-1"}, "parameter SigmaA2: -1 is out of range (tokengeom.Model.SigmaA2: tokengeom: parameter out of range: Model.SigmaA2 = -1, want in [0, "},
		{"02-token-geometry", []string{"-p", "Alpha=1.5"}, "parameter Alpha: 1.5 is out of range (tokengeom.Model.AlphaA: tokengeom: parameter out of range: Model.AlphaA = 1.5, want in [0, 1])"},
		{"02-token-geometry", []string{"-p", "Fig2BottomSigmaW=0"}, "parameter Fig2BottomSigmaW: 0 is out of range (tokengeom.Model.SigmaW: tokengeom: parameter out of range: Model.SigmaW = 0"},
		{"02-token-geometry", []string{"-p", "AttSigmaA2s=0,1,-4"}, "parameter AttSigmaA2s: element 3 of 3 = -4 is out of range (tokengeom.Model.SigmaA2"},
		{"03-rank-collapse", []string{"-p", "Thm32Tau=-1"}, "parameter Thm32Tau: -1 is out of range (rankexp.Thm32Settings.Tau: rankexp: parameter out of range: Tau = -1"},
		{"03-rank-collapse", []string{"-p", "GradsRhos=0,0.5,-0.2"}, "parameter GradsRhos: element 3 of 3 = -0.2 is out of range (rankexp.GradsRho.Rho: rankcollapse: parameter out of range: rho = -0.2, want a correlation in [-1/(n-1), 1] = [-0.111111, 1] for n = 10)"},
		{"03-rank-collapse", []string{"-p", "GradsRhoSx2=-0.5"}, "parameter GradsRhoSx2: -0.5 is out of range (rankexp.GradsRho.Sx2: rankcollapse: parameter out of range: sigma_x2 = -0.5"},
		{"03-rank-collapse", []string{"-p", "GridRhos=0,-0.3"}, "parameter GridRhos: element 2 of 2 = -0.3 is out of range (rankexp.Fig12.Rho: rankcollapse: parameter out of range: rho = -0.3, want a correlation in [-1/(n-1), 1] = [-0.25, 1] for n = 5)"},
		{"08-finite-width", []string{"-p", "Gamma=2"}, "parameter Gamma: 2 is out of range (sde.Model.Gamma: sde: parameter out of range: Model.Gamma = 2, want in [0, 1])"},
		{"06-trainability", []string{"-p", "LiveAlphas=0.2,1.5"}, "parameter LiveAlphas: element 2 of 2 = 1.5 is out of range (trainsweep.Grid.Alphas: trainsweep: parameter out of range: Grid.Alphas[0] = 1.5, want in [0, 1])"},
		{"06-trainability", []string{"-p", "LiveSigmaWs=0"}, "parameter LiveSigmaWs: element 1 of 1 = 0 is out of range (trainsweep.Grid.SigmaWs"},
		{"06-trainability", []string{"-p", "LiveLR=0"}, "parameter LiveLR: 0 is out of range (trainsweep.Settings.LR: trainsweep: parameter out of range: Settings.LR = 0"},
		{"06-trainability", []string{"-p", "ProbeInvTemp=-1"}, "parameter ProbeInvTemp: -1 is out of range (trainsweep.ProbeSettings.InvTemp"},
		{"06-trainability", []string{"-p", "GradGamma=0"}, "parameter GradGamma: 0 is out of range (trainsweep.InitGradSettings.Gamma: trainsweep: parameter out of range: InitGradSettings.Gamma = 0"},
		{"03-rank-collapse", []string{"-p", "Eq15Alphas=0.5,-1"}, "parameter Eq15Alphas: element 2 of 2 = -1 is out of range (rankexp.Eq15Settings.At: rankexp: parameter out of range: At[0] = -1"},
		{"03-rank-collapse", []string{"-p", "TauRho=1"}, "parameter TauRho: 1 is out of range (rankexp.TauC3.Rho: rankcollapse: parameter out of range: rho = 1, want < 1 for the inverse temperature"},
		{"03-rank-collapse", []string{"-p", "SmallNRho=-0.5"}, "parameter SmallNRho: -0.5 is out of range (rankexp.GradsSmallN.Rho: rankcollapse: parameter out of range: rho = -0.5, want a correlation in [-1/(n-1), 1] = [-0.333333, 1] for n = 4)"},
		{"02-token-geometry", []string{"-p", "OneBlockP0s=0,0.5,1.5"}, "parameter OneBlockP0s: [0, 0.5, 1.5] is out of range with Tokens = 256, OneBlockAlphas = [0.35355339059327373, 0.35355339059327373, 0.6], OneBlockSigmaWs = [1, 2, 1.5], OneBlockQ0s = [1, 1, 1.25] (tokencheck.OneBlocks: one-block case 3: tokengeom: parameter out of range: p = 1.5, want in [-q/(n-1), q] = [-0.004901960784313725, 1.25])"},
		{"02-token-geometry", []string{"-p", "Tokens=32", "-p", "OneBlockP0s=0,-0.1,1"}, "parameter OneBlockP0s: [0, -0.1, 1] is out of range with Tokens = 32"},
		{"02-token-geometry", []string{"-p", "OneBlockQ0s=1,1"}, "parameter OneBlockQ0s: [1, 1] is out of range with Tokens = 256"},
		{"02-token-geometry", []string{"-p", "EdgeGapAlphaLo=0.9", "-p", "EdgeGapAlphaHi=0.5"}, "parameter EdgeGapAlphaHi: 0.5 is out of range with EdgeGapAlphaLo = 0.9, EdgeGapPoints = 19 (tokencheck.EdgeGapAlphas: tokencheck: parameter out of range: EdgeGapAlphas hi = 0.5, want in [lo, 1] = [0.9, 1])"},
		{"02-token-geometry", []string{"-p", "Fig3P2=0"}, "parameter Fig3P2: 0 is out of range (tokencheck.Fig3.P2: tokencheck: parameter out of range: Restoration.P1, P2 = 48, 0, want finite, P2 > 0)"},
		{"02-token-geometry", []string{"-p", "Fig3Q=-1"}, "parameter Fig3Q: -1 is out of range (tokencheck.Fig3.Q: tokencheck: parameter out of range: Restoration.Q = -64, want finite and > 0)"},
		{"02-token-geometry", []string{"-p", "EdgeGapPoints=0"}, "parameter EdgeGapPoints: 0 is out of range with EdgeGapAlphaLo = 0.05, EdgeGapAlphaHi = 0.95"},
		{"03-rank-collapse", []string{"-p", "IWSLTRhos=0,0.05,0.1,0,0,0,1"}, "parameter IWSLTRhos: [0, 0.05, 0.1, 0, 0, 0, 1] is out of range with IWSLTTokens = [25, 25, 25, 25, 50, 25, 25], IWSLTWidths = [512, 512, 512, 512, 32, 512, 512], IWSLTSx2s = [1, 1, 1, 0.5, 1, 0.115, 1] (rankexp.TauPoints: TauPoints point 7: rankcollapse: parameter out of range: rho = 1, want < 1"},
		{"03-rank-collapse", []string{"-p", "IWSLTTokens=25,25"}, "parameter IWSLTWidths: [512, 512, 512, 512, 32, 512, 512] is out of range with IWSLTTokens = [25, 25]"},
		{"03-rank-collapse", []string{"-p", "IWSLTSx2s=1,1,1,0.5,1,0,1"}, "parameter IWSLTSx2s: [1, 1, 1, 0.5, 1, 0, 1] is out of range with"},
		{"03-rank-collapse", []string{"-p", "TauFinal=-1"}, "parameter TauFinal: -1 is out of range (rankexp.Warmup.TauFinal: rankexp: parameter out of range: WarmupSettings.TauFinal = -1, want a finite value >= 0)"},
		{"03-rank-collapse", []string{"-p", "TauWarmupSteps=0"}, "parameter TauWarmupSteps: 0 is out of range (rankexp.Warmup.Steps: rankexp: parameter out of range: WarmupSettings.Steps = 0"},
		{"03-rank-collapse", []string{"-p", "DongEps=0.01,0"}, "parameter DongEps: element 2 of 2 = 0 is out of range (attnspec.DongSettings.Eps: attnspec: parameter out of range: Eps[0] = 0, want a finite value > 0)"},
	} {
		out := filepath.Join(t.TempDir(), "site")
		args := append(append([]string{"report", "--no-cache", "--out", out}, tc.args...), filepath.Join(root, "notebooks", tc.notebook+".ipynb"))
		code, _, errOut := runCLI(args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "running") {
			t.Errorf("%s %v: exit %d, stderr %q; want exit 2 naming %q before any cell runs", tc.notebook, tc.args, code, errOut, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s %v: a site was written", tc.notebook, tc.args)
		}
	}
}

// TestParameterNamesOneCasing: every parameter of every committed
// notebook is named as a Go exported name, upper camel case with
// initialisms in capitals (Width, SigmaA2, Tau0, GradsRhos, CNNLayers):
// no lower-case first letter, no underscore, so `-p` reads the same on
// every notebook.
func TestParameterNamesOneCasing(t *testing.T) {
	nbs, err := filepath.Glob(filepath.Join(repoRoot(t), "notebooks", "*.ipynb"))
	if err != nil || len(nbs) == 0 {
		t.Fatalf("notebooks: %v, %v", nbs, err)
	}
	checked := 0
	for _, path := range nbs {
		nb, err := ipynb.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := nbparams.Find(nb)
		if err != nil {
			continue // TestEveryNotebookAtCheapSettings holds which notebooks have a parameters cell
		}
		for name := range c.Params {
			checked++
			if name[0] < 'A' || name[0] > 'Z' || strings.ContainsAny(name, "_") {
				t.Errorf("%s: parameter %s is not an exported Go name in upper camel case", filepath.Base(path), name)
			}
		}
	}
	if checked == 0 {
		t.Error("no parameter checked")
	}
}
