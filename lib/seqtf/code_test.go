package seqtf

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/lib/gocorpus"
)

// codeFS is a tiny stored corpus: three windows of 8 + 1 bytes.
func codeFS(t *testing.T) fstest.MapFS {
	w := []string{"func f() {}\n", "var x = 1\n\t\t\t", "type T struct{"}
	for i := range w {
		w[i] = (w[i] + "              ")[:9]
	}
	s := gocorpus.Settings{GoVersion: "go-test", N: 8, Count: 3, WindowsSHA256: gocorpus.Hash([]byte(strings.Join(w, "")))}
	js := func(v any) []byte {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	return fstest.MapFS{"windows.json": {Data: js(w)}, "provenance.json": {Data: js(map[string]any{"settings": s})}}
}

// CodeSettings.Run on a tiny corpus: every variant's norms per seed and
// block; Curves are the geometric means over the seeds with the error
// bar 10^m (10^SE − 1), by hand from the stored norms; the figures claim
// Fig. 2 only at CodeFig2Settings; settings out of range are ErrParam.
func TestCodeRun(t *testing.T) {
	s := CodeSettings{D: 4, Layers: 3, Gamma: 0.3, Seeds: []uint64{1, 2}}
	c, err := s.Run(codeFS(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Names) != 3 || c.Names[0] != "shaped (γ = 0.3)" || len(c.Grads[0].Q) != 2 || len(c.Grads[0].Q[0]) != 3 || c.B != 3 {
		t.Fatalf("names %v, grads %d×%d, batch %d", c.Names, len(c.Grads[0].Q), len(c.Grads[0].Q[0]), c.B)
	}
	v := c.Curves(true)
	if err := v.Wellformed(); err != nil || len(v.Lines) != 3 || v.Record.AtPaper || !v.Y.Log {
		t.Fatalf("value curves %+v (%v)", v, err)
	}
	// block 2 of Post-LN: the two seeds' norms a, b; mean of log10 m, SE = |log10 a − log10 b|/2.
	a, b := c.Grads[2].V[0][1], c.Grads[2].V[1][1]
	m, se := (math.Log10(a)+math.Log10(b))/2, math.Abs(math.Log10(a)-math.Log10(b))/2
	if l := v.Lines[2]; math.Abs(l.Y[1]-math.Sqrt(a*b)) > 1e-12*l.Y[1] || math.Abs(l.SE[1]-math.Pow(10, m)*(math.Pow(10, se)-1)) > 1e-12*l.Y[1] || l.X[1] != 2 {
		t.Errorf("Post-LN block 2: %v ± %v, want √(ab) = %v", l.Y[1], l.SE[1], math.Sqrt(a*b))
	}
	if tr := c.Trend("Post-LN", true); tr != Trend(c.Grads[2].Q) {
		t.Errorf("Trend(Post-LN, Q) = %+v", tr)
	}
	if tab := c.CorpusTable(); tab.Wellformed() != nil || !strings.Contains(tab.Rows[2][1], "d = 4, L = 3 blocks") || !tab.Record.NoPaperFigure {
		t.Errorf("corpus table %+v", tab)
	}
	if !CodeFig2Settings().AtPaper() || CodeFig2Settings().Validate() != nil {
		t.Error("CodeFig2Settings are not the paper's or not valid")
	}
	for _, bad := range []CodeSettings{{D: 0, Layers: 1, Gamma: 0.2, Seeds: []uint64{1}}, {D: 1, Layers: 1, Gamma: 0, Seeds: []uint64{1}},
		{D: 1, Layers: 1, Gamma: 1.5, Seeds: []uint64{1}}, {D: 1, Layers: 1, Gamma: 0.2}} {
		if _, err := bad.Run(codeFS(t)); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: %v, want ErrParam", bad, err)
		}
	}
}

// The caption states γ only away from CodeFig2Settings' 0.2.
func TestCodeCaptionGamma(t *testing.T) {
	c := Code{Settings: CodeFig2Settings()}
	if g := c.gamma(); g != "" {
		t.Errorf("γ = 0.2: %q", g)
	}
	c.Settings.Gamma = 0.4
	if g := c.gamma(); g != "; shaped block at γ = 0.4" {
		t.Errorf("γ = 0.4: %q", g)
	}
}
