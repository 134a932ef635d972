package bundle

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestHeatRoundTrip(t *testing.T) {
	nan := math.NaN()
	f := Figure{
		ID:     "loss-map",
		Series: []Series{{Name: "lambda_a = 0", X: Floats([]float64{0, 1}), Y: Floats([]float64{1, 2})}},
		Heat: &Heat{
			Name:   "loss",
			X:      Floats([]float64{0.5, 1, 2}),
			Y:      Floats([]float64{0.1, 0.3}),
			Z:      Floats([]float64{1.25, nan, 3, math.Inf(1), -0.5, 1e-300}),
			ZLabel: "final loss",
		},
	}
	enc, err := Encode(Bundle{Kind: KindFigure, Figure: &f})
	if err != nil {
		t.Fatal(err)
	}
	want := `"heat":{"name":"loss","x":[0.5,1,2],"y":[0.1,0.3],"z":[1.25,null,3,null,-0.5,1e-300],"z_label":"final loss"}`
	if !strings.Contains(string(enc), want) {
		t.Fatalf("encoding lacks %s:\n%s", want, enc)
	}
	dec, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	h := dec.Figure.Heat
	if h == nil || h.Name != "loss" || h.ZLabel != "final loss" {
		t.Fatalf("decoded heat %+v", h)
	}
	// encoding/json writes the shortest decimal that round-trips a float64:
	// finite values come back exactly (tolerance 0), NaN and +Inf as NaN.
	for i, w := range f.Heat.Z {
		g := h.Z[i]
		if math.IsNaN(float64(w)) || math.IsInf(float64(w), 0) {
			if !math.IsNaN(float64(g)) {
				t.Errorf("z[%d] = %v, want NaN", i, g)
			}
			continue
		}
		if g != w {
			t.Errorf("z[%d] = %v, want %v", i, g, w)
		}
	}
	if nx, ny, ok := h.Shape(); nx != 3 || ny != 2 || !ok {
		t.Errorf("Shape() = %d, %d, %v", nx, ny, ok)
	}
	// Re-encoding the decoded bundle gives the same bytes.
	again, err := Encode(dec)
	if err != nil || !bytes.Equal(again, enc) {
		t.Errorf("re-encoding differs (%v):\n%s\n%s", err, again, enc)
	}
}

