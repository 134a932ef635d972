package show

import (
	"strings"
	"testing"
)

func TestAtPaper(t *testing.T) {
	f := Figure{ID: "f", Caption: "A caption.", PaperFigure: "Noci et al. 2022, Fig. 8"}
	if g := AtPaper(f, true); g.PaperFigure != f.PaperFigure || g.Caption != f.Caption {
		t.Errorf("AtPaper(f, true) = %+v, want f unchanged", g)
	}
	g := AtPaper(f, false)
	if g.PaperFigure != "" || g.Caption != "A caption. (at your settings)" {
		t.Errorf("AtPaper(f, false): PaperFigure %q, caption %q; want none and the caption with %q", g.PaperFigure, g.Caption, YourSettings)
	}
	if f.PaperFigure == "" {
		t.Error("AtPaper changed its argument")
	}
}

func TestPaperCheck(t *testing.T) {
	a := Agreement{Name: "claim-x", Kind: Claim, Value: 1, Tol: 2, Basis: "b"}
	if got, ok := PaperCheck(a, true, "why").Agreement(); !ok || got != a {
		t.Errorf("PaperCheck(a, true) = %v, want a", got)
	}
	it := PaperCheck(a, false, "read at the paper's depth 12")
	s, ok := it.Text()
	if !ok || !strings.Contains(s, "not applicable at your settings: claim-x") || !strings.Contains(s, "read at the paper's depth 12") {
		t.Errorf("PaperCheck(a, false) = %q, want a not-applicable line naming the check and the reason", s)
	}
	View{it}.Show() // a text item prints; it must not panic
}
