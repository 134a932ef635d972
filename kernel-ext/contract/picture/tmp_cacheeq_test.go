package picture

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// Temporary (deleted before the final commit): every figure display of the
// executed notebooks in the result cache, whose SVG the cell drew, drawn
// again from its bundle by DrawDisplay; the SVG JSON must be byte-identical.
func TestTmpCacheEquality(t *testing.T) {
	dir := os.Getenv("TMP_CACHE")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	same, diff, nbs := 0, 0, 0
	for _, p := range files {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Name     string
			Notebook struct {
				Cells []struct {
					Outputs []struct {
						Data map[string]json.RawMessage `json:"data"`
					} `json:"outputs"`
				} `json:"cells"`
			} `json:"notebook"`
		}
		if err := json.Unmarshal(raw, &e); err != nil {
			continue
		}
		nd := 0
		for _, c := range e.Notebook.Cells {
			for _, o := range c.Outputs {
				svg, ok := o.Data["image/svg+xml"]
				if !ok {
					continue
				}
				data := map[string]json.RawMessage{bundle.MIMEType: o.Data[bundle.MIMEType], bundle.DrawMIMEType: json.RawMessage(`"image/svg+xml"`)}
				if _, err := DrawDisplay(data); err != nil {
					t.Errorf("%s: %v", e.Name, err)
					continue
				}
				var a, b string
				json.Unmarshal(svg, &a)
				json.Unmarshal(data["image/svg+xml"], &b)
				if a == b && bytes.Equal(compact(svg), compact(data["image/svg+xml"])) {
					same++
				} else {
					diff++
					nd++
				}
			}
		}
		if nd > 0 {
			t.Errorf("%s %s: %d differ", filepath.Base(p)[:12], e.Name, nd)
		}
		nbs++
	}
	t.Logf("%d cache entries, %d SVGs identical, %d differ", nbs, same, diff)
}

func compact(b []byte) []byte {
	var buf bytes.Buffer
	json.Compact(&buf, b)
	return buf.Bytes()
}
