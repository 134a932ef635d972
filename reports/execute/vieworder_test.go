package execute

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// viewOrderItems is how many Text, Tab pairs the view of
// TestViewOrderExecuted shows.
const viewOrderItems = 200

// TestViewOrderExecuted executes a notebook whose cell shows a
// show.View alternating lines of text and tables, and checks that the
// executed notebook holds them in the View's order: t0, table 0, t1,
// table 1, ... A text printed on the program's stdout while the tables go
// through gonb's display pipe can fall behind the table after it (gonb
// forwards the two from different goroutines): when show.Text printed,
// this test failed in 4 runs of 4 (a table ahead of t0, t1 or t2).
func TestViewOrderExecuted(t *testing.T) {
	t.Parallel()
	iso := isolate(t)
	dir := t.TempDir()
	src := `import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
)

%%
var v show.View
for i := 0; i < ` + fmt.Sprint(viewOrderItems) + `; i++ {
	v = append(v, show.Text(fmt.Sprintf("t%d\n", i)), show.Tab(bundle.Table{ID: fmt.Sprint(i), Header: []string{"i"}, Rows: [][]string{{fmt.Sprint(i)}}}))
}
v.Show()`
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{"kernelspec": map[string]any{"display_name": "Go (sigprop)", "language": "go", "name": "sigprop"}, "language_info": map[string]any{"name": "go"}},
		"cells":    []any{map[string]any{"cell_type": "code", "metadata": map[string]any{}, "source": src, "outputs": []any{}, "execution_count": nil}},
	}
	b, err := json.Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "order.ipynb")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), []string{path}, iso.opt(Options{Jobs: 1, NoCache: true, RepoRoot: "../.."}))
	if err != nil {
		t.Fatal(err)
	}
	defer iso.check(t)
	r := res[0]
	if r.Status != StatusOK {
		t.Fatalf("status %s: %s %+v", r.Status, r.Err, r.Cells)
	}
	var got []string
	for _, o := range r.Notebook.Cells[0].Outputs {
		got = append(got, outputItems(t, o)...)
	}
	var want []string
	for i := 0; i < viewOrderItems; i++ {
		want = append(want, fmt.Sprintf("text t%d", i), fmt.Sprintf("table %d", i))
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("output item %d is %q, want %q (%d items, want %d)", i, got[i], want[i], len(got), len(want))
			}
		}
		t.Fatalf("%d items, want %d", len(got), len(want))
	}
}

// outputItems names what o shows: one "text LINE" per line of a stdout
// stream, "table ID" for a table bundle.
func outputItems(t *testing.T, o ipynb.Output) []string {
	t.Helper()
	if o.OutputType == "stream" && o.Name == "stdout" {
		var out []string
		for _, line := range strings.SplitAfter(string(o.Text), "\n") {
			if line != "" {
				out = append(out, "text "+strings.TrimSuffix(line, "\n"))
			}
		}
		return out
	}
	raw, ok := o.Data[bundle.MIMEType]
	if !ok {
		t.Fatalf("unexpected output %s %q", o.OutputType, o.Text)
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		raw = json.RawMessage(s)
	}
	b, err := bundle.Decode(raw)
	if err != nil || b.Table == nil {
		t.Fatalf("output not a table bundle: %v", err)
	}
	return []string{"table " + b.Table.ID}
}
