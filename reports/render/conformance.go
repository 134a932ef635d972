package render

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/markup"
	"github.com/sigprop/sigprop/reports/conformance"
)

// ConformancePage is the content of the conformance page: every figure
// and table of the sources, and what a report drew for each.
type ConformancePage struct {
	List    *conformance.List
	Results []conformance.Result // List.Results of the report
	// OffList are drawn figures that name something of a source that is
	// no figure (a Note without Paper; List.Check).
	OffList []conformance.Drawn
	// Errors are the disagreements of List.Check, one per line; the
	// report fails when there is any.
	Errors []string
	// Pages are the notebooks with a page in this site: a figure of
	// another notebook is shown without a link.
	Pages map[string]bool
}

// RenderConformance returns the conformance page: the computed outcomes
// counted by setting (the rows of the sources, then apart those beyond
// them), then per source one row per figure or table with its setting and
// reason, its computed outcome and how it was computed, the sigprop
// figures (linked to their anchors on the notebook pages), the metrics
// that check them (claim checks first, each with the claim it quotes) and
// the worst |value|/tolerance. Same input, same bytes.
func (r *Renderer) RenderConformance(p ConformancePage) ([]byte, error) {
	if p.List == nil || len(p.Results) != len(p.List.Rows) {
		return nil, fmt.Errorf("render: conformance page needs one result per row")
	}
	const title = "Conformance to the papers"
	var w bytes.Buffer
	r.head(&w, title, false)
	w.WriteString("<body class=\"conformance\">\n<header class=\"page\">\n")
	if r.opts.indexHref != "" {
		fmt.Fprintf(&w, "<nav class=\"crumbs\"><a href=\"%s\">%s</a> / conformance</nav>\n", html.EscapeString(r.opts.indexHref), html.EscapeString(r.opts.siteTitle))
	}
	fmt.Fprintf(&w, "<h1>%s</h1>\n", title)
	c := conformance.Count(p.Results)
	fmt.Fprintf(&w, "<p class=\"meta\">%d figures and tables of %d sources (the figures of <code>lib/papers</code>)", c.Rows, len(p.List.SortedSources(conformance.InSources)))
	if c.BeyondRows > 0 {
		fmt.Fprintf(&w, ", and <a href=\"#beyond\">%d beyond the sources</a>, counted apart", c.BeyondRows)
	}
	w.WriteString(".</p>\n")
	w.WriteString("<p class=\"meta\">The <em>setting</em> is typed in <code>lib/papers</code> (the paper's, an analogue saying what differs, or schematic); the <em>outcome</em> is computed from the checks that quote a claim of the source: reproduced when every claim check passes (and nothing of the figure is missing), partial when some do, not reproduced when none does or the central claim does not hold, not checked when no check quotes a claim. A known disagreement is a claim that does not hold: it counts as failed in the outcome, the worst ratio and the counts.</p>\n")
	countsTable(&w, c.Sources)
	w.WriteString("<p class=\"meta\">By type:")
	for i, t := range conformance.Types {
		if i > 0 {
			w.WriteString(" &middot;")
		}
		fmt.Fprintf(&w, " %s %d", html.EscapeString(string(t)), c.ByType[t])
	}
	w.WriteString(".</p>\n")
	if k, rows := conformance.KnownDisagreements(p.Results); k > 0 {
		fmt.Fprintf(&w, "<p class=\"meta\">%s in %d row%s: checks of a paper's claim that do not hold here, each with what the paper says, what sigprop measures, why, and when it was declared against when its result was seen (on the metric's page).</p>\n", knownCount(k), rows, plural(rows))
	} else {
		w.WriteString("<p class=\"meta\">0 known disagreements.</p>\n")
	}
	w.WriteString("<p class=\"meta\">Worst ratio: the largest |value|/tolerance (≤ 1 passes; for one-sided rules the same scale, see <code>bundle.Metric.Ratio</code>) over the metrics whose <code>Figure</code> is one of the row's figures, known disagreements included.</p>\n</header>\n<main>\n")
	if len(p.Errors) > 0 {
		w.WriteString("<div class=\"notebook-error\"><strong>The figure list and the notebooks disagree.</strong><ul>\n")
		for _, e := range p.Errors {
			fmt.Fprintf(&w, "<li>%s</li>\n", html.EscapeString(e))
		}
		w.WriteString("</ul></div>\n")
	}
	w.WriteString("<h2 id=\"sources\">Figures and tables of the sources</h2>\n")
	r.sourceTables(&w, p, conformance.InSources)
	if c.BeyondRows > 0 {
		w.WriteString("<h2 id=\"beyond\">Beyond the sources</h2>\n<p>Figures that are not figures of the five sources (a paper a source only cites, recalled rather than read). They are not counted with the sources' rows.</p>\n")
		countsTable(&w, c.Beyond)
		r.sourceTables(&w, p, conformance.Beyond)
	}
	if len(p.OffList) > 0 {
		w.WriteString("<h2 id=\"off-list\">Parts of the sources that are no figure</h2>\n<p>These figures reproduce something of a source other than a figure or table of <code>lib/papers</code> (a section, an equation); they are not counted above.</p>\n<ul>\n")
		for _, d := range p.OffList {
			fmt.Fprintf(&w, "<li>%s: %s</li>\n", figureLink(d.Notebook, d.ID, p.Pages, true), html.EscapeString(d.Note))
		}
		w.WriteString("</ul>\n")
	}
	w.WriteString("</main>\n</body>\n</html>\n")
	return w.Bytes(), nil
}

