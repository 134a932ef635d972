package sweep

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"testing/fstest"
)

// evalDir builds an eval sweep of a made-up quantity over x ∈ {1, 2} ×
// y ∈ {10, 20, 30} whose value at (x, y) is {"v": x·y}; skip lists the
// keys left without a result.
func evalDir(t *testing.T, skip ...string) fstest.MapFS {
	t.Helper()
	s := EvalSettings{Quantity: "test.product", Axes: []Axis{
		{Names: []string{"x"}, Values: []string{"1", "2"}},
		{Names: []string{"y"}, Values: []string{"10", "20", "30"}},
	}}
	set, _ := json.Marshal(s)
	prov, _ := json.Marshal(Provenance{Kind: KindEval, Settings: set})
	fsys := fstest.MapFS{ProvenanceFile: {Data: prov}, "i3.json.123.tmp": {Data: []byte("{")}}
	ps, err := s.Grid().Points()
	if err != nil {
		t.Fatal(err)
	}
outer:
	for _, p := range ps {
		for _, k := range skip {
			if k == p.Key {
				continue outer
			}
		}
		x, y := p.Params["x"], p.Params["y"]
		var xf, yf float64
		json.Unmarshal([]byte(x), &xf)
		json.Unmarshal([]byte(y), &yf)
		v, _ := json.Marshal(map[string]float64{"v": xf * yf})
		b, _ := json.Marshal(Record{Key: p.Key, Index: p.Index, Name: s.Quantity, Value: v, Seconds: 0.5})
		fsys[DoneFile(p.Key)] = &fstest.MapFile{Data: b}
	}
	return fsys
}

func TestReadComplete(t *testing.T) {
	s, err := Read(evalDir(t))
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Floats("v")
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{10, 20, 30, 20, 40, 60} // grid order: x outer
	for i := range want {
		if v[i] != want[i] || s.States[i] != Done || s.Seconds[i] != 0.5 {
			t.Errorf("point %d: %v (%s, %v s), want %v done", i, v[i], s.States[i], s.Seconds[i], want[i])
		}
	}
	x, y, z, err := s.Plane("v")
	if err != nil {
		t.Fatal(err)
	}
	// Heat layout: z[j*len(x)+i] at (x[i], y[j]).
	if len(x) != 2 || len(y) != 3 || z[2*2+1] != 2*30 || z[1*2+0] != 1*20 {
		t.Errorf("plane x=%v y=%v z=%v", x, y, z)
	}
	type val struct{ V float64 }
	vals, err := Decode[val](s)
	if err != nil || vals[4].V != 40 {
		t.Errorf("Decode: %v, %v", vals, err)
	}
	var set EvalSettings
	if err := s.Settings(&set); err != nil || set.Quantity != "test.product" {
		t.Errorf("Settings: %+v, %v", set, err)
	}
	if _, err := s.Floats("w"); err == nil {
		t.Error("Floats of an absent member accepted")
	}
	if _, err := s.Floats(""); err == nil {
		t.Error("Floats of an object value as a number accepted")
	}
}

func TestReadIncompleteNamesThePoints(t *testing.T) {
	fsys := evalDir(t, "i1", "i4", "i5")
	f, _ := json.Marshal(Failure{Key: "i4", Index: 4, Error: "parameter y=20 out of range"})
	fsys[FailedFile("i4")] = &fstest.MapFile{Data: f}
	fsys[ClaimFile("i5")] = &fstest.MapFile{Data: []byte(`{"host":"h","pid":1}`)}
	s, err := Read(fsys)
	if !errors.Is(err, ErrIncomplete) || s == nil {
		t.Fatalf("got %v, want ErrIncomplete with the partial sweep", err)
	}
	for _, want := range []string{"3 of 6 points", "i1 (x=1 y=20) missing", "i4 (x=2 y=20) failed: parameter y=20 out of range", "i5 (x=2 y=30) running"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	wantStates := []State{Done, Missing, Done, Done, Failed, Running}
	for i, st := range wantStates {
		if s.States[i] != st {
			t.Errorf("point %d is %s, want %s", i, s.States[i], st)
		}
	}
	if s.Errors[4] != "parameter y=20 out of range" {
		t.Errorf("error of i4 = %q", s.Errors[4])
	}
	v, err := s.Floats("v")
	if err != nil || !math.IsNaN(v[1]) || v[2] != 30 {
		t.Errorf("Floats of a partial sweep: %v, %v (want NaN where not done)", v, err)
	}
	if _, err := Decode[map[string]float64](s); !errors.Is(err, ErrIncomplete) || !strings.Contains(err.Error(), "i1") {
		t.Errorf("Decode of a partial sweep: %v", err)
	}
}

func TestReadRejects(t *testing.T) {
	if _, err := Read(fstest.MapFS{}); err == nil {
		t.Error("a directory without provenance.json accepted")
	}
	fsys := evalDir(t)
	fsys[DoneFile("i2")] = &fstest.MapFile{Data: []byte(`{"key":"i2","value":`)}
	if _, err := Read(fsys); err == nil || !strings.Contains(err.Error(), "i2.json") {
		t.Errorf("a torn result file: %v, want an error naming it", err)
	}
	fsys = evalDir(t)
	fsys[DoneFile("i2")] = &fstest.MapFile{Data: []byte(`{"key":"i3","value":1}`)}
	if _, err := Read(fsys); err == nil {
		t.Error("a result file holding another point's record accepted")
	}
	fsys = evalDir(t)
	fsys[ProvenanceFile] = &fstest.MapFile{Data: []byte(`{"Kind":"other","Settings":{}}`)}
	if _, err := Read(fsys); err == nil || !strings.Contains(err.Error(), "unknown kind") {
		t.Errorf("unknown kind: %v", err)
	}
}

func TestStateText(t *testing.T) {
	for st := Missing; st <= Done; st++ {
		b, _ := json.Marshal(st)
		var back State
		if err := json.Unmarshal(b, &back); err != nil || back != st {
			t.Errorf("%s: %s → %v, %v", st, b, back, err)
		}
	}
	var s State
	if err := json.Unmarshal([]byte(`"lost"`), &s); err == nil {
		t.Error("unknown state accepted")
	}
}
