package trainsweep

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"
	"testing/fstest"
)

// storedProbe is a directory as `sigprop sweep generate noci-probe` writes
// it, of a made-up run with settings s.
func storedProbe(t *testing.T, s ProbeSettings) (fstest.MapFS, ProbeRecord) {
	t.Helper()
	var p Probe
	for step := s.Every; step <= s.Steps; step += s.Every {
		f := float64(step)
		p.Snapshots = append(p.Snapshots, LayerSnapshot{Step: step, GradQ: []float64{f, 1 / f}, GradK: []float64{2 * f, math.Pi}, GradV: []float64{3, 0.1 + f},
			LRQ: []float64{1e-3 / f, 7}, LRV: []float64{f / 3, 1e-300}})
	}
	losses := make([]float64, s.Steps)
	for i := range losses {
		losses[i] = 2.302585092994046 / float64(i+1)
	}
	rec, err := NewProbeRecord(&p, Run{TrainLoss: losses, TestLoss: 0.1 + 0.2, TestAccuracy: 0.7})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	set, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{"probe.json": {Data: b}, "provenance.json": {Data: []byte(`{"invocation": {}, "settings": ` + string(set) + `, "elapsed": "1s"}`)}}, rec
}

// TestProbeStore: a stored run reads back exactly (every float through
// JSON), is returned by StoredOrTrain at its settings without training,
// and at any other settings StoredOrTrain trains (it asks for the data).
// A record whose snapshots do not match its settings, a diverged run and
// settings out of range are refused.
func TestProbeStore(t *testing.T) {
	s := ProbeSettings{Variant: "Adam, PRE-LN", Layers: 2, Steps: 10, Batch: 4, Every: 5, Seed: 3, Split: Split{Val: 10, Seed: 1}}
	fsys, rec := storedProbe(t, s)
	got, prov, err := ReadProbe(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rec) || prov.Settings != s {
		t.Errorf("read back %+v, %+v; stored %+v, %+v", got, prov.Settings, rec, s)
	}
	noData := func() Data { panic("trained") }
	r, err := s.StoredOrTrain(fsys, noData, 1)
	if err != nil || !r.Stored || !reflect.DeepEqual(r.Probe.Snapshots, rec.Snapshots) || !reflect.DeepEqual(r.Run.TrainLoss, rec.TrainLoss) || r.Run.TestLoss != rec.TestLoss {
		t.Errorf("StoredOrTrain at the stored settings: %+v, %v", r, err)
	}
	other := s
	other.Seed++
	func() {
		defer func() {
			if v := recover(); v != "trained" {
				t.Errorf("StoredOrTrain at other settings did not train (recovered %v)", v)
			}
		}()
		_, _ = other.StoredOrTrain(fsys, noData, 1)
	}()
	// The stored run (written without InvTemp) is the run at τ = 1
	// written out; at τ = 2 StoredOrTrain trains, a model whose softmax
	// logits are doubled.
	one := s
	one.InvTemp = BaseTemperature
	if r, err := one.StoredOrTrain(fsys, noData, 1); err != nil || !r.Stored {
		t.Errorf("StoredOrTrain at InvTemp = 1: stored %v, %v", r.Stored, err)
	}
	hot := s
	hot.InvTemp = 2
	if c, err := hot.Config(); err != nil || c.InvTemp != 2 || hot.Same(s) || !one.Same(s) {
		t.Errorf("InvTemp = 2: config τ %v (%v); Same(stored) %v, τ = 1 Same %v", c.InvTemp, err, hot.Same(s), one.Same(s))
	}
	if c, err := s.Config(); err != nil || c.InvTemp != 0 {
		t.Errorf("InvTemp unset: config τ %v (%v), want vit's 0 (= 1)", c.InvTemp, err)
	}
	func() {
		defer func() {
			if v := recover(); v != "trained" {
				t.Errorf("StoredOrTrain at InvTemp = 2 did not train (recovered %v)", v)
			}
		}()
		_, _ = hot.StoredOrTrain(fsys, noData, 1)
	}()
	paper := s
	paper.Steps = NociSteps
	if !paper.AtPaper() || hot.AtPaper() {
		t.Errorf("AtPaper: %v at NociSteps and τ = 1, %v at τ = 2", paper.AtPaper(), hot.AtPaper())
	}
	paper.InvTemp = 0.5
	if paper.AtPaper() {
		t.Error("AtPaper at τ = 0.5")
	}

	short := s
	short.Steps = 12 // three snapshots (5, 10, 12), two stored
	bad, _ := storedProbe(t, s)
	b, _ := json.Marshal(short)
	bad["provenance.json"] = &fstest.MapFile{Data: []byte(`{"settings": ` + string(b) + `}`)}
	if _, _, err := ReadProbe(bad); err == nil {
		t.Error("a record with fewer snapshots than its settings make was read")
	}
	if _, err := NewProbeRecord(&Probe{}, Run{Err: errors.New("diverged")}); err == nil {
		t.Error("a diverged run was stored")
	}
	for _, f := range []func(*ProbeSettings){
		func(p *ProbeSettings) { p.Variant = "nosuch" },
		func(p *ProbeSettings) { p.Layers = 0 },
		func(p *ProbeSettings) { p.Every = 0 },
		func(p *ProbeSettings) { p.Split.Val = -1 },
		func(p *ProbeSettings) { p.InvTemp = -1 },
		func(p *ProbeSettings) { p.InvTemp = math.Inf(1) },
	} {
		w := s
		f(&w)
		if err := w.Validate(); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: Validate = %v, want ErrParam", w, err)
		}
	}
}
