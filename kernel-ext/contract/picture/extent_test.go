package picture

import (
	"errors"
	"math"
	"testing"
	"time"
)

// TestExtent draws figures whose data reach the ends of float64, in every
// format, with a time limit: an extent that overflows (hi − lo = +Inf) is
// ErrExtent, a single huge value is drawn around itself, and nothing
// panics or hangs (issue 36: y = [1e308, 1e308] panicked gonum with
// "illegal range"; y = [1e308, −1e308] looked for ticks forever).
func TestExtent(t *testing.T) {
	big := math.MaxFloat64
	for _, tc := range []struct {
		name string
		s    Series
		want error // nil: drawn
	}{
		{"constant 1e308", Series{X: []float64{0, 1}, Y: []float64{1e308, 1e308}}, nil},
		{"constant 1e20", Series{X: []float64{0, 1}, Y: []float64{1e20, 1e20}}, nil},
		{"constant -1e300 in x", Series{X: []float64{-1e300, -1e300}, Y: []float64{0, 1}}, nil},
		{"single point 0", Series{X: []float64{0}, Y: []float64{0}}, nil},
		{"1e308 to -1e308", Series{X: []float64{0, 1}, Y: []float64{1e308, -1e308}}, ErrExtent},
		{"x from -max to max", Series{X: []float64{-big, big}, Y: []float64{0, 1}}, ErrExtent},
		{"constant max", Series{X: []float64{0, 1}, Y: []float64{big, big}}, ErrExtent},
		{"error bar past max", Series{X: []float64{0, 1}, Y: []float64{1e308, 1e308}, YErr: []float64{1e308, 0}, Style: Points}, ErrExtent},
		{"one ulp at 1e308", Series{X: []float64{0, 1}, Y: []float64{1e308, math.Nextafter(1e308, big)}}, nil},
		{"one ulp at 1", Series{X: []float64{0, 1}, Y: []float64{1, math.Nextafter(1, 2)}}, nil},
		{"16 ulps at -1", Series{X: []float64{0, 1}, Y: []float64{-1, -1 + 16*0x1p-52}}, nil},
		{"1e-15 relative", Series{X: []float64{0, 1}, Y: []float64{3, 3 + 3e-15}}, nil},
	} {
		f := Figure{ID: "x", Series: []Series{tc.s}}
		for _, format := range []Format{SVG, PDF, PNG} {
			done := make(chan error, 1)
			go func() {
				defer func() {
					if r := recover(); r != nil {
						done <- errors.New("panic: " + toString(r))
					}
				}()
				_, err := Draw(f, format)
				done <- err
			}()
			select {
			case err := <-done:
				if tc.want == nil && err != nil {
					t.Errorf("%s (%s): %v, want drawn", tc.name, format, err)
				}
				if tc.want != nil && !errors.Is(err, tc.want) {
					t.Errorf("%s (%s): %v, want %v", tc.name, format, err, tc.want)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("%s (%s): Draw still running after 20 s", tc.name, format)
			}
		}
		_, derr := Draw(f, SVG)
		if err := f.Check(); (derr == nil) != (err == nil) || err != nil && err.Error() != derr.Error() {
			t.Errorf("%s: Check = %v, want Draw's error %v", tc.name, err, derr)
		}
	}
}

func toString(r any) string {
	if e, ok := r.(error); ok {
		return e.Error()
	}
	if s, ok := r.(string); ok {
		return s
	}
	return "?"
}
