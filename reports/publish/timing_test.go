package publish

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/reports/execute"
)

// timed gives r's kernel start and its code cell (cell 1) the times of a
// run that took scale times as long.
func timed(r execute.Result, scale time.Duration) execute.Result {
	ms := time.Millisecond
	r.Start, r.StartCPU, r.CPUKnown = 700*ms*scale, 300*ms*scale, true
	r.Cells[1].Duration, r.Cells[1].Compile, r.Cells[1].GoBuild = 1200*ms*scale, 900*ms*scale, 800*ms*scale
	r.Cells[1].CPU, r.Cells[1].CPUKnown = 2000*ms*scale, true
	return r
}

// TestTimingNotData: a notebook's timing is in its manifest entry and on
// its page (header and code cell); a notebook that ran no kernel has
// none. Two reports of the same results run at different speeds differ in
// their timing only: the figures' data hashes are equal, and the
// manifests are equal byte for byte once WithoutTiming.
func TestTimingNotData(t *testing.T) {
	dir := t.TempDir()
	prov := Provenance{Commit: "abc", GoVersion: "go1.x", SigpropVersion: Version}
	cold := executed(t, "cold", 0.5)
	cold.Start = 0 // no kernel: no timing
	var ms [2]*Manifest
	var raw [2][]byte
	for i, scale := range []time.Duration{1, 3} {
		out := filepath.Join(dir, "site"+string(rune('a'+i)))
		r := timed(executed(t, "a", 0.5), scale)
		r.Duration = 2500 * time.Millisecond * scale
		if _, err := Build(out, []execute.Result{r, cold}, prov); err != nil {
			t.Fatal(err)
		}
		m, err := ReadManifest(out)
		if err != nil {
			t.Fatal(err)
		}
		ms[i] = m
		raw[i], _ = os.ReadFile(filepath.Join(out, "manifest.json"))
		if i > 0 {
			continue
		}
		f := func(v float64) *float64 { return &v }
		want := &NotebookTiming{KernelStartS: 0.7, CompileS: 0.9, GoBuildS: 0.8, CellsS: 0.3, CPUS: f(2.3),
			Cells: []CellTiming{{Cell: 1, WallS: 1.2, CompileS: 0.9, GoBuildS: 0.8, CPUS: f(2)}}}
		if got := m.Notebooks[0].Timing; !reflect.DeepEqual(got, want) {
			t.Errorf("timing of a: %+v, want %+v", got, want)
		}
		if m.Notebooks[1].Timing != nil {
			t.Errorf("a notebook that ran no kernel has timing %+v", m.Notebooks[1].Timing)
		}
		page, _ := os.ReadFile(filepath.Join(out, "a.html"))
		for _, w := range []string{"kernel start 0.70&nbsp;s, compilation 0.90&nbsp;s, cells' own work 0.30&nbsp;s; CPU 2.30&nbsp;s",
			`<div class="cell-time">1.20&nbsp;s: compilation 0.90&nbsp;s, run 0.30&nbsp;s; CPU 2.00&nbsp;s</div>`} {
			if !strings.Contains(string(page), w) {
				t.Errorf("page a lacks %q", w)
			}
		}
	}
	if bytes.Equal(raw[0], raw[1]) {
		t.Fatal("the two manifests are equal: the timings did not reach them")
	}
	for i := range ms[0].Figures {
		if ms[0].Figures[i].DataHash != ms[1].Figures[i].DataHash {
			t.Errorf("figure %s: data hash depends on the run's speed", ms[0].Figures[i].ID)
		}
	}
	var enc [2][]byte
	for i, m := range ms {
		enc[i], _ = EncodeManifest(m.WithoutTiming())
	}
	if !bytes.Equal(enc[0], enc[1]) {
		t.Errorf("manifests differ beyond their timing:\n%s\n---\n%s", enc[0], enc[1])
	}
	if ms[0].Notebooks[0].Timing == nil {
		t.Error("WithoutTiming changed its receiver")
	}
}

// TestSeconds: times are whole milliseconds and print as such (Duration's
// Seconds gives 2.7119999999999997 for 2.712 s).
func TestSeconds(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{2712 * time.Millisecond, "2.712"},
		{2712499 * time.Microsecond, "2.712"},
		{2712500 * time.Microsecond, "2.713"},
		{0, "0"},
		{86400123 * time.Millisecond, "86400.123"},
	} {
		if got := strconv.FormatFloat(seconds(tc.d), 'g', -1, 64); got != tc.want {
			t.Errorf("seconds(%v) = %s, want %s", tc.d, got, tc.want)
		}
	}
}
