package render

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

func TestWriteAssetsCoversLinks(t *testing.T) {
	dir := t.TempDir()
	pagePath := writeSite(t, dir)
	page, err := os.ReadFile(pagePath)
	if err != nil {
		t.Fatal(err)
	}
	// Every asset the page links to exists...
	links := regexp.MustCompile(`(?:href|src)="(assets/[^"]+)"`).FindAllSubmatch(page, -1)
	if len(links) != 5 {
		t.Errorf("page links %d assets, want 5 (katex css+js, chroma.css, sigprop css+js)", len(links))
	}
	for _, l := range links {
		if _, err := os.Stat(filepath.Join(dir, string(l[1]))); err != nil {
			t.Errorf("linked asset missing: %v", err)
		}
	}
	// ...and so does the woff2 source of every KaTeX @font-face (the .woff
	// and .ttf fallbacks are not shipped; browsers take the first format
	// they support).
	css, err := os.ReadFile(filepath.Join(dir, "assets/katex/katex.min.css"))
	if err != nil {
		t.Fatal(err)
	}
	fonts := regexp.MustCompile(`url\((fonts/[^)]+\.woff2)\)`).FindAllSubmatch(css, -1)
	if len(fonts) < 20 {
		t.Errorf("found %d woff2 fonts in katex.min.css, want >= 20", len(fonts))
	}
	for _, f := range fonts {
		if _, err := os.Stat(filepath.Join(dir, "assets/katex", string(f[1]))); err != nil {
			t.Errorf("KaTeX font missing: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "assets/katex/LICENSE")); err != nil {
		t.Error("KaTeX licence not shipped")
	}
}
