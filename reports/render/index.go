package render

import (
	"bytes"
	"fmt"
	"html"
	"time"
)

// IndexEntry is one notebook's line on the index page.
type IndexEntry struct {
	Name          string // notebook name, e.g. "004-meanfield"
	Title         string // page title; empty means Name
	Href          string // relative link to the page, e.g. "004-meanfield.html"
	Status        string // StatusOK or StatusFailed
	Err           string // first line is shown for failed notebooks
	Duration      time.Duration
	Figures       int
	Metrics       int
	MetricsPassed int
}

// NewIndexEntry summarises p for the index, counting its figures and
// metrics with Collect (whose error it returns).
func NewIndexEntry(p Page, href string) (IndexEntry, error) {
	e := IndexEntry{Name: p.Name, Title: p.Title, Href: href, Status: p.Status, Err: p.Err, Duration: p.Duration}
	if e.Status == "" {
		e.Status = StatusOK
	}
	if p.Notebook == nil {
		return e, fmt.Errorf("render: page %q has no notebook", p.Name)
	}
	if e.Title == "" {
		e.Title = FirstHeading(p.Notebook)
	}
	figs, metrics, _, err := Collect(p.Notebook)
	if err != nil {
		return e, err
	}
	e.Figures, e.Metrics = len(figs), len(metrics)
	for _, m := range metrics {
		if m.Pass {
			e.MetricsPassed++
		}
	}
	return e, nil
}

// RenderIndex returns the index page: one row per notebook, in the given
// order, with its status, run time, number of figures, metrics passed/total
// and a link, plus totals. Same entries, same bytes.
func (r *Renderer) RenderIndex(entries []IndexEntry) ([]byte, error) {
	var w bytes.Buffer
	r.head(&w, r.opts.siteTitle, false)
	fmt.Fprintf(&w, "<body class=\"index\">\n<header class=\"page\">\n<h1>%s</h1>\n", html.EscapeString(r.opts.siteTitle))
	var failed, figs, metrics, passed int
	var total time.Duration
	for _, e := range entries {
		if e.Status != StatusOK {
			failed++
		}
		figs += e.Figures
		metrics += e.Metrics
		passed += e.MetricsPassed
		total += e.Duration
	}
	overall := StatusOK
	if failed > 0 || passed < metrics {
		overall = StatusFailed
	}
	fmt.Fprintf(&w, "<p class=\"meta\"><span class=\"badge %s\">%s</span> %d notebooks, %d failed &middot; ran in %s &middot; %d figures &middot; metrics %d/%d passed</p>\n</header>\n<main>\n",
		statusClass(overall), overall, len(entries), failed, FormatDuration(total), figs, passed, metrics)
	w.WriteString("<table class=\"index\">\n<thead><tr><th>notebook</th><th>status</th><th>run time</th><th>figures</th><th>metrics passed</th></tr></thead>\n<tbody>\n")
	for _, e := range entries {
		title := e.Title
		if title == "" {
			title = e.Name
		}
		status := e.Status
		if status == "" {
			status = StatusOK
		}
		mclass := "pass"
		if e.MetricsPassed < e.Metrics {
			mclass = "fail"
		}
		fmt.Fprintf(&w, "<tr class=\"%s\"><td><a href=\"%s\">%s</a><br><code>%s</code>", statusClass(status),
			html.EscapeString(e.Href), html.EscapeString(title), html.EscapeString(e.Name))
		if e.Err != "" {
			fmt.Fprintf(&w, "<br><span class=\"err\">%s</span>", html.EscapeString(firstLine(StripANSI(e.Err))))
		}
		fmt.Fprintf(&w, "</td><td><span class=\"badge %s\">%s</span></td><td class=\"num\">%s</td><td class=\"num\">%d</td><td class=\"num\"><span class=\"badge %s\">%d/%d</span></td></tr>\n",
			statusClass(status), html.EscapeString(status), FormatDuration(e.Duration), e.Figures, mclass, e.MetricsPassed, e.Metrics)
	}
	w.WriteString("</tbody>\n</table>\n</main>\n</body>\n</html>\n")
	return w.Bytes(), nil
}

func firstLine(s string) string {
	if i := bytes.IndexByte([]byte(s), '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
