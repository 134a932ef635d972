package show

import (
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/papers"
)

func TestAtPaper(t *testing.T) {
	f := Figure{ID: "f", Caption: "A caption.", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "right"}
	if g := AtPaper(f, true); !slices.Equal(g.Paper, f.Paper) || g.PaperNote != f.PaperNote || g.Caption != f.Caption {
		t.Errorf("AtPaper(f, true) = %+v, want f unchanged", g)
	}
	g := AtPaper(f, false)
	if g.Paper != nil || g.PaperNote != "" || g.Caption != "A caption. (at your settings)" {
		t.Errorf("AtPaper(f, false): Paper %q %q, caption %q; want none and the caption with %q", g.Paper, g.PaperNote, g.Caption, YourSettings)
	}
	if len(f.Paper) == 0 || f.PaperNote == "" {
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
