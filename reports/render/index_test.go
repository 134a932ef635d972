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
		Sources: map[conformance.Setting]map[conformance.Outcome]int{
			conformance.AtPaper:          {conformance.Reproduced: 3, conformance.Partial: 1},
			conformance.Analogue:         {conformance.NotReproduced: 1},
			conformance.SchematicSetting: {conformance.NotApplicable: 1},
		},
		ByType:     map[conformance.Type]int{conformance.Data: 5, conformance.SchematicType: 1},
		Rows:       6,
		BeyondRows: 1,
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
		`<a href="conformance.html">Conformance to the papers</a>: at the paper&#39;s setting: 3 reproduced, 1 partial; analogues: 1 not reproduced; schematic: 1 schematic; 6 rows of the sources, outcomes computed from the claim checks; 1 beyond the sources, counted apart.`,
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