func TestFigureWithoutHeatUnchanged(t *testing.T) {
	// A bundle written before heat existed (this is the show package's
	// theory-vs-sim golden) decodes with no heat and re-encodes to the same
	// bytes, so its manifest hash is unchanged too.
	old := `{"schema":1,"kind":"figure","figure":{"id":"theory-vs-sim","caption":"c","x_label":"depth l","series":[{"name":"theory","x":[0,1],"y":[1,null],"y_err":[0.01,null]}],"params":{"sigma_b2":0.05,"sigma_w2":1.5},"seed":42}}`
	b, err := Decode([]byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if b.Figure.Heat != nil {
		t.Errorf("old bundle decoded with heat %+v", b.Figure.Heat)
	}
	enc, err := Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	if string(enc) != old {
		t.Errorf("re-encoding an old bundle changed it:\n%s\n%s", enc, old)
	}
	if strings.Contains(string(enc), "heat") {
		t.Error("a figure without heat must not mention it")
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"heat shape", `{"schema":1,"kind":"figure","figure":{"id":"h","caption":"","series":[],"heat":{"name":"","x":[1,2],"y":[1],"z":[1]}}}`, "heat has 1 z values, want len(x)·len(y) = 2·1 = 2"},
		{"version", `{"schema":2,"kind":"metric","metric":{"name":"m","value":1,"tolerance":1,"pass":true}}`, "schema version 2"},
		{"kind without payload", `{"schema":1,"kind":"table"}`, `kind "table" without its payload`},
		{"not json", `{`, "bundle:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode([]byte(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestOutcome: a declared disagreement turns a failed check with a finite
// value into Known, never a NaN one and never a pass; without a
// declaration a failed check is Failed.
func TestOutcome(t *testing.T) {
	d := &Disagreement{Paper: "p", Measured: "m", Why: "w"}
	for _, c := range []struct {
		m    Metric
		want Outcome
	}{
		{Metric{Value: 1, Tolerance: 2, Pass: true}, Passed},
		{Metric{Value: 3, Tolerance: 2}, Failed},
		{Metric{Value: 3, Tolerance: 2, Disagreement: d}, Known},
		{Metric{Value: 1, Tolerance: 2, Pass: true, Disagreement: d}, Passed},
		{Metric{Value: Float(math.NaN()), Tolerance: 2, Disagreement: d}, Failed},
		{Metric{Value: Float(math.Inf(-1)), Tolerance: 2, Rule: AtLeast, Disagreement: d}, Failed},
	} {
		if got := c.m.Outcome(); got != c.want {
			t.Errorf("%+v: outcome %q, want %q", c.m, got, c.want)
		}
	}
}

// TestDisagreementEncoding: the declaration round-trips, and a metric
// without one encodes to the bytes it had before the field existed.
func TestDisagreementEncoding(t *testing.T) {
	m := Metric{Name: "x", Value: 1, Tolerance: 2, Pass: true}
	enc, err := Encode(Bundle{Kind: KindMetric, Metric: &m})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"schema":1,"kind":"metric","metric":{"name":"x","value":1,"tolerance":2,"pass":true}}`; string(enc) != want {
		t.Fatalf("got %s, want %s", enc, want)
	}
	m.Disagreement = &Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: Declaration{Commit: "abcdef0", Pilot: "a pilot", PilotSeeds: []uint64{7}, DataSeeds: []uint64{1, 2}}}
	enc, err = Encode(Bundle{Kind: KindMetric, Metric: &m})
	if err != nil {
		t.Fatal(err)
	}
	dec, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	if d := dec.Metric.Disagreement; d == nil || !reflect.DeepEqual(*d, *m.Disagreement) {
		t.Fatalf("decoded disagreement %+v from %s", d, enc)
	}
}

// TestDecodePassRecomputed: a metric's pass flag in the data is ignored;
// Decode computes it from value, tolerance and rule, so a bundle claiming
// pass for value 1e9 against tolerance 1e-9 fails, and an unknown rule is
// an error.
func TestDecodePassRecomputed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{`{"schema":1,"kind":"metric","metric":{"name":"m","value":1e9,"tolerance":1e-9,"pass":true}}`, false},
		{`{"schema":1,"kind":"metric","metric":{"name":"m","value":1e-10,"tolerance":1e-9,"pass":false}}`, true},
		{`{"schema":1,"kind":"metric","metric":{"name":"m","value":null,"tolerance":1,"pass":true}}`, false},
		{`{"schema":1,"kind":"metric","metric":{"name":"m","value":-5,"tolerance":-1,"rule":"at most","pass":false}}`, true},
		{`{"schema":1,"kind":"metric","metric":{"name":"m","value":-5,"tolerance":-1,"rule":"at least","pass":true}}`, false},
	} {
		b, err := Decode([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if b.Metric.Pass != tc.want {
			t.Errorf("%s: pass %v, want %v", tc.in, b.Metric.Pass, tc.want)
		}
	}
	if _, err := Decode([]byte(`{"schema":1,"kind":"metric","metric":{"name":"m","value":0,"tolerance":1,"rule":"always","pass":true}}`)); err == nil || !strings.Contains(err.Error(), `rule "always"`) {
		t.Errorf("unknown rule: err %v", err)
	}
}

// TestValueRoundTrip: a value bundle encodes and decodes to itself, and
// one without a name or text is refused.
func TestValueRoundTrip(t *testing.T) {
	b := Bundle{Kind: KindValue, Value: &Value{Name: "qstar", Value: 0.634, Text: "0.634"}}
	enc, err := Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"schema":1,"kind":"value","value":{"name":"qstar","value":0.634,"text":"0.634"}}`; string(enc) != want {
		t.Errorf("encoded %s, want %s", enc, want)
	}
	got, err := Decode(enc)
	if err != nil || *got.Value != *b.Value {
		t.Errorf("decoded %+v, %v", got.Value, err)
	}
	for _, bad := range []string{
		`{"schema":1,"kind":"value","value":{"name":"","value":1,"text":"1"}}`,
		`{"schema":1,"kind":"value","value":{"name":"a","value":1,"text":""}}`,
		`{"schema":1,"kind":"value"}`,
	} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%s) accepted it", bad)
		}
	}
}

func TestDrawRoundTripAndHash(t *testing.T) {
	f := Figure{ID: "f", Series: []Series{{Name: "a", X: Floats([]float64{0, 1}), Y: Floats([]float64{1, 2})}}}
	plain := f.Hash()
	f.Draw = &Draw{Styles: []string{"points"}, Colours: []int{2}, LogY: true, Legend: "outside", Wide: true, Height: 300, HeatMin: -1, HeatMax: 1}
	if got := f.Hash(); got != plain {
		t.Errorf("Hash with Draw %s, without %s: Draw is not data", got, plain)
	}
	enc, err := Encode(Bundle{Schema: SchemaVersion, Kind: KindFigure, Figure: &f})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b.Figure.Draw, f.Draw) {
		t.Errorf("Draw round trip: %+v, want %+v", b.Figure.Draw, f.Draw)
	}
	// The data still count: changing a value changes the hash.
	f.Series[0].Y[1] = 3
	if f.Hash() == plain {
		t.Error("Hash unchanged by a data value")
	}
}