// countsTable writes the rows counted by setting × outcome; an outcome
// no row has is left out.
func countsTable(w *bytes.Buffer, c map[conformance.Setting]map[conformance.Outcome]int) {
	var outcomes []conformance.Outcome
	for _, o := range conformance.Outcomes {
		for _, s := range conformance.Settings {
			if c[s][o] > 0 {
				outcomes = append(outcomes, o)
				break
			}
		}
	}
	w.WriteString("<table class=\"counts\">\n<thead><tr><th>setting \\ outcome</th>")
	for _, o := range outcomes {
		fmt.Fprintf(w, "<th><span class=\"badge %s\">%s</span></th>", outcomeBadge(o), html.EscapeString(string(o)))
	}
	w.WriteString("<th>rows</th></tr></thead>\n<tbody>\n")
	for _, s := range conformance.Settings {
		n := 0
		for _, o := range conformance.Outcomes {
			n += c[s][o]
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "<tr><td>%s</td>", html.EscapeString(string(s)))
		for _, o := range outcomes {
			fmt.Fprintf(w, "<td class=\"num\">%d</td>", c[s][o])
		}
		fmt.Fprintf(w, "<td class=\"num\">%d</td></tr>\n", n)
	}
	w.WriteString("</tbody>\n</table>\n")
}

// sourceTables writes, per source, the table of the rows of section sec.
func (r *Renderer) sourceTables(w *bytes.Buffer, p ConformancePage, sec conformance.Section) {
	for _, src := range p.List.SortedSources(sec) {
		anchor := sourceAnchor(src)
		if sec == conformance.Beyond {
			anchor = "beyond-" + anchor
		}
		fmt.Fprintf(w, "<h3 id=\"%s\">%s</h3>\n", anchor, html.EscapeString(src))
		w.WriteString("<table class=\"conformance\">\n<thead><tr><th>figure</th><th>setting</th><th>outcome (computed)</th><th>reason</th><th>sigprop figures</th><th>metrics (claim checks first)</th><th>worst ratio</th></tr></thead>\n<tbody>\n")
		for _, res := range p.Results {
			if res.Row.Source.Cite == src && res.Row.Section == sec {
				r.conformanceRow(w, res, p.Pages)
			}
		}
		w.WriteString("</tbody>\n</table>\n")
	}
}

