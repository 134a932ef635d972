package render

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/conformance"
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
	MetricCounts
}

// MetricCounts counts a notebook's metrics by what they state.
type MetricCounts struct {
	ByKind        map[bundle.MetricKind]int // metrics per kind; "" counts those with no kind
	BasisUnstated int                       // metrics with no tolerance basis
	Zero          int                       // values of exactly 0 under a two-sided rule
	// Known counts the metrics whose outcome is a declared known
	// disagreement (bundle.Metric.Outcome): neither passed nor failed.
	Known int
}

// CountMetrics counts metrics by kind, missing basis, zero value and known
// disagreements.
func CountMetrics(metrics []bundle.Metric) MetricCounts {
	c := MetricCounts{ByKind: map[bundle.MetricKind]int{}}
	for _, m := range metrics {
		c.ByKind[m.Kind]++
		if m.Basis == "" {
			c.BasisUnstated++
		}
		if metricZero(m) {
			c.Zero++
		}
		if m.Outcome() == bundle.Known {
			c.Known++
		}
	}
	return c
}

// NewIndexEntry summarises p for the index, counting its figures and
// metrics in p.Bundles (decoded here when nil), whose error it returns.
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
	bs := p.Bundles
	if bs == nil {
		bs = DecodeBundles(p.Notebook)
	}
	figs, metrics := bs.Figures, bs.Metrics
	if bs.Err != nil {
		return e, bs.Err
	}
	e.Figures, e.Metrics = len(figs), len(metrics)
	e.MetricCounts = CountMetrics(metrics)
	for _, m := range metrics {
		if m.Pass {
			e.MetricsPassed++
		}
	}
	return e, nil
}

