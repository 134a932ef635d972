package render

import (
	"bytes"
	"testing"
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
