package render

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/conformance"
)

func TestRenderIndexGolden(t *testing.T) {
	p := testPage(t)
	e, err := NewIndexEntry(p, "test-notebook.html")
	if err != nil {
		t.Fatal(err)
	}
	if e.Figures != 1 || e.Metrics != 2 || e.MetricsPassed != 1 || e.Title != "Mean field $q^*$ test" {
		t.Errorf("index entry %+v, want 1 figure, 1/2 metrics and the H1 title", e)
	}
	ok := IndexEntry{Name: "000-overview", Href: "000-overview.html", Status: StatusOK, Duration: 75e9, Figures: 3, Metrics: 4, MetricsPassed: 4}
	conf := &conformance.Counts{
		ByStatus:     map[conformance.Status]int{conformance.Reproduced: 3, conformance.Partial: 2, conformance.Schematic: 1},
		ByType:       map[conformance.Type]int{conformance.Data: 5, conformance.SchematicType: 1},
		DataByStatus: map[conformance.Status]int{conformance.Reproduced: 3, conformance.Partial: 2},
	}
	got, err := New().RenderIndex([]IndexEntry{ok, e}, conf)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/index.html.golden", got)
	s := string(got)
	for _, want := range []string{
		`2 notebooks, 1 failed`, `metrics 5/6 passed`, `1&nbsp;min 15&nbsp;s`, `12.35&nbsp;s`,
		`<a href="test-notebook.html">Mean field $q^*$ test</a>`, `<span class="err">3 cells failed</span>`,
		`theory vs simulation 1 &middot;`, `kind unstated 1</span>`, `tolerance basis unstated 1</span>`, `<td class="num">1 / 1</td>`,
		`<a href="conformance.html">Conformance to the papers</a>: reproduced 3 &middot; partial 2`, `(of 5 data figures and tables: 3 reproduced, 2 partial, 0 analogue, 0 not reproduced)`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("index lacks %q", want)
		}
	}
}

func TestUnstatedFlagsOnlyMissing(t *testing.T) {
	if got := unstated("kind unstated", 0); got != "kind unstated 0" {
		t.Errorf("0 missing: %q, want no flag", got)
	}
	if got := unstated("kind unstated", 2); got != `<span class="unstated">kind unstated 2</span>` {
		t.Errorf("2 missing: %q, want the flag", got)
	}
}
