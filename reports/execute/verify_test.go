package execute

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// withBundles returns a notebook whose one cell displays each payload as a
// sigprop bundle, encoded as kernel-ext sends it (a JSON string).
func withBundles(payloads ...string) *ipynb.Notebook {
	c := ipynb.Cell{CellType: "code"}
	for _, p := range payloads {
		s, _ := json.Marshal(p)
		c.Outputs = append(c.Outputs,
			ipynb.Output{OutputType: "stream", Name: "stdout", Text: "timing varies"},
			ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: s, "text/plain": json.RawMessage(`"x"`)}})
	}
	return &ipynb.Notebook{Cells: []ipynb.Cell{c}}
}

func TestCompareFigures(t *testing.T) {
	fig := `{"schema":1,"kind":"figure","figure":{"id":"f1","series":[{"y":[0.1,2]}]}}`
	for _, tc := range []struct {
		name string
		a, b *ipynb.Notebook
		want string // "" = equal, else a substring of the difference
	}{
		{"same", withBundles(fig), withBundles(fig), ""},
		{"layout and key order", withBundles(fig), withBundles(`{"kind":"figure", "schema":1, "figure":{"series":[{"y":[0.1, 2]}], "id":"f1"}}`), ""},
		{"last bit of a number", withBundles(fig), withBundles(strings.Replace(fig, "0.1", "0.10000000000000002", 1)), "figure f1"},
		{"a metric", withBundles(fig, `{"kind":"metric","metric":{"name":"m","value":1}}`), withBundles(fig, `{"kind":"metric","metric":{"name":"m","value":1.5}}`), "metric m"},
		{"one output more", withBundles(fig), withBundles(fig, fig), "1 sigprop outputs cached, 2 now"},
	} {
		got := compareFigures(tc.a, tc.b)
		if (got == "") != (tc.want == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: compareFigures = %q, want %q", tc.name, got, tc.want)
		}
	}
}
