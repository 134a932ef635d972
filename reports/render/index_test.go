package render

import (
	"strings"
	"testing"
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
	got, err := New().RenderIndex([]IndexEntry{ok, e})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/index.html.golden", got)
	s := string(got)
	for _, want := range []string{
		`2 notebooks, 1 failed`, `metrics 5/6 passed`, `1&nbsp;min 15&nbsp;s`, `12.35&nbsp;s`,
		`<a href="test-notebook.html">Mean field $q^*$ test</a>`, `<span class="err">3 cells failed</span>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("index lacks %q", want)
		}
	}
}
