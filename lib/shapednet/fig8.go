package shapednet

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// Fig8Beyond is the known disagreement of Fig. 8 beyond γ = 0.5
// (StopGrid.Plane checks it). Its record: declared in commit caa0d03,
// from no pilot; the Fig. 8 grid it reads is a deterministic run at the
// notebook's seed, drawn in the report since a9e6e75, whose text already
// described the non-monotone median. Plane sets DataSeeds from the grid
// it checks.
var Fig8Beyond = result.Disagreement{
	Paper:    "Noci et al. 2023, Sec. 4.4 and Fig. 8: a smaller γ delays the instability: the median stopping time falls as γ grows, up to γ = 1",
	Measured: "at τ₀ = 4 the median t* rises from γ = 0.5 to γ = 1, by several SE",
	Why:      "without a shortcut (γ = 1) t* is bimodal, a network fails within a few layers or not at all, and a cool softmax keeps more than half stable, so the median jumps to 1; the paper's grid is not stated and may stop near γ = 0.5",
	Declared: result.Declaration{Commit: "caa0d03",
		Seen: "the Fig. 8 grid of notebook 05 at the reported seed (a deterministic run, in the report since commit a9e6e75; the notebook's text described the median rising beyond γ = 0.5 before the check existed)"},
}

// fig8I0 and fig8I1 are the γ indices, fig8J the τ₀ index, Fig8Beyond's check
// reads: γ = 0.5 and 1 at τ₀ = 4 on Fig8's grid.
const fig8I0, fig8I1, fig8J = 5, 7, 4

// Plane is figure fig8 (Fig. 8): the median stopping time t* (capped at
// 1, the colour range [0, 1]) over γ and τ₀, and, on the paper's grid
// (At(Fig8())), the three claims on it: t* falls from γ index 0 to 5 at
// every τ₀ (the central claim), rises from the first τ₀ to the last
// pooled over γ indices 2…5, and falls on from γ index 5 to 7 at the last
// τ₀, which Fig8Beyond declares a known disagreement (its DataSeeds the
// seeds of the two cells the check reads: grid point k ran with
// g.Seed + k, k = j·len(Gammas) + i). Elsewhere the claims, which index
// the paper's grid, are not applicable.
func (g StopGrid) Plane() result.Plane {
	c, st := g.Config, g.Study
	paper := g.At(Fig8())
	caption := fmt.Sprintf("Median stopping time t* (capped at 1) of the shaped-attention network over residual weight γ and temperature τ₀; n = %d, d = %d, m = %d, token SD %g, %d networks per cell.", c.Width, c.Depth, st.M, st.TokenSD, st.Nets)
	if paper {
		caption = "Median stopping time t* (capped at 1) of the shaped-attention network over residual weight γ and temperature τ₀; n = d = 200, m = 2, adversarial initialisation as Fig. 5, 100 networks per cell."
	}
	p := result.Plane{Caption: caption, X: result.Axis{Label: "γ"}, Y: result.Axis{Label: "τ₀"}, Xs: g.Gammas, Ys: g.Tau0s, Z: g.Z,
		ZName: "median t*", ZLabel: "median t*", ZMin: 0, ZMax: 1,
		Record: result.Record{Params: map[string]float64{"width": float64(c.Width), "depth": float64(c.Depth), "m": float64(st.M), "networks": float64(st.Nets), "token_sd": st.TokenSD},
			Seed: g.Seed, HasSeed: true, AtPaper: paper}}
	if !paper {
		why := fmt.Sprintf("a claim of the paper read on its grid γ = 0.05…1 × τ₀ = 0.25…4 with 100 networks of width and depth 200; here a %d×%d grid, %d networks of width %d, depth %d", len(g.Gammas), len(g.Tau0s), st.Nets, c.Width, c.Depth)
		for _, name := range []string{"Fig. 8: t* falls from γ = 0.05 to 0.5 at every τ₀ (least fall, in SE)", "Fig. 8: t* rises from τ₀ = 0.25 to 4 (sum over γ = 0.2…0.5, in SE)",
			"Fig. 8, known disagreement: t*(γ = 1) − t*(γ = 0.5) at τ₀ = 4, in SE"} {
			p.Checks = append(p.Checks, result.Check{Name: name, NotApplicable: why})
		}
		p.Record.NotPaper = why
		return p
	}
	n := uint64(len(g.Gammas))
	p.Checks = []result.Check{
		{Name: "Fig. 8: t* falls from γ = 0.05 to 0.5 at every τ₀ (least fall, in SE)", Kind: result.Claim, Value: g.LeastFall(0, 5), Tol: -4, Rule: result.AtMost,
			Basis: "a fall of at least 4 SE at each τ₀ (SE of each median by empirical.QuantileSE over 100 networks)", Statement: papers.Noci2023Fig8Gamma, Central: true},
		{Name: "Fig. 8: t* rises from τ₀ = 0.25 to 4 (sum over γ = 0.2…0.5, in SE)", Kind: result.Claim, Value: g.PooledRise(0, 4, 2, 5), Tol: 4, Rule: result.AtLeast,
			Basis: "a rise of at least 4 SE of the summed differences (SE of each median by empirical.QuantileSE)", Statement: papers.Noci2023Fig8Tau},
		{Name: "Fig. 8: t* falls from γ = 0.5 to 1 at τ₀ = 4, in SE", Kind: result.Claim, Value: g.DiffZ(fig8I0, fig8J, fig8I1, fig8J), Tol: -4, Rule: result.AtMost,
			Basis:        "a fall of at least 4 SE, the rule of the fall from γ = 0.05 to 0.5 (SE of each median by empirical.QuantileSE over 100 networks)",
			Note:         "t*(γ = 1) − t*(γ = 0.5) at τ₀ = 4",
			Disagreement: Fig8Beyond.WithDataSeeds(g.Seed+uint64(fig8J)*n+fig8I0, g.Seed+uint64(fig8J)*n+fig8I1)},
	}
	return p
}
