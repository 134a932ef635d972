package render

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/eqindex"
	"github.com/sigprop/sigprop/reports/render/safehtml"
)

// TestRenderEquations: one row per entry under its source's author–year
// heading, the function linked to its documentation with its file and
// line, tests, quantities, the figures of the cells that use it (only
// those this report drew) and the erratum; problems shown at the top.
func TestRenderEquations(t *testing.T) {
	ix := &eqindex.Index{
		Entries: []eqindex.Entry{
			{Ref: eqindex.Ref{Source: "cowsik2024", Label: "eq. (10)"},
				Funcs:      []eqindex.Func{{Package: "lib/tokengeom", Name: "AttQP", File: "lib/tokengeom/attention.go", Line: 28}},
				Tests:      []string{"lib/tokengeom.TestAttQPLimits"},
				Quantities: []string{"tokengeom.att"},
				Cells:      []eqindex.Cell{{Notebook: "02-token-geometry", Index: 3}, {Notebook: "02-token-geometry", Index: 9}},
				Errata:     []string{"lib/sources/cowsik2024.md#erratum-7"}},
			{Ref: eqindex.Ref{Source: "tanner2024", Label: "F1"},
				Funcs: []eqindex.Func{{Package: "lib/meanfield", Name: "Net.QMap", File: "lib/meanfield/net.go", Line: 94}}},
		},
		Problems: []string{"lib/x/doc.go lists src eq. (2), which no sigprop:eq annotation in lib/x names"},
	}
	figs := map[eqindex.Cell][]string{{Notebook: "02-token-geometry", Index: 3}: {"att-map"}}
	page, err := New(WithEquationsHref("equations.html")).RenderEquations(EquationsPage{Index: ix, Figures: figs})
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, want := range []string{
		`<h2>Cowsik et al. 2024</h2>`,
		`<h2>Tanner 2024</h2>`,
		`<tr id="eq-cowsik2024-eq.-10"><td>eq. (10)</td>`,
		`<a href="https://pkg.go.dev/github.com/sigprop/sigprop/lib/tokengeom#AttQP"><code>tokengeom.AttQP</code></a> <span class="path">lib/tokengeom/attention.go:28</span>`,
		`<a href="https://pkg.go.dev/github.com/sigprop/sigprop/lib/meanfield#Net.QMap"><code>meanfield.Net.QMap</code></a>`,
		`<code>TestAttQPLimits</code> <span class="path">(lib/tokengeom)</span>`,
		`<code>tokengeom.att</code>`,
		`<a href="./02-token-geometry.html#fig-att-map">02-token-geometry att-map</a></td>`,
		`<code>lib/sources/cowsik2024.md#erratum-7</code>`,
		`The index is incomplete or inconsistent (1).`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Index(s, "Cowsik et al. 2024</h2>") > strings.Index(s, "Tanner 2024</h2>") {
		t.Error("sources not in order")
	}
	main := s[strings.Index(s, "<main>"):strings.Index(s, "</main>")]
	if err := safehtml.Check([]byte(main)); err != nil {
		t.Errorf("page is not inert: %v", err)
	}
	if _, err := New().RenderEquations(EquationsPage{}); err == nil {
		t.Error("a page without an index was rendered")
	}
}