// RenderIndex returns the index page: one row per notebook, in the given
// order, with its status, run time, number of figures, metrics passed/total,
// metrics whose kind or tolerance basis is unstated, and a link, plus totals
// (metrics per kind) and, when conf is not nil, the conformance counts with
// a link to the conformance page. Same input, same bytes.
func (r *Renderer) RenderIndex(entries []IndexEntry, conf *conformance.Counts) ([]byte, error) {
	var w bytes.Buffer
	r.head(&w, r.opts.siteTitle, false)
	fmt.Fprintf(&w, "<body class=\"index\">\n<header class=\"page\">\n<h1>%s</h1>\n", html.EscapeString(r.opts.siteTitle))
	var failed, figs, metrics, passed, known, noBasis, zero int
	kinds := map[bundle.MetricKind]int{}
	var total time.Duration
	for _, e := range entries {
		for k, n := range e.ByKind {
			kinds[k] += n
		}
		noBasis += e.BasisUnstated
		zero += e.Zero
		if e.Status != StatusOK {
			failed++
		}
		figs += e.Figures
		metrics += e.Metrics
		passed += e.MetricsPassed
		known += e.Known
		total += e.Duration
	}
	overall := StatusOK
	if failed > 0 || passed+known < metrics {
		overall = StatusFailed
	}
	fmt.Fprintf(&w, "<p class=\"meta\"><span class=\"badge %s\">%s</span> %d notebooks, %d failed &middot; ran in %s &middot; %d figures &middot; metrics %d/%d passed &middot; %s</p>\n</header>\n<main>\n",
		statusClass(overall), overall, len(entries), failed, FormatDuration(total), figs, passed, metrics, knownCount(known))
	w.WriteString("<p class=\"meta\">Metrics by kind:")
	for _, k := range bundle.MetricKinds {
		fmt.Fprintf(&w, " %s %d &middot;", html.EscapeString(string(k)), kinds[k])
	}
	fmt.Fprintf(&w, " %s &middot; %s &middot; value exactly 0: %d</p>\n", unstated("kind unstated", kinds[""]), unstated("tolerance basis unstated", noBasis), zero)
	if conf != nil {
		w.WriteString("<p class=\"meta\">")
		if r.opts.conformanceHref != "" {
			fmt.Fprintf(&w, "<a href=\"%s\">Conformance to the papers</a>:", html.EscapeString(r.opts.conformanceHref))
		} else {
			w.WriteString("Conformance to the papers:")
		}
		for _, s := range conformance.Settings {
			var parts []string
			for _, o := range conformance.Outcomes {
				if n := conf.Sources[s][o]; n > 0 {
					parts = append(parts, fmt.Sprintf("%d %s", n, html.EscapeString(string(o))))
				}
			}
			if len(parts) > 0 {
				fmt.Fprintf(&w, " %s: %s;", html.EscapeString(settingNoun(s)), strings.Join(parts, ", "))
			}
		}
		fmt.Fprintf(&w, " %d rows of the sources, outcomes computed from the claim checks", conf.Rows)
		if conf.BeyondRows > 0 {
			fmt.Fprintf(&w, "; %d beyond the sources, counted apart", conf.BeyondRows)
		}
		w.WriteString(".</p>\n")
	}
	if r.opts.equationsHref != "" {
		fmt.Fprintf(&w, "<p class=\"meta\"><a href=\"%s\">Equation index</a>: each equation of the sources with the Go that computes it, its tests, <code>sigprop eval</code> quantities, figures and errata.</p>\n", html.EscapeString(r.opts.equationsHref))
	}
	w.WriteString("<table class=\"index\">\n<thead><tr><th>notebook</th><th>status</th><th>run time</th><th>figures</th><th>metrics passed</th><th>known disagreements</th><th>kind / basis unstated</th></tr></thead>\n<tbody>\n")
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
		if e.MetricsPassed+e.Known < e.Metrics {
			mclass = "fail"
		}
		fmt.Fprintf(&w, "<tr class=\"%s\"><td><a href=\"%s\">%s</a><br><code>%s</code>", statusClass(status),
			html.EscapeString(e.Href), html.EscapeString(Visible(title)), html.EscapeString(Visible(e.Name)))
		if e.Err != "" {
			fmt.Fprintf(&w, "<br><span class=\"err\">%s</span>", html.EscapeString(firstLine(StripANSI(e.Err))))
		}
		fmt.Fprintf(&w, "</td><td><span class=\"badge %s\">%s</span></td><td class=\"num\">%s</td><td class=\"num\">%d</td><td class=\"num\"><span class=\"badge %s\">%d/%d</span></td><td class=\"num\">%s</td><td class=\"num\">%d / %d</td></tr>\n",
			statusClass(status), html.EscapeString(status), FormatDuration(e.Duration), e.Figures, mclass, e.MetricsPassed, e.Metrics, knownBadge(e.Known), e.ByKind[""], e.BasisUnstated)
	}
	w.WriteString("</tbody>\n</table>\n</main>\n</body>\n</html>\n")
	return w.Bytes(), nil
}

// knownCount is "N known disagreements", in the known-disagreement colour
// when N > 0.
func knownCount(n int) string {
	if n == 0 {
		return "0 known disagreements"
	}
	return fmt.Sprintf("<span class=\"badge known\">%d known disagreement%s</span>", n, plural(n))
}

// knownBadge is n in the known-disagreement colour, or 0 plain.
func knownBadge(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("<span class=\"badge known\">%d</span>", n)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func firstLine(s string) string {
	if i := bytes.IndexByte([]byte(s), '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// unstated formats the count of metrics missing a statement, flagged (in
// the fail colour) only when there are some.
func unstated(what string, n int) string {
	if n == 0 {
		return fmt.Sprintf("%s 0", what)
	}
	return fmt.Sprintf("<span class=\"unstated\">%s %d</span>", what, n)
}

// settingNoun names a setting in a sentence.
func settingNoun(s conformance.Setting) string {
	switch s {
	case conformance.AtPaper:
		return "at the paper's setting"
	case conformance.Analogue:
		return "analogues"
	}
	return string(s)
}
