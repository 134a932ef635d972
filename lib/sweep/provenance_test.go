package sweep

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestSelect(t *testing.T) {
	plan := []string{"a", "b", "c", "d"}
	if got, err := Select(plan, nil); err != nil || !reflect.DeepEqual(got, plan) {
		t.Errorf("all: %v, %v", got, err)
	}
	if got, err := Select(plan, []int{3, 0}); err != nil || !reflect.DeepEqual(got, []string{"d", "a"}) {
		t.Errorf("3, 0: %v, %v; want [d a]", got, err)
	}
	for _, bad := range [][]int{{4}, {-1}, {1, 1}} {
		if _, err := Select(plan, bad); err == nil || !strings.Contains(err.Error(), "entry") {
			t.Errorf("%v: error %v, want one naming the entry", bad, err)
		}
	}
}

// TestGeneratedReadsCommittedLayout: Generated reads the provenance.json
// layout of the committed generated data sets ({invocation, settings?,
// elapsed}), and writes it back with the same field names.
func TestGeneratedReadsCommittedLayout(t *testing.T) {
	in := `{"invocation": {"Command": ["jacdata"], "Workers": 2, "Action": "jacdata"}, "elapsed": "38m40s"}`
	var g Generated
	if err := json.Unmarshal([]byte(in), &g); err != nil {
		t.Fatal(err)
	}
	if g.Invocation.Workers != 2 || g.Invocation.Action != "jacdata" || g.Elapsed != "38m40s" || g.Settings != nil || g.Only != nil {
		t.Fatalf("read %+v", g)
	}
	g.Settings = json.RawMessage(`{"width":1000}`)
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"invocation":{`, `"settings":{"width":1000}`, `"elapsed":"38m40s"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
	if strings.Contains(string(b), `"only"`) {
		t.Errorf("%s: only written when empty", b)
	}
}

func TestInvocationSummary(t *testing.T) {
	inv := Invocation{Command: []string{"sigprop", "sweep", "generate", "x"}, Started: time.Date(2026, 11, 27, 3, 12, 0, 0, time.UTC),
		GoVersion: "go1.26.8", Revision: "abc", Modified: "false", GOMAXPROCS: 1}
	if got, want := inv.Summary(), "sigprop sweep generate x — commit abc (modified: false), 2026-11-27 03:12 UTC, go1.26.8, GOMAXPROCS 1"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
}
