package render

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/yuin/goldmark/parser"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/markup"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// RenderNotebook returns p as a standalone HTML page: a header (title,
// status, run time, figure and metric counts), a notebook-level error box if
// any, every cell with its outputs, and a summary of all metrics and figures.
// Assets are linked relatively (see WithAssetBase), so the page works from
// file://. The output depends only on p: same page, same bytes.
//
// It returns an error when p.Notebook is nil, when CellStatus has the wrong
// length, or when a markdown cell or code cell cannot be rendered. A bundle
// that does not decode is shown in the page as an error (Collect reports it).
// The bundles are p.Bundles when set, else decoded here.
func (r *Renderer) RenderNotebook(p Page) ([]byte, error) {
	if p.Notebook == nil {
		return nil, fmt.Errorf("render: page %q has no notebook", p.Name)
	}
	nb := p.Notebook
	r.page = p.Name
	if p.CellStatus != nil && len(p.CellStatus) != len(nb.Cells) {
		return nil, fmt.Errorf("render: page %q: %d cell statuses for %d cells", p.Name, len(p.CellStatus), len(nb.Cells))
	}
	if p.Timing != nil && len(p.Timing.Cells) != len(nb.Cells) {
		return nil, fmt.Errorf("render: page %q: %d cell times for %d cells", p.Name, len(p.Timing.Cells), len(nb.Cells))
	}
	bs := p.Bundles
	if bs == nil {
		bs = DecodeBundles(nb)
	}
	figures, metrics, collectErr := bs.Figures, bs.Metrics, bs.Err

	// The cells first: the references they cannot resolve fail the page.
	refs := r.opts.refs
	if refs == nil {
		refs = NewRefs()
	}
	if refs.pages[p.Name] == nil {
		refs.AddNotebook(p.Name, nb, bs)
	}
	res := &pageResolver{refs: refs, page: p.Name, cited: map[string]bool{}}
	res.unresolved = append(res.unresolved, refs.pages[p.Name].dups...)
	res.values = valuesOf(bs, res)
	r.res = res
	defer func() { r.res = nil }()
	var cells bytes.Buffer
	ids := newIDs()
	for i, c := range nb.Cells {
		cs := ""
		if p.CellStatus != nil {
			cs = p.CellStatus[i]
		}
		res.cell = nb.CellLabel(i)
		var ct CellTime
		if p.Timing != nil {
			ct = p.Timing.Cells[i]
		}
		if err := r.cell(&cells, i, c, cs, ct, bs, ids); err != nil {
			return nil, fmt.Errorf("render: page %q: %s: %w", p.Name, nb.CellLabel(i), err)
		}
	}
	res.references(&cells)
	if len(res.unresolved) > 0 {
		if r.unresolved == nil {
			r.unresolved = map[string][]string{}
		}
		r.unresolved[p.Name] = res.unresolved
	}

	title, fromNotebook := p.Title, false
	if title == "" {
		if title = FirstHeading(nb); title != "" {
			fromNotebook = true
		} else {
			title = p.Name
		}
	}

	var w bytes.Buffer
	r.head(&w, title, true)
	w.WriteString("<body class=\"notebook\">\n<header class=\"page\">\n")
	if r.opts.indexHref != "" {
		fmt.Fprintf(&w, "<nav class=\"crumbs\"><a href=\"%s\">%s</a> / %s",
			html.EscapeString(r.opts.indexHref), html.EscapeString(r.opts.siteTitle), html.EscapeString(p.Name))
		if r.opts.conformanceHref != "" {
			fmt.Fprintf(&w, " &middot; <a href=\"%s\">conformance to the papers</a>", html.EscapeString(r.opts.conformanceHref))
		}
		if r.opts.equationsHref != "" {
			fmt.Fprintf(&w, " &middot; <a href=\"%s\">equation index</a>", html.EscapeString(r.opts.equationsHref))
		}
		w.WriteString("</nav>\n")
	}
	if !fromNotebook {
		// The notebook's own H1 is rendered with its cell; do not repeat it.
		fmt.Fprintf(&w, "<h1>%s</h1>\n", html.EscapeString(title))
	}
	status := p.Status
	if status == "" {
		status = StatusOK
	}
	if len(res.unresolved) > 0 {
		status = StatusFailed
	}
	passed, known := 0, 0
	for _, m := range metrics {
		switch m.Outcome() {
		case bundle.Passed:
			passed++
		case bundle.Known:
			known++
		}
	}
	fmt.Fprintf(&w, "<p class=\"meta\"><span class=\"badge %s\">%s</span> %s &middot; ran in %s%s &middot; %d figures &middot; metrics %d/%d passed &middot; %s</p>\n",
		statusClass(status), html.EscapeString(status), html.EscapeString(p.Name), FormatDuration(p.Duration), timingNote(p.Timing), len(figures), passed, len(metrics), knownCount(known))
	w.WriteString("</header>\n<main>\n")

	if p.Err != "" || status != StatusOK {
		w.WriteString("<div class=\"notebook-error\"><strong>Notebook failed.</strong>")
		if p.Err != "" {
			fmt.Fprintf(&w, "<pre>%s</pre>", html.EscapeString(StripANSI(p.Err)))
		}
		if len(res.unresolved) > 0 {
			fmt.Fprintf(&w, "<pre>unresolved references:\n%s</pre>", html.EscapeString(strings.Join(res.unresolved, "\n")))
		}
		w.WriteString("</div>\n")
	}

	w.Write(cells.Bytes())
	w.WriteString("</main>\n")
	r.summary(&w, figures, metrics, collectErr)
	w.WriteString("</body>\n</html>\n")
	return w.Bytes(), nil
}

