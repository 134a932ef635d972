package render

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestChromaCSSUpToDate(t *testing.T) {
	css, err := ChromaCSS()
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "../assets/chroma.css", css)
	if bytes.Contains(css, []byte(".err")) {
		t.Error("chroma.css styles error tokens")
	}
}

// TestHighlightBounded: a cell too long to highlight, or with a line too
// long, is shown plain at once, escaped, with a note saying why (issue
// 36: a 50 MB comment line highlighted for over 10 min). 2 MB stand in
// for the 50: the old code took minutes on them too.
func TestHighlightBounded(t *testing.T) {
	for _, tc := range []struct {
		name, src, why string
	}{
		{"huge line", "// " + strings.Repeat("<x>", 2<<20/3) + "\nfunc f() {}\n", "2.0 MiB are more than"},
		{"long line", "// " + strings.Repeat("<x>", 20<<10/3) + "\nfunc f() {}\n", "a line of 20.0 KiB is longer than the 4.0 KiB highlighted"},
		{"long cell", strings.Repeat("x := 1 // <short>\n", 10_000), "more than the 64.0 KiB highlighted"},
	} {
		done := make(chan []byte, 1)
		go func() {
			b, err := highlightGo(tc.src)
			if err != nil {
				t.Error(err)
			}
			done <- b
		}()
		select {
		case b := <-done:
			s := string(b)
			if !strings.Contains(s, "Shown without highlighting: ") || !strings.Contains(s, tc.why) || strings.Contains(s, "<x>") || strings.Contains(s, "<short>") {
				t.Errorf("%s: %.200s … %s", tc.name, s, s[max(0, len(s)-200):])
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: highlighting still running after 20 s", tc.name)
		}
	}
	if b, _ := highlightGo("x := 1\n"); strings.Contains(string(b), "without highlighting") {
		t.Error("a short cell is not highlighted")
	}
}
