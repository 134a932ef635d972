package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// TestOutputsRenderVetsFigures: the executor's check (what decides that a
// result is cached as ok) rejects the figures the site cannot draw or
// file, so they are never cached (issue 36: y = [1e308, −1e308] and
// [1e308, 1e308] were cached "ok" and crashed or hung every later run).
func TestOutputsRenderVetsFigures(t *testing.T) {
	fig := func(id, ys string) string {
		return `{"schema":1,"kind":"figure","figure":{"id":"` + id + `","caption":"c","series":[{"name":"s","x":[0,1],"y":` + ys + `}]}}`
	}
	nb := func(bundles ...string) *ipynb.Notebook {
		var outs []ipynb.Output
		for _, b := range bundles {
			outs = append(outs, ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: json.RawMessage(b)}})
		}
		return &ipynb.Notebook{NBFormat: 4, Cells: []ipynb.Cell{{CellType: "code", Source: "%%\n", Outputs: outs}}}
	}
	for _, tc := range []struct {
		name string
		nb   *ipynb.Notebook
		want string // "" = accepted
	}{
		{"good", nb(fig("a", "[1,2]"), fig("b", "[1,2]")), ""},
		{"constant 1e308", nb(fig("a", "[1e308,1e308]")), ""},
		{"overflow", nb(fig("a", "[1e308,-1e308]")), "extent is not finite"},
		{"no finite point", nb(fig("a", "[null,null]")), "no finite point"},
		{"same id", nb(fig("a", "[1,2]"), fig("a", "[3,4]")), "share the files"},
		{"unknown rule", nb(`{"schema":1,"kind":"metric","metric":{"name":"m","value":1,"tolerance":2,"rule":"roughly"}}`), `rule "roughly"`},
	} {
		err := outputsRender(tc.nb)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want accepted", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}
