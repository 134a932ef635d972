package markup

import (
	"bytes"
	"fmt"
	"html"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// RenderTable returns t as an HTML <table class="sigprop-table"> with every
// cell HTML-escaped, and its bundle.
//
// Errors: an empty header, or a row whose length differs from the header's.
func RenderTable(t bundle.Table) (htm []byte, b bundle.Bundle, err error) {
	if len(t.Header) == 0 {
		return nil, bundle.Bundle{}, fmt.Errorf("markup: table %q has an empty header", t.ID)
	}
	for i, r := range t.Rows {
		if len(r) != len(t.Header) {
			return nil, bundle.Bundle{}, fmt.Errorf("markup: table %q row %d has %d cells, header has %d", t.ID, i, len(r), len(t.Header))
		}
	}
	var buf bytes.Buffer
	buf.WriteString(`<table class="sigprop-table"`)
	if t.ID != "" {
		fmt.Fprintf(&buf, ` id="%s"`, html.EscapeString(t.ID))
	}
	buf.WriteString(">\n")
	if t.Caption != "" {
		fmt.Fprintf(&buf, "<caption>%s</caption>\n", html.EscapeString(t.Caption))
	}
	buf.WriteString("<thead><tr>")
	for _, h := range t.Header {
		fmt.Fprintf(&buf, "<th>%s</th>", html.EscapeString(h))
	}
	buf.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range t.Rows {
		buf.WriteString("<tr>")
		for _, c := range r {
			fmt.Fprintf(&buf, "<td>%s</td>", html.EscapeString(c))
		}
		buf.WriteString("</tr>\n")
	}
	buf.WriteString("</tbody>\n</table>\n")
	tc := cloneTable(t)
	return buf.Bytes(), bundle.Bundle{Schema: bundle.SchemaVersion, Kind: bundle.KindTable, Table: &tc}, nil
}

func cloneTable(t bundle.Table) bundle.Table {
	out := t
	out.Header = append([]string(nil), t.Header...)
	out.Rows = make([][]string, len(t.Rows))
	for i, r := range t.Rows {
		out.Rows[i] = append([]string(nil), r...)
	}
	return out
}