// head writes the document start through </head>.
func (r *Renderer) head(w *bytes.Buffer, title string, math bool) {
	a := html.EscapeString(r.opts.assetBase)
	w.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	w.WriteString(cspMeta)
	w.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(w, "<title>%s</title>\n", html.EscapeString(Visible(title)))
	if math {
		fmt.Fprintf(w, "<link rel=\"stylesheet\" href=\"%skatex/katex.min.css\">\n", a)
		fmt.Fprintf(w, "<link rel=\"stylesheet\" href=\"%schroma.css\">\n", a)
	}
	fmt.Fprintf(w, "<link rel=\"stylesheet\" href=\"%ssigprop.css\">\n", a)
	if math {
		fmt.Fprintf(w, "<script defer src=\"%skatex/katex.min.js\"></script>\n", a)
		fmt.Fprintf(w, "<script defer src=\"%ssigprop.js\"></script>\n", a)
	}
	w.WriteString("</head>\n")
}

// timingNote is the header's account of where the run time went, "" when
// it is not known.
func timingNote(t *Timing) string {
	if t == nil {
		return ""
	}
	s := fmt.Sprintf(" (kernel start %s, compilation %s, cells' own work %s", FormatDuration(t.Start), FormatDuration(t.Compile), FormatDuration(t.Run))
	if t.CPUKnown {
		s += fmt.Sprintf("; CPU %s", FormatDuration(t.CPU))
	}
	return s + ")"
}

// cellTime writes the time of a code cell that ran.
func cellTime(w *bytes.Buffer, t CellTime) {
	if t.Wall <= 0 {
		return
	}
	fmt.Fprintf(w, "<div class=\"cell-time\">%s", FormatDuration(t.Wall))
	if t.Compile > 0 {
		fmt.Fprintf(w, ": compilation %s, run %s", FormatDuration(t.Compile), FormatDuration(t.Wall-t.Compile))
	}
	if t.CPUKnown {
		fmt.Fprintf(w, "; CPU %s", FormatDuration(t.CPU))
	}
	w.WriteString("</div>\n")
}

