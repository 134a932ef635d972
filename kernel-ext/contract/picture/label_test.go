package picture

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// show writes runs as base text with [sub] and {sup} marks, nested, for
// comparing a parse at a glance.
func showRuns(rs []labelRun) string {
	var b strings.Builder
	for _, r := range rs {
		switch {
		case r.Level == 0:
			b.WriteString(r.Text)
		case r.Shift < 0:
			fmt.Fprintf(&b, "[%d:%s]", r.Level, r.Text)
		default:
			fmt.Fprintf(&b, "{%d:%s}", r.Level, r.Text)
		}
	}
	return b.String()
}

func TestParseLabel(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// The labels and legend entries the notebooks use.
		{"σ_w²", "σ[1:w]²"},
		{"mean ρ_ℓ", "mean ρ[1:ℓ]"},
		{"q^ℓ", "q{1:ℓ}"},
		{"λ_max(V_ℓ)", "λ[1:max](V[1:ℓ])"},
		{"‖∂𝓛/∂W^ℓ‖ / ‖∂𝓛/∂W^1‖", "‖∂𝓛/∂W{1:ℓ}‖ / ‖∂𝓛/∂W{1:1}‖"},
		{"e^{−ℓ/ξ_c}", "e{1:−ℓ/ξ}{2:c}"},
		{"λ_g^(16) = 0", "λ[1:g]{1:(16)} = 0"},
		{"ρ¹²_T", "ρ¹²[1:T]"},
		{"P(λ_JJᵀ ≤ λ)", "P(λ[1:JJ]ᵀ ≤ λ)"},
		{"σ_w²=1.5, c¹=0.3", "σ[1:w]²=1.5, c¹=0.3"},
		{"d_k", "d[1:k]"},
		// Names, not symbols: a mark after a word of two or more letters.
		{"leaky_relu", "leaky_relu"},
		{"sigma_w", "sigma_w"},
		{"mlp_layers", "mlp_layers"},
		// Nothing to take, unbalanced, escaped: literal.
		{"a_", "a_"},
		{"x^ y", "x^ y"},
		{"f_{ab", "f_{ab"},
		{"x_{}", "x_{}"},
		{`a\_b`, "a_b"},
		// Plain text is one run.
		{"layer ℓ", "layer ℓ"},
		{"", ""},
	} {
		if got := showRuns(parseLabel(c.in)); got != c.want {
			t.Errorf("parseLabel(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestLabelTextBox(t *testing.T) {
	h := newLabelText(font.DefaultCache)
	fnt := font.From(face, 10)
	// Without marks, labelText measures as text.Plain.
	for _, s := range []string{"layer ℓ", "leaky_relu", "0.25"} {
		w, a, d := h.Box(s, fnt)
		pw, pa, pd := h.plain.Box(s, fnt)
		if w != pw || a != pa || d != pd {
			t.Errorf("Box(%q) = %v %v %v, text.Plain %v %v %v", s, w, a, d, pw, pa, pd)
		}
	}
	// A script is narrower than the same letter at full size, a
	// superscript raises the top and a subscript lowers the bottom.
	wBase, aBase, dBase := h.Box("ρw", fnt)
	wSub, _, dSub := h.Box("ρ_w", fnt)
	_, aSup, _ := h.Box("ρ^w", fnt)
	if !(wSub < wBase) {
		t.Errorf("width of ρ_w %v, want < width of ρw %v", wSub, wBase)
	}
	if !(dSub > dBase) {
		t.Errorf("depth of ρ_w %v, want > %v", dSub, dBase)
	}
	if !(aSup > aBase) {
		t.Errorf("height of ρ^w %v, want > %v", aSup, aBase)
	}
}

// The space between a script and the next word survives in SVG, whose
// viewers drop the white space that begins a text element: the run after
// the script is drawn without its leading space, one space's width further
// right than where the script ends.
func TestLabelSpaceAfterScript(t *testing.T) {
	h := newLabelText(font.DefaultCache)
	fnt := font.From(face, 10)
	c := vgsvg.New(vg.Points(300), vg.Points(50))
	h.Draw(c, "6ξ_c at σ_w² = 1", text.Style{Font: fnt, Handler: h}, vg.Point{X: 10, Y: 20})
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	texts := regexp.MustCompile(`<text x="([^"]+)"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(buf.String(), -1)
	var got []string
	xs := map[string]float64{}
	for _, m := range texts {
		if strings.TrimLeft(m[2], " ") != m[2] {
			t.Errorf("text element %q begins with white space, which an SVG viewer drops", m[2])
		}
		got = append(got, m[2])
		x, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		xs[m[2]] = x
	}
	want := []string{"6ξ", "c", "at σ", "w", "² = 1"}
	if !slices.Equal(got, want) {
		t.Fatalf("text elements %q, want %q", got, want)
	}
	// vgsvg writes x in its own unit; compare the gap between "c" and
	// "at σ" with the width of "c" at the script's size plus a space at the
	// base size, in the ratio of the gap between "6ξ" and "c" to the width
	// of "6ξ".
	full := font.DefaultCache.Lookup(fnt, fnt.Size)
	scale := (xs["c"] - xs["6ξ"]) / float64(full.Width("6ξ"))
	small := fnt
	small.Size = vg.Length(float64(fnt.Size) * scriptScale)
	sub := font.DefaultCache.Lookup(small, small.Size)
	gap := (xs["at σ"] - xs["c"]) / scale
	if want := float64(sub.Width("c") + full.Width(" ")); math.Abs(gap-want) > 1e-3 {
		t.Errorf("\"at σ\" starts %.4f after \"c\", want the width of the script \"c\" and a space %.4f", gap, want)
	}
}
