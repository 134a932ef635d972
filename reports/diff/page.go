package diff

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/reports/render"
)

// RenderHTML returns the diff page: changed figures first, each with its
// before and after pictures side by side and an overlay of both versions'
// series (over a map of z(B) − z(A) when a heat grid of unchanged shape
// changed), then added and removed figures, then the tables that moved
// (their structural changes and moved cells, old and new text side by
// side), then the metrics table.
// Unchanged figures are counted, not shown. The page links the report assets at
// assetBase (e.g. "assets/") for its look.
func (r *Report) RenderHTML(titleA, titleB, assetBase string) ([]byte, error) {
	type figView struct {
		FigureDiff
		Before, After, Overlay template.HTML
		HeatDelta              bool // the overlay's cells show z(B) − z(A)
	}
	var figs []figView
	for _, f := range r.Figures {
		if f.Status == Unchanged {
			continue
		}
		v := figView{FigureDiff: f}
		v.HeatDelta = f.Heat != nil && f.Heat.Status == Changed && !f.Heat.ShapeChanged()
		var err error
		if f.Old != nil {
			if v.Before, err = svgOf(*f.Old, nil, "", false); err != nil {
				return nil, fmt.Errorf("diff: figure %s (before): %w", f.ID, err)
			}
		}
		if f.New != nil {
			if v.After, err = svgOf(*f.New, nil, "", false); err != nil {
				return nil, fmt.Errorf("diff: figure %s (after): %w", f.ID, err)
			}
		}
		if f.Old != nil && f.New != nil {
			if v.Overlay, err = svgOf(*f.Old, f.New, "overlay", v.HeatDelta); err != nil {
				return nil, fmt.Errorf("diff: figure %s (overlay): %w", f.ID, err)
			}
		}
		figs = append(figs, v)
	}
	var buf bytes.Buffer
	err := pageTmpl.Execute(&buf, map[string]any{
		"A": titleA, "B": titleB, "Assets": assetBase, "R": r, "Figures": figs,
	})
	return buf.Bytes(), err
}

// A diff page shows a figure before, after and overlaid, side by side:
// each is drawn at thumbWidth × thumbHeight points, smaller than a report
// figure, so that at about a third of the page's width its
// text is as large as on the report page (the diff page is up to 96rem
// wide and shows three a row).
const (
	thumbWidth  = 320.0
	thumbHeight = 240.0
)

// svgOf draws f with its heat grid, or the overlay of f (solid, "A") and g
// (points, "B"), over the cells of z(g) − z(f) when delta is set (the grids
// then have the same shape). An overlay with nothing to draw is empty.
func svgOf(f bundle.Figure, g *bundle.Figure, suffix string, delta bool) (template.HTML, error) {
	sf := picture.Figure{ID: f.ID + suffix, Caption: f.Caption, XLabel: f.XLabel, YLabel: f.YLabel,
		Width: thumbWidth, Height: thumbHeight}
	if f.Draw != nil {
		sf.LogX, sf.LogY = f.Draw.LogX, f.Draw.LogY
	}
	if sf.LogX || sf.LogY {
		if f.Heat != nil || g != nil && g.Heat != nil {
			sf.LogX, sf.LogY = false, false // picture draws no heatmap on a log axis
		}
	}
	add := func(fig bundle.Figure, tag string, style picture.Style) {
		for i, s := range fig.Series {
			name := s.Name
			if tag != "" {
				name += " (" + tag + ")"
			}
			// Series i of A and of B share a colour, so the overlay
			// pairs them.
			sf.Series = append(sf.Series, picture.Series{Name: name, X: floats(s.X), Y: floats(s.Y), Style: style, Colour: i + 1})
		}
	}
	if g == nil {
		add(f, "", picture.LinePoints)
		sf.Heat = heatOf(f.Heat)
	} else {
		add(f, "A", picture.Line)
		add(*g, "B", picture.Points)
		if delta {
			sf.Heat = deltaOf(f.Heat, g.Heat)
		} else if len(sf.Series) == 0 {
			return "", nil
		}
	}
	if len(sf.Series) == 0 && sf.Heat == nil {
		return template.HTML("<p class=\"sigprop-nodata\">no data</p>"), nil
	}
	svg, _, err := picture.RenderFigure(sf)
	if errors.Is(err, picture.ErrNoData) {
		return template.HTML("<p class=\"sigprop-nodata\">no finite data</p>"), nil
	}
	return template.HTML(svg), err // SVG produced by gonum/plot, not user HTML
}

// heatOf is the picture.Heat of a bundle heat grid (nil for nil).
func heatOf(h *bundle.Heat) *picture.Heat {
	if h == nil {
		return nil
	}
	return &picture.Heat{Name: h.Name, X: floats(h.X), Y: floats(h.Y), Z: floats(h.Z), ZLabel: h.ZLabel}
}

