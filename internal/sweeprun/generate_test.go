package sweeprun

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/sweep"
)

// TestGeneratorWrites: Generate writes the data file compact without a
// final newline (Indent "") or indented with one, and provenance.json as a
// sweep.Generated holding the invocation, the settings, the elapsed time
// and the slice computed; a failing Compute writes nothing.
func TestGeneratorWrites(t *testing.T) {
	type row struct{ A, B float64 }
	data := []row{{1, 0.1}, {2, 1e-300}}
	for _, indent := range []string{"", " "} {
		dir := filepath.Join(t.TempDir(), "out")
		g := Generator{Name: "t", File: "d.json", Indent: indent,
			Compute: func(o GenerateOptions) (any, any, error) { return data, map[string]int{"width": 7}, nil }}
		inv := sweep.Invocation{Command: []string{"sigprop", "sweep", "generate"}, Workers: 3, Action: "generate"}
		if err := g.Generate(dir, GenerateOptions{Only: []int{1, 0}, Workers: 3, Invocation: inv}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "d.json"))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(data)
		if indent != "" {
			want, _ = json.MarshalIndent(data, "", indent)
			want = append(want, '\n')
		}
		if string(b) != string(want) {
			t.Errorf("indent %q: wrote %q, want %q", indent, b, want)
		}
		pb, err := os.ReadFile(filepath.Join(dir, sweep.ProvenanceFile))
		if err != nil {
			t.Fatal(err)
		}
		var p sweep.Generated
		if err := json.Unmarshal(pb, &p); err != nil {
			t.Fatal(err)
		}
		var set map[string]int
		if err := json.Unmarshal(p.Settings, &set); err != nil || set["width"] != 7 || len(set) != 1 {
			t.Errorf("settings %s (%v), want {\"width\": 7}", p.Settings, err)
		}
		if !reflect.DeepEqual(p.Invocation.Command, inv.Command) || p.Invocation.Workers != 3 ||
			!reflect.DeepEqual(p.Only, []int{1, 0}) || p.Elapsed == "" || !strings.HasSuffix(string(pb), "}\n") {
			t.Errorf("provenance %s", pb)
		}
	}
	dir := filepath.Join(t.TempDir(), "none")
	g := Generator{File: "d.json", Compute: func(GenerateOptions) (any, any, error) { return nil, nil, os.ErrInvalid }}
	if err := g.Generate(dir, GenerateOptions{Workers: 1}); err == nil {
		t.Error("a failing Compute returned no error")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("a failing Compute left %s behind (%v)", dir, err)
	}
}

// TestGeneratorsPlans: every generator has a name, a file and a plan.
func TestGeneratorsPlans(t *testing.T) {
	for _, g := range Generators() {
		n, err := g.Len()
		if err != nil || n < 1 || g.File == "" || g.Workers < 1 {
			t.Errorf("%s: %d entries (%v), file %q, workers %d", g.Name, n, err, g.File, g.Workers)
		}
		if _, err := LookupGenerator(g.Name); err != nil {
			t.Error(err)
		}
	}
	if _, err := LookupGenerator("nosuch"); err == nil || !strings.Contains(err.Error(), "jacobian-spectra") {
		t.Errorf("unknown name: %v, want an error listing the names", err)
	}
}
