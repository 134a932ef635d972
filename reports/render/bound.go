package render

import (
	"fmt"
	"html"
	"net/url"
	"unicode/utf8"
)

// MaxOutputBytes bounds the text of one output (a stream, merged as shown,
// a text/plain or a text/html output) that a page shows: a cell printing
// 100 MB made a 105 MB page that took 2 GB to render. The rest is kept
// whole in a file beside the page, NAME.outputs/cell-C-output-O.txt,
// which the page links, saying how much was cut; TakeFiles hands those
// files to whoever writes the site.
const MaxOutputBytes = 1 << 20

// bound returns text cut to MaxOutputBytes (at a UTF-8 boundary) and the
// note to show after it; text within the bound comes back whole with no
// note. Output o of the current cell names the file.
func (r *Renderer) bound(text string, o int) (shown, note string) {
	if len(text) <= MaxOutputBytes {
		return text, ""
	}
	dir := r.page + ".outputs"
	file := fmt.Sprintf("cell-%d-output-%d.txt", r.cellIndex, o)
	if r.files == nil {
		r.files = map[string][]byte{}
	}
	r.files[dir+"/"+file] = []byte(text)
	cut := MaxOutputBytes
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	href := "./" + url.PathEscape(dir) + "/" + file
	note = fmt.Sprintf("<p class=\"output-note\">Output cut: the first %s of %s are shown; the whole output is in <a href=\"%s\">%s</a>.</p>",
		sizeText(cut), sizeText(len(text)), html.EscapeString(href), html.EscapeString(dir+"/"+file))
	return text[:cut], note
}

// TakeFiles returns the files the pages rendered since the last call keep
// beside them (the whole text of outputs that were cut), by path relative
// to the site, and forgets them.
func (r *Renderer) TakeFiles() map[string][]byte {
	f := r.files
	r.files = nil
	return f
}

func sizeText(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