// deltaOf is the grid of b with z(b) − z(a), for grids of the same shape.
func deltaOf(a, b *bundle.Heat) *picture.Heat {
	h := heatOf(b)
	h.Name = "Δ " + b.Name
	h.ZLabel = "Δ " + b.ZLabel + " (B − A)"
	for k := range h.Z {
		h.Z[k] -= float64(a.Z[k])
	}
	return h
}

func floats(xs []bundle.Float) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

var pageTmpl = template.Must(template.New("diff").Funcs(template.FuncMap{
	"g": func(x float64) string {
		if math.IsNaN(x) {
			return "—"
		}
		return fmt.Sprintf("%.4g", x)
	},
	"grid": func(h *HeatDiff) string {
		switch {
		case h.Status == Added:
			return fmt.Sprintf("— → %d×%d", h.NewNX, h.NewNY)
		case h.Status == Removed:
			return fmt.Sprintf("%d×%d → —", h.OldNX, h.OldNY)
		case h.OldNX != h.NewNX || h.OldNY != h.NewNY:
			return fmt.Sprintf("%d×%d → %d×%d", h.OldNX, h.OldNY, h.NewNX, h.NewNY)
		}
		return fmt.Sprintf("%d×%d", h.NewNX, h.NewNY)
	},
	"moved": func(ts []TableDiff) int {
		n := 0
		for _, t := range ts {
			if t.Status != Unchanged {
				n++
			}
		}
		return n
	},
	"p": func(x *float64) string {
		if x == nil {
			return "—"
		}
		return fmt.Sprintf("%.6g", *x)
	},
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="` + render.ContentSecurityPolicy + `">
<title>sigprop diff {{.A}} → {{.B}}</title>
<link rel="stylesheet" href="{{.Assets}}sigprop.css">
<style>
body{max-width:96rem}
.sigprop-diff-row{display:flex;gap:1em;flex-wrap:wrap}
.sigprop-diff-row figure{margin:0;flex:1 1 26rem;min-width:22rem;max-width:40rem}
.sigprop-diff-row svg{display:block;width:100%;height:auto}
.sigprop-diff-row svg text{font-family:"Liberation Sans",Arial,Helvetica,sans-serif !important}
.st-changed,.st-regressed{color:#b00020;font-weight:bold}
.st-added{color:#006d2c}.st-removed{color:#8a4b00}
</style>
</head>
<body>
<main>
<h1>sigprop diff: <code>{{.A}}</code> → <code>{{.B}}</code></h1>
{{with .R.Scope}}<p>A run with parameters: compared on {{range $i, $n := .}}{{if $i}}, {{end}}<code>{{$n}}</code>{{end}} only (the other notebooks of either report are not compared).</p>{{end}}
{{with .R.Params}}<table class="sigprop-table"><thead><tr><th>notebook</th><th>parameter</th><th>old</th><th>new</th></tr></thead><tbody>
{{range .}}<tr><td>{{.Notebook}}</td><td>{{.Name}}</td><td>{{or .Old "(the notebook's own)"}}</td><td>{{or .New "(the notebook's own)"}}</td></tr>
{{end}}</tbody></table>{{end}}
<p>Figures: {{len .Figures}} moved, {{.R.Unchanged}} unchanged (rtol {{.R.RTol}}, atol {{.R.ATol}}).</p>
{{range .Figures}}
<section class="sigprop-diff-figure">
<h2><span class="st-{{.Status}}">{{.Status}}</span> {{.Notebook}} / {{.ID}}</h2>
{{with .Params}}<p>Parameters: {{range .}}<code>{{.}}</code> {{end}}</p>{{end}}
{{with .Series}}<table class="sigprop-table"><thead><tr><th>series</th><th>status</th><th>max |Δy|</th><th>max rel</th><th>at index</th><th>at x</th><th>note</th></tr></thead><tbody>
{{range .}}<tr><td>{{.Name}}</td><td class="st-{{.Status}}">{{.Status}}</td>{{if eq .Status "changed"}}<td>{{g .MaxAbs}}</td><td>{{g .MaxRel}}</td><td>{{if ge .AtIndex 0}}{{.AtIndex}}{{end}}</td><td>{{if ge .AtIndex 0}}{{g .AtX}}{{end}}</td>{{else}}<td></td><td></td><td></td><td></td>{{end}}<td>{{.Note}}{{if .XMoved}} x moved{{end}}</td></tr>
{{end}}</tbody></table>{{end}}
{{with .Heat}}<table class="sigprop-table"><thead><tr><th>heat</th><th>status</th><th>grid (nx×ny)</th><th>max |Δz|</th><th>max rel</th><th>at cell (i, j)</th><th>at (x, y)</th><th>note</th></tr></thead><tbody>
<tr><td>{{.Name}}</td><td class="st-{{.Status}}">{{.Status}}</td><td>{{grid .}}</td>{{if and (eq .Status "changed") (ge .AtI 0)}}<td>{{g .MaxAbs}}</td><td>{{g .MaxRel}}</td><td>({{.AtI}}, {{.AtJ}})</td><td>({{g .AtX}}, {{g .AtY}})</td>{{else}}<td></td><td></td><td></td><td></td>{{end}}<td>{{.Note}}{{if .XMoved}} x moved{{end}}{{if .YMoved}} y moved{{end}}</td></tr>
</tbody></table>{{end}}
<div class="sigprop-diff-row">
{{if .Before}}<figure>{{.Before}}<figcaption>before ({{$.A}})</figcaption></figure>{{end}}
{{if .After}}<figure>{{.After}}<figcaption>after ({{$.B}})</figcaption></figure>{{end}}
{{if .Overlay}}<figure>{{.Overlay}}<figcaption>overlay: lines {{$.A}}, points {{$.B}}{{if .HeatDelta}}; colour: z({{$.B}}) − z({{$.A}}){{end}}</figcaption></figure>{{end}}
</div>
</section>
{{end}}
<h2>Tables</h2>
{{if .R.TablesCompared}}<p>Tables: {{moved .R.Tables}} moved, {{.R.UnchangedTables}} unchanged (numeric cells: rtol {{.R.RTol}}, atol {{.R.ATol}}).</p>
{{range .R.Tables}}{{if ne .Status "unchanged"}}<section class="sigprop-diff-table">
<h3><span class="st-{{.Status}}">{{.Status}}</span> {{.Notebook}} / {{.ID}}</h3>
{{with .New}}{{with .Caption}}<p>{{.}}</p>{{end}}{{else}}{{with .Old}}{{with .Caption}}<p>{{.}}</p>{{end}}{{end}}{{end}}
{{with .Changes}}<ul>{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{with .Cells}}<table class="sigprop-table"><thead><tr><th>row</th><th>column</th><th>old</th><th>new</th><th>max |Δ|</th><th>max rel</th></tr></thead><tbody>
{{range .}}<tr><td>{{.Row}}{{with .Label}}: {{.}}{{end}}</td><td>{{.Col}}{{with .Column}}: {{.}}{{end}}</td><td>{{.Old}}</td><td>{{.New}}</td>{{if .Numeric}}<td>{{g .MaxAbs}}</td><td>{{g .MaxRel}}</td>{{else}}<td colspan="2">text</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}
</section>
{{end}}{{end}}{{else}}<p>Not compared: a report predates tables in the manifest.</p>{{end}}
<h2>Metrics</h2>
<table class="sigprop-table"><thead><tr><th>notebook</th><th>metric</th><th>status</th><th>old</th><th>new</th><th>tolerance</th><th>outcome (old → new)</th></tr></thead><tbody>
{{range .R.Metrics}}<tr><td>{{.Notebook}}</td><td>{{.Name}}</td><td class="st-{{.Status}}{{if .Regressed}} st-regressed{{end}}">{{.Status}}{{if .Regressed}} (regressed){{end}}{{with .Known}} (known disagreement {{.}}){{end}}</td><td>{{p .Old}}</td><td>{{p .New}}</td><td>{{.Tolerance}}</td><td>{{or .OldOutcome "—"}} → {{or .NewOutcome "—"}}</td></tr>
{{end}}</tbody></table>
<h2>Values in the prose</h2>
{{if .R.Values}}<table class="sigprop-table"><thead><tr><th>notebook</th><th>value</th><th>status</th><th>old</th><th>new</th></tr></thead><tbody>
{{range .R.Values}}<tr><td>{{.Notebook}}</td><td>{{.Name}}</td><td class="st-{{.Status}}">{{.Status}}</td><td>{{or .OldText "—"}}</td><td>{{or .NewText "—"}}</td></tr>
{{end}}</tbody></table>{{end}}<p>{{len .R.Values}} moved, {{.R.UnchangedValues}} unchanged.</p>
<h2>Conformance to the papers</h2>
{{if .R.ConformanceCompared}}{{with .R.ConformanceCounts}}<table class="sigprop-table"><thead><tr><th>setting</th><th>outcome (computed)</th><th>rows (old → new)</th></tr></thead><tbody>
{{range .}}<tr><td>{{or .Setting "—"}}</td><td>{{.Outcome}}</td><td>{{.Old}} → {{.New}}</td></tr>
{{end}}</tbody></table>{{end}}{{if .R.Conformance}}<table class="sigprop-table"><thead><tr><th>row</th><th>status</th><th>outcome (old → new)</th><th>worst ratio (old → new)</th><th>changes</th></tr></thead><tbody>
{{range .R.Conformance}}<tr><td>{{.ID}}</td><td class="st-{{.Status}}{{if .Crossed}} st-regressed{{end}}">{{.Status}}</td><td>{{or .OldStatus "—"}} → {{or .NewStatus "—"}}</td><td>{{p .OldWorst}} → {{p .NewWorst}}</td><td>{{range .Changes}}{{.}}<br>{{end}}</td></tr>
{{end}}</tbody></table>{{else}}<p>No row changed.</p>{{end}}{{else}}<p>Not compared: a report predates the conformance list.</p>{{end}}
</main>
</body>
</html>
`))
