package sweep

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestReadGenerated: both files decoded; a malformed or missing one is an
// error naming it.
func TestReadGenerated(t *testing.T) {
	fsys := fstest.MapFS{
		"runs.json":             {Data: []byte(`[1, 2]`)},
		ProvenanceFile:          {Data: []byte(`{"elapsed": "3s", "settings": {"N": 4}}`)},
		"bad/runs.json":         {Data: []byte(`[1,`)},
		"bad/" + ProvenanceFile: {Data: []byte(`{}`)},
	}
	var data []int
	var prov struct {
		Settings struct{ N int } `json:"settings"`
		Elapsed  string          `json:"elapsed"`
	}
	if err := ReadGenerated(fsys, "runs.json", &data, &prov); err != nil || len(data) != 2 || prov.Settings.N != 4 || prov.Elapsed != "3s" {
		t.Errorf("data %v, prov %+v, err %v", data, prov, err)
	}
	sub, _ := fsys.Sub("bad")
	if err := ReadGenerated(sub, "runs.json", &data, &prov); err == nil || !strings.Contains(err.Error(), "runs.json") {
		t.Errorf("malformed runs.json: err %v", err)
	}
	if err := ReadGenerated(fsys, "none.json", &data, &prov); err == nil {
		t.Error("a missing data file accepted")
	}
}