func (r *Renderer) conformanceRow(w *bytes.Buffer, res conformance.Result, pages map[string]bool) {
	row := res.Row
	fmt.Fprintf(w, "<tr id=\"%s\"><td><strong>%s</strong><br>%s</td><td>%s</td><td><span class=\"badge %s\">%s</span><br><span class=\"note\">%s</span></td><td>%s",
		html.EscapeString(row.ID), html.EscapeString(row.Label.String()), html.EscapeString(row.Title), html.EscapeString(string(row.Setting)),
		outcomeBadge(res.Outcome), html.EscapeString(string(res.Outcome)), html.EscapeString(res.Why), html.EscapeString(row.Reason))
	if row.Missing != "" {
		if row.Reason != "" {
			w.WriteString("<br>")
		}
		fmt.Fprintf(w, "<strong>Missing:</strong> %s", html.EscapeString(row.Missing))
	}
	if row.Notes != "" {
		if row.Reason != "" || row.Missing != "" {
			w.WriteString("<br>")
		}
		fmt.Fprintf(w, "<span class=\"note\">%s</span>", html.EscapeString(row.Notes))
	}
	w.WriteString("</td><td>")
	for i, f := range res.Figures {
		if i == 0 || res.Figures[i-1].Notebook != f.Notebook {
			if i > 0 {
				w.WriteString("<br>")
			}
			fmt.Fprintf(w, "<span class=\"nb\">%s:</span> ", html.EscapeString(f.Notebook))
		} else {
			w.WriteString(", ")
		}
		w.WriteString(figureLink(f.Notebook, f.ID, pages, false))
		if f.Note != "" {
			fmt.Fprintf(w, " <span class=\"note\">(%s)</span>", html.EscapeString(f.Note))
		}
	}
	w.WriteString("</td><td>")
	metrics := slices.Clone(res.Metrics)
	slices.SortStableFunc(metrics, func(a, b conformance.Metric) int {
		ca, cb := a.ClaimText() != "", b.ClaimText() != ""
		switch {
		case ca && !cb:
			return -1
		case cb && !ca:
			return 1
		}
		return 0
	})
	prevClaim := ""
	for i, m := range metrics {
		if i > 0 {
			w.WriteString("<br>")
		}
		class, _ := markup.OutcomeBadge(m.Outcome())
		fmt.Fprintf(w, "<span class=\"badge %s\">%s</span> %s", class, markup.FormatFloat(m.Ratio()), html.EscapeString(m.Name))
		// A claim is quoted once for the checks that share it in a row.
		c := m.ClaimText()
		if c == prevClaim && !m.Central {
			continue
		}
		prevClaim = c
		if c != "" {
			central := ""
			if m.Central {
				central = "central "
			}
			fmt.Fprintf(w, "<br><span class=\"note\">%sclaim: %s</span>", central, html.EscapeString(c))
		}
	}
	w.WriteString("</td><td class=\"num\">")
	switch {
	case len(res.Metrics) == 0:
		w.WriteString("—")
	case math.IsNaN(res.Worst) || res.Worst > 1:
		fmt.Fprintf(w, "<span class=\"badge fail\">%s</span>", markup.FormatFloat(res.Worst))
	default:
		fmt.Fprintf(w, "<span class=\"badge pass\">%s</span>", markup.FormatFloat(res.Worst))
	}
	if res.Known > 0 {
		fmt.Fprintf(w, "<br><span class=\"badge known\">%d known</span>", res.Known)
	}
	w.WriteString("</td></tr>\n")
}

// figureLink links "notebook#id" (or, without full, "id") to the figure's
// anchor on its page, or shows it as text when the notebook has no page in
// this site.
func figureLink(nb, id string, pages map[string]bool, full bool) string {
	text := html.EscapeString(id)
	if full {
		text = html.EscapeString(nb + "#" + id)
	}
	if !pages[nb] {
		return "<code>" + text + "</code>"
	}
	return fmt.Sprintf("<a href=\"%s#%s\"><code>%s</code></a>", html.EscapeString(PageHref(nb+".html")), figureAnchor(id), text)
}

func outcomeBadge(o conformance.Outcome) string {
	switch o {
	case conformance.Reproduced:
		return "pass"
	case conformance.NotReproduced:
		return "fail"
	}
	return "other"
}

func sourceAnchor(src string) string {
	return "src-" + strings.Trim(figureAnchor(strings.ToLower(src))[len("fig-"):], "-")
}
