package publish

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/papers"
)

func TestLegacyClaim(t *testing.T) {
	for _, c := range []struct {
		in   string
		ids  []string
		note string
	}{
		{"Noci et al. 2022, Fig. 8 (right; uniform attention, n = 50, d = 32, L = 12 chosen)", papers.Claim(papers.Noci2022Fig8), "right; uniform attention, n = 50, d = 32, L = 12 chosen"},
		{"Noci et al. 2022, Fig. 3b (POST-LN, Table 2)", papers.Claim(papers.Noci2022Fig3), "POST-LN, Table 2"},
		{"P18, Fig. 4", papers.Claim(papers.TannerFig4), ""},
		{"Tanner lecture, Attention Fig. 2", papers.Claim(papers.TannerAttnFig2), ""},
		{"Noci et al. 2022, Thm 3.3, eq. (15)", nil, "Noci et al. 2022, Thm 3.3, eq. (15)"},
		{"Noci et al. 2022, Figs. 1/3a (at init)", nil, "Noci et al. 2022, Figs. 1/3a (at init)"},
		{"Smith et al. 2020, Fig. 1", nil, "Smith et al. 2020, Fig. 1"},
	} {
		ids, note := LegacyClaim(c.in)
		if !slices.Equal(ids, c.ids) || note != c.note {
			t.Errorf("LegacyClaim(%q) = %q, %q; want %q, %q", c.in, ids, note, c.ids, c.note)
		}
	}
}

// A schema-3 manifest's free-text paper_figure is read as the ids it
// names, on the entry and on its data.
func TestReadManifestLegacyClaims(t *testing.T) {
	dir := t.TempDir()
	old := `{"schema": 3, "provenance": {}, "notebooks": [], "metrics": [], "tables": [], "figures": [
 {"id": "fig8-rho", "notebook": "03-rank-collapse", "paper_figure": "Noci et al. 2022, Fig. 8 (right)", "data_hash": "x", "data": {"id": "fig8-rho", "caption": "c", "paper_figure": "Noci et al. 2022, Fig. 8 (right)", "series": []}},
 {"id": "eq15", "notebook": "03-rank-collapse", "paper_figure": "Noci et al. 2022, Thm 3.3, eq. (15)", "data_hash": "y", "data": {"id": "eq15", "caption": "c", "series": []}},
 {"id": "plain", "notebook": "03-rank-collapse", "data_hash": "z", "data": {"id": "plain", "caption": "c", "series": []}}]}`
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Figures
	if !slices.Equal(f[0].Paper, papers.Claim(papers.Noci2022Fig8)) || f[0].PaperNote != "right" || !slices.Equal(f[0].Data.Paper, f[0].Paper) || f[0].Data.PaperNote != "right" {
		t.Errorf("fig8-rho: %q %q, data %q %q", f[0].Paper, f[0].PaperNote, f[0].Data.Paper, f[0].Data.PaperNote)
	}
	if f[1].Paper != nil || f[1].PaperNote != "Noci et al. 2022, Thm 3.3, eq. (15)" || f[2].Paper != nil || f[2].PaperNote != "" {
		t.Errorf("eq15 %q %q, plain %q %q", f[1].Paper, f[1].PaperNote, f[2].Paper, f[2].PaperNote)
	}
}
