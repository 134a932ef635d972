package render

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/parser"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/markup"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render/xref"
)

// outputs writes the outputs of cell ci, whose bundles bs holds decoded.
// Consecutive stream outputs of the same name are merged, as Jupyter front
// ends show them.
func (r *Renderer) outputs(w *bytes.Buffer, ci int, outs []ipynb.Output, bs *Bundles, ids parser.IDs) error {
	for i := 0; i < len(outs); i++ {
		o := outs[i]
		switch o.OutputType {
		case "stream":
			text := string(o.Text)
			for i+1 < len(outs) && outs[i+1].OutputType == "stream" && outs[i+1].Name == o.Name {
				i++
				text += string(outs[i].Text)
			}
			name := "stdout"
			if o.Name == "stderr" {
				name = "stderr"
			}
			text, note := r.bound(text, i)
			fmt.Fprintf(w, "<div class=\"output stream %s\"><pre>%s</pre>%s</div>\n", name, html.EscapeString(StripANSI(text)), note)
		case "error":
			fmt.Fprintf(w, "<div class=\"output error\"><div class=\"ename\">%s: %s</div>", html.EscapeString(o.EName), html.EscapeString(StripANSI(o.EValue)))
			if len(o.Traceback) > 0 {
				fmt.Fprintf(w, "<pre>%s</pre>", html.EscapeString(StripANSI(strings.Join(o.Traceback, "\n"))))
			}
			w.WriteString("</div>\n")
		case "display_data", "execute_result", "update_display_data":
			if err := r.richOutput(w, o, bs, ci, i, ids); err != nil {
				return err
			}
		default:
			fmt.Fprintf(w, "<div class=\"output error\"><div class=\"ename\">unknown output type %q</div></div>\n", html.EscapeString(o.OutputType))
		}
	}
	return nil
}

// richOutput writes one display_data or execute_result by the first MIME
// type it carries in this order: sigprop bundle, text/html, image/svg+xml,
// image/png, image/jpeg, text/markdown, text/plain. It is output oi of
// cell ci, whose bundle, if any, bs holds decoded.
func (r *Renderer) richOutput(w *bytes.Buffer, o ipynb.Output, bs *Bundles, ci, oi int, ids parser.IDs) error {
	if b, ok, err := bs.output(ci, oi); ok {
		if err != nil {
			fmt.Fprintf(w, "<div class=\"output error\"><div class=\"ename\">sigprop bundle could not be read</div><pre>%s</pre></div>\n", html.EscapeString(err.Error()))
			return nil
		}
		return r.bundleOutput(w, o, b)
	}
	if s, ok := o.DataString("text/html"); ok {
		s, note := r.bound(s, oi)
		htmlOutput(w, s) // sanitised, see active.go
		w.WriteString(note)
		return nil
	}
	if s, ok := o.DataString("image/svg+xml"); ok {
		w.WriteString("<div class=\"output svg\">")
		svgOutput(w, s) // inline only when inert, see active.go
		w.WriteString("</div>\n")
		return nil
	}
	for _, mime := range []string{"image/png", "image/jpeg"} {
		if s, ok := o.DataString(mime); ok {
			fmt.Fprintf(w, "<div class=\"output image\"><img alt=\"\" src=\"data:%s;base64,%s\"></div>\n", mime, html.EscapeString(stripSpace(s)))
			return nil
		}
	}
	if s, ok := o.DataString("text/markdown"); ok {
		body, err := r.markdown(s, ids)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "<div class=\"output markdown\">%s</div>\n", body)
		return nil
	}
	if s, ok := o.DataString("text/plain"); ok {
		s, note := r.bound(s, oi)
		fmt.Fprintf(w, "<div class=\"output text\"><pre>%s</pre>%s</div>\n", html.EscapeString(StripANSI(s)), note)
		return nil
	}
	// Nothing we can show: say so rather than drop it silently.
	fmt.Fprintf(w, "<div class=\"output text\"><pre>[%s with no displayable MIME type]</pre></div>\n", html.EscapeString(o.OutputType))
	return nil
}