// cell writes cell i, whose bundles bs holds decoded and whose time was t.
func (r *Renderer) cell(w *bytes.Buffer, i int, c ipynb.Cell, status string, t CellTime, bs *Bundles, ids parser.IDs) error {
	switch c.CellType {
	case "markdown":
		body, err := r.markdown(string(c.Source), ids)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "<div class=\"cell markdown\" id=\"cell-%d\">\n", i)
		w.Write(body)
		w.WriteString("</div>\n")
		return nil
	case "code":
	default: // raw
		fmt.Fprintf(w, "<div class=\"cell raw\" id=\"cell-%d\"><pre>%s</pre></div>\n", i, html.EscapeString(string(c.Source)))
		return nil
	}

	hasError := false
	for _, o := range c.Outputs {
		if o.OutputType == "error" {
			hasError = true
		}
	}
	if status == "" && hasError {
		status = CellFailed
	}
	class := "cell code"
	if status != "" && status != CellOK {
		class += " " + html.EscapeString(status)
	}
	fmt.Fprintf(w, "<div class=\"%s\" id=\"cell-%d\">\n<div class=\"source\"><div class=\"prompt\">In&nbsp;[%s]:</div>", class, i, execCount(c.ExecutionCount))
	code, err := highlightGo(string(c.Source))
	if err != nil {
		return err
	}
	w.Write(code)
	w.WriteString("</div>\n")
	cellTime(w, t)
	switch status {
	case "", CellOK:
	case CellFailed, CellTimeout:
		fmt.Fprintf(w, "<div class=\"cell-status %s\">cell %s</div>\n", status, status)
		if status == CellTimeout || !hasError {
			fmt.Fprintf(w, "<div class=\"output error\"><div class=\"ename\">cell %s</div>%s</div>\n", status, timeoutNote(status))
		}
	default:
		fmt.Fprintf(w, "<div class=\"cell-status %s\">cell %s</div>\n", html.EscapeString(status), html.EscapeString(status))
	}
	w.WriteString("<div class=\"outputs\">")
	r.cellIndex = i
	if err := r.outputs(w, i, c.Outputs, bs, ids); err != nil {
		return err
	}
	w.WriteString("</div>\n</div>\n")
	return nil
}

func timeoutNote(status string) string {
	if status == CellTimeout {
		return "<pre>The cell did not finish within its time limit; its outputs up to then are shown.</pre>"
	}
	return "<pre>The cell failed without an error output.</pre>"
}

func execCount(n *int) string {
	if n == nil {
		return "&nbsp;"
	}
	return strconv.Itoa(*n)
}

func statusClass(s string) string {
	if s == StatusOK {
		return "ok"
	}
	return "failed"
}

// FormatDuration formats a run time with two decimals in seconds, or in
// minutes and seconds from one minute on: "0.25 s", "12.30 s", "3 min 05 s".
func FormatDuration(d time.Duration) string {
	if d < time.Minute {
		return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + "&nbsp;s"
	}
	s := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d&nbsp;min %02d&nbsp;s", s/60, s%60)
}

