package showtest

import (
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
)

// recorder counts the errors AtYourSettings reports.
type recorder struct {
	testing.TB
	errors int
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.errors++ }

// TestAtYourSettingsCanFail: a view that says what it ran passes; a figure
// claiming a paper figure, a caption without the note, Params other than the
// values run, a missing check and a not-applicable check shown each fail.
func TestAtYourSettingsCanFail(t *testing.T) {
	params := map[string]float64{"n": 6}
	good := show.View{show.Fig(show.Figure{ID: "f", Caption: "x" + show.YourSettings, Params: params}),
		show.Agree(show.Agreement{Name: "z"}), show.Text("not applicable at your settings: claim (the paper's L only)\n")}
	r := &recorder{TB: t}
	AtYourSettings(r, "good", good, params, []string{"z"}, []string{"claim"})
	if r.errors != 0 {
		t.Fatalf("a view at your settings: %d errors, want 0", r.errors)
	}
	for _, c := range []struct {
		name          string
		v             show.View
		params        map[string]float64
		apply, notApp []string
	}{
		{"claims a paper figure", show.View{show.Fig(show.Figure{ID: "f", Paper: papers.Claim(papers.Noci2022Fig8), Caption: "x" + show.YourSettings})}, nil, nil, nil},
		{"a table claims", show.View{show.Tab(bundle.Table{ID: "t", Paper: papers.Claim(papers.Noci2022Fig4)})}, nil, nil, nil},
		{"caption without the note", show.View{show.Fig(show.Figure{ID: "f", Caption: "x"})}, nil, nil, nil},
		{"other Params", show.View{show.Fig(show.Figure{ID: "f", Caption: "x" + show.YourSettings, Params: map[string]float64{"n": 50}})}, params, nil, nil},
		{"Params where none are expected", show.View{show.Fig(show.Figure{ID: "f", Caption: "x" + show.YourSettings, Params: params})}, map[string]float64{}, nil, nil},
		{"a check missing", show.View{}, nil, []string{"z"}, nil},
		{"a paper-only check shown", show.View{show.Agree(show.Agreement{Name: "claim"})}, nil, nil, []string{"claim"}},
	} {
		r := &recorder{TB: t}
		AtYourSettings(r, c.name, c.v, c.params, c.apply, c.notApp)
		if r.errors == 0 {
			t.Errorf("%s: no error", c.name)
		}
	}
}
