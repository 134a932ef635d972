package empirical

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// LogLogSlope recovers the power of an exact power law y = 3 x^{-1/2}
// (closed form; the middle point is ignored), and MaxRelDiff the largest
// |a/b − 1|.
func TestTwoPoint(t *testing.T) {
	x := []float64{64, 100, 512}
	y := []float64{3 / 8.0, 7, 3 / math.Sqrt(512)}
	if s := LogLogSlope(x, y); math.Abs(s+0.5) > 1e-15 {
		t.Errorf("slope %v, want -0.5", s)
	}
	if d := MaxRelDiff([]float64{1.1, 2, 2.7}, []float64{1, 2, 3}); math.Abs(d-0.1) > 1e-15 {
		t.Errorf("MaxRelDiff %v, want 0.1", d)
	}
	mustpanic.All(t, map[string]func(){
		"LogLogSlope one point": func() { LogLogSlope(x[:1], y[:1]) },
		"LogLogSlope lengths":   func() { LogLogSlope(x, y[:2]) },
		"MaxRelDiff lengths":    func() { MaxRelDiff(x, y[:2]) },
	})
}
