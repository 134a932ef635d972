package nbdefaults

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the errors it is given.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, a...))
}

// TestEqual: notebook 07's parameters cell holds TrainWidth = 16; Equal
// passes at that value and names the parameter when the value differs or
// the cell has no such parameter.
func TestEqual(t *testing.T) {
	nb := filepath.Join("..", "..", "notebooks", "07-compose.ipynb")
	r := &recorder{TB: t}
	Equal(r, nb, map[string]float64{"TrainWidth": 16})
	if len(r.errs) != 0 {
		t.Fatalf("at the notebook's value: %v", r.errs)
	}
	r = &recorder{TB: t}
	Equal(r, nb, map[string]float64{"TrainWidth": 17, "NoSuchParam": 1})
	if len(r.errs) != 2 || !strings.Contains(strings.Join(r.errs, "\n"), "TrainWidth = 16") || !strings.Contains(strings.Join(r.errs, "\n"), "has no NoSuchParam") {
		t.Errorf("errors %q", r.errs)
	}
}
