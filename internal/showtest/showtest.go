package showtest

import (
	"maps"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
)

// AtYourSettings checks that every figure and table of v claims no paper
// figure, that every figure says so in its caption (show.YourSettings), that its Params are params
// (not checked when params is nil; an empty map requires no Params), that
// every check named in apply is shown, and that every one named in
// notApplicable is replaced by its not-applicable line with a reason.
func AtYourSettings(t testing.TB, what string, v show.View, params map[string]float64, apply, notApplicable []string) {
	t.Helper()
	for _, f := range v.Figures() {
		if len(f.Paper) > 0 || f.PaperNote != "" || !strings.HasSuffix(f.Caption, show.YourSettings) {
			t.Errorf("%s: figure %s claims %q, caption %q; want no claim and %q", what, f.ID, f.Paper, f.Caption, show.YourSettings)
		}
		if params != nil && !maps.Equal(f.Params, params) {
			t.Errorf("%s: figure %s Params %v, want the values run %v", what, f.ID, f.Params, params)
		}
	}
	for _, tb := range v.Tables() {
		if len(tb.Paper) > 0 {
			t.Errorf("%s: table %s claims %q; want no claim", what, tb.ID, tb.Paper)
		}
	}
	shown := map[string]bool{}
	for _, a := range v.Agreements() {
		shown[a.Name] = true
	}
	var lines strings.Builder
	for _, s := range v.Texts() {
		lines.WriteString(s)
	}
	for _, name := range apply {
		if !shown[name] {
			t.Errorf("%s: check %q not shown (have %v); it applies at any settings", what, name, shown)
		}
	}
	for _, name := range notApplicable {
		if shown[name] || !strings.Contains(lines.String(), "not applicable at your settings: "+name+" (") {
			t.Errorf("%s: check %q shown %v, lines %q; want it not applicable, with its reason", what, name, shown[name], lines.String())
		}
	}
}