// summary writes the metrics table and the figure list.
func (r *Renderer) summary(w *bytes.Buffer, figures []bundle.Figure, metrics []bundle.Metric, collectErr error) {
	w.WriteString("<section class=\"summary\">\n<h2 id=\"metrics\">Metrics</h2>\n")
	if collectErr != nil {
		fmt.Fprintf(w, "<div class=\"output error\"><div class=\"ename\">sigprop data could not be read</div><pre>%s</pre></div>\n", html.EscapeString(collectErr.Error()))
	}
	if len(metrics) == 0 {
		w.WriteString("<p>No metrics.</p>\n")
	} else {
		noKind, noBasis, zero := 0, 0, 0
		for _, m := range metrics {
			if m.Kind == "" {
				noKind++
			}
			if m.Basis == "" {
				noBasis++
			}
			if metricZero(m) {
				zero++
			}
		}
		fmt.Fprintf(w, "<p class=\"meta\">%d metrics &middot; %s &middot; kind unstated: %d &middot; tolerance basis unstated: %d &middot; value exactly 0: %d</p>\n", len(metrics), knownCount(CountMetrics(metrics).Known), noKind, noBasis, zero)
		w.WriteString("<table class=\"metrics\">\n<thead><tr><th>metric</th><th>kind</th><th>value</th><th>rule</th><th>tolerance</th><th>|value|/tol</th><th>outcome</th><th>basis</th><th>figure</th><th>note</th></tr></thead>\n<tbody>\n")
		for _, m := range metrics {
			class, verdict := markup.OutcomeBadge(m.Outcome())
			value := markup.FormatFloat(float64(m.Value))
			if metricZero(m) {
				value = "<span class=\"flag\" title=\"a measured discrepancy of exactly 0: check that the metric measures something\">0 (exact)</span>"
			}
			fig := ""
			if m.Figure != "" {
				fig = fmt.Sprintf("<a href=\"#%s\">%s</a>", figureAnchor(m.Figure), html.EscapeString(m.Figure))
			}
			fmt.Fprintf(w, "<tr class=\"%s\"><td>%s</td><td>%s</td><td class=\"num\">%s</td><td>%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td><span class=\"badge %s\">%s</span></td><td>%s</td><td>%s</td><td>%s%s</td></tr>\n",
				class, html.EscapeString(m.Name), orUnstated(string(m.Kind)), value, html.EscapeString(ruleName(m.Rule)), markup.FormatFloat(float64(m.Tolerance)),
				markup.FormatFloat(m.Ratio()), class, verdict, orUnstated(m.Basis), fig, html.EscapeString(m.Note), declared(m))
		}
		w.WriteString("</tbody>\n</table>\n")
	}
	w.WriteString("<h2 id=\"figures\">Figures</h2>\n")
	if len(figures) == 0 {
		w.WriteString("<p>No figures.</p>\n")
	} else {
		w.WriteString("<ul class=\"figures\">\n")
		for _, f := range figures {
			fmt.Fprintf(w, "<li><a href=\"#%s\">%s</a>", figureAnchor(f.ID), html.EscapeString(f.ID))
			if d := papers.Describe(f.Paper, f.PaperNote); d != "" {
				fmt.Fprintf(w, " (%s)", html.EscapeString(d))
			}
			if f.Caption != "" {
				fmt.Fprintf(w, ": %s", html.EscapeString(f.Caption))
			}
			w.WriteString("</li>\n")
		}
		w.WriteString("</ul>\n")
	}
	w.WriteString("</section>\n")
}

// metricZero reports whether m's value is exactly 0 under a two-sided
// rule: a measured discrepancy is almost never exactly 0, so the page
// flags it (a check written as "0 on a pass" shows no error).
func metricZero(m bundle.Metric) bool {
	return float64(m.Value) == 0 && (m.Rule == "" || m.Rule == bundle.Within)
}

// ruleName is the rule as the page shows it ("within" for the default).
func ruleName(r bundle.Rule) string {
	if r == "" {
		return string(bundle.Within)
	}
	return string(r)
}

// orUnstated escapes s, or shows "unstated" when it is empty.
func orUnstated(s string) string {
	if s == "" {
		return "<span class=\"unstated\">unstated</span>"
	}
	return html.EscapeString(s)
}

// FigureAnchor is the HTML id of a figure or table on its notebook page.
func FigureAnchor(id string) string { return figureAnchor(id) }

// figureAnchor is the HTML id of a figure: "fig-" and the figure id with
// anything but letters, digits, '-', '_' and '.' replaced by '-'.
func figureAnchor(id string) string {
	var b strings.Builder
	b.WriteString("fig-")
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// declared is the claim a metric quotes and its declared known
// disagreement (the paper, sigprop, why, the timing computed from its
// record) for the note column, or "".
func declared(m bundle.Metric) string {
	return strings.TrimPrefix(markup.DisagreementHTML(m), " ")
}