// bundleOutput shows a sigprop figure by its SVG and caption line, a metric
// as a badge row and a table as a table, re-rendered from the bundle data
// with kernel-ext/contract/picture so that every page uses the same markup.
func (r *Renderer) bundleOutput(w *bytes.Buffer, o ipynb.Output, b bundle.Bundle) error {
	switch b.Kind {
	case bundle.KindFigure:
		f := b.Figure
		class := "sigprop-figure"
		if f.Draw != nil && f.Draw.Wide {
			class += " wide"
		}
		fmt.Fprintf(w, "<figure class=\"%s\" id=\"%s\">\n", class, figureAnchor(f.ID))
		if svg, ok := o.DataString("image/svg+xml"); ok {
			svgOutput(w, svg)
		} else if png, ok := o.DataString("image/png"); ok {
			fmt.Fprintf(w, "<img alt=\"%s\" src=\"data:image/png;base64,%s\">", html.EscapeString(f.ID), html.EscapeString(stripSpace(png)))
		} else {
			w.WriteString("<div class=\"output error\"><div class=\"ename\">figure data without a picture</div></div>")
		}
		w.WriteString("\n<figcaption>")
		if n := r.number(xrefFig, f.ID); n > 0 {
			fmt.Fprintf(w, "<span class=\"fig-num\">Figure %d</span> ", n)
		}
		fmt.Fprintf(w, "<span class=\"fig-id\">%s</span>", html.EscapeString(f.ID))
		if d := papers.Describe(f.Paper, f.PaperNote); d != "" {
			fmt.Fprintf(w, " &middot; reproduces %s", html.EscapeString(d))
		}
		if f.Caption != "" {
			fmt.Fprintf(w, " &middot; %s", html.EscapeString(f.Caption))
		}
		var links strings.Builder
		r.figureLinks(&links, f)
		w.WriteString(" " + links.String())
		w.WriteString("</figcaption>\n</figure>\n")
	case bundle.KindMetric:
		htm, _, err := markup.RenderMetric(*b.Metric)
		if err != nil {
			fmt.Fprintf(w, "<div class=\"output error\"><div class=\"ename\">bad metric</div><pre>%s</pre></div>\n", html.EscapeString(err.Error()))
			return nil
		}
		fmt.Fprintf(w, "<div class=\"output metric\">%s</div>\n", bytes.TrimRight(htm, "\n"))
	case bundle.KindValue:
		v := b.Value
		fmt.Fprintf(w, "<div class=\"output value\" id=\"%s\"><code>%s</code> = %s</div>\n", html.EscapeString(glueAnchor(v.Name)), html.EscapeString(v.Name), html.EscapeString(v.Text))
	case bundle.KindTable:
		htm, _, err := markup.RenderTable(*b.Table)
		if err != nil {
			fmt.Fprintf(w, "<div class=\"output error\"><div class=\"ename\">bad table</div><pre>%s</pre></div>\n", html.EscapeString(err.Error()))
			return nil
		}
		if b.Table.ID != "" {
			num := ""
			if n := r.number(xrefTbl, b.Table.ID); n > 0 {
				num = fmt.Sprintf("<div class=\"tbl-num\">Table %d</div>", n)
			}
			fmt.Fprintf(w, "<div class=\"output table\" id=\"%s\">%s%s</div>\n", figureAnchor(b.Table.ID), num, bytes.TrimRight(htm, "\n"))
		} else {
			fmt.Fprintf(w, "<div class=\"output table\">%s</div>\n", bytes.TrimRight(htm, "\n"))
		}
	}
	return nil
}

// Roles of Refs.number (package xref's names).
const (
	xrefFig = xref.RoleFig
	xrefTbl = xref.RoleTbl
)

// number is the number of the current page's figure or table id, 0 when
// it has none (no page is being rendered, or the id is not numbered).
func (r *Renderer) number(role, id string) int {
	if r.res == nil {
		return 0
	}
	return r.res.refs.number(r.res.page, role, id)
}

// svgPrologRE matches what may precede <svg in a standalone SVG file: the
// XML declaration, comments and a doctype, none of which belong inline in
// HTML.
var svgPrologRE = regexp.MustCompile(`^(?s:\s*(?:<\?xml[^>]*\?>|<!--.*?-->|<!DOCTYPE[^>]*>)\s*)*`)

// inlineSVG returns an SVG document ready to be placed inside HTML.
func inlineSVG(s string) string {
	return strings.TrimSpace(svgPrologRE.ReplaceAllString(s, ""))
}

// stripSpace removes the line breaks nbformat allows in base64 data.
func stripSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
}
