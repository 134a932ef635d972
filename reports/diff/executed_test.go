package diff

import (
	"testing"

	"github.com/sigprop/sigprop/reports/publish"
)

func TestExecuted(t *testing.T) {
	m := &publish.Manifest{Notebooks: []publish.NotebookEntry{
		{Name: "01-mean-field", Cached: true},
		{Name: "05-shaped-transformer", Executed: "lib/sde changed"},
		{Name: "06-trainability", Cached: true},
	}}
	want := "B (HEAD): executed 1 of 3 notebooks: 05-shaped-transformer (lib/sde changed); 2 from the cache"
	if got := Executed("B (HEAD)", m); got != want {
		t.Errorf("Executed = %q, want %q", got, want)
	}
	m.Notebooks[1].Cached = true
	if got := Executed("A", m); got != "A: executed 0 of 3 notebooks; 3 from the cache" {
		t.Errorf("all cached: %q", got)
	}
	m.Notebooks[0] = publish.NotebookEntry{Name: "01-mean-field", Executed: "--no-cache", Kept: true}
	if got := Executed("A", m); got != "A: executed 0 of 3 notebooks; 2 from the cache; 1 kept from an earlier report" {
		t.Errorf("one kept: %q", got)
	}
}
