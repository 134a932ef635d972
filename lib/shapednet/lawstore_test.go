package shapednet

import (
	"encoding/json"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/sde"
)

// TestLawStore: networks stored as `sigprop sweep generate noci23-fig3`
// writes them (record and key through JSON) are used by StoredOrRun at
// their settings, at any workers and SDE settings, and the laws equal
// Run's bit for bit; at other network settings StoredOrRun simulates
// (a store holding planted values shows which was read). A record whose
// samples do not match its key is refused.
func TestLawStore(t *testing.T) {
	s := LawSettings{Config: Config{Attention: block.Shaped, Width: 20, Depth: 8, CMinus: -1, Blocks: BlocksMLP},
		Gammas: []float64{0.5, 1}, Rho0: 0.2, Nets: 40, Paths: 50, NetSeed: 10, SDESeed: 20, SDE: sde.Settings{Step: 0.01}}
	want, err := s.Run(1)
	if err != nil {
		t.Fatal(err)
	}
	dir := func(rec LawNetRecord, k LawNetKey) fstest.MapFS {
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		set, err := json.Marshal(k)
		if err != nil {
			t.Fatal(err)
		}
		return fstest.MapFS{"nets.json": {Data: b}, "provenance.json": {Data: []byte(`{"invocation": {}, "settings": ` + string(set) + `, "elapsed": "1s"}`)}}
	}
	net, err := s.NetCorr(2)
	if err != nil || !reflect.DeepEqual(net, want.Net) {
		t.Fatalf("NetCorr differs from Run's networks (%v)", err)
	}
	store := dir(LawNetRecord{Net: net}, s.NetKey())
	got, stored, err := s.StoredOrRun(store, 2)
	if err != nil || !stored || !reflect.DeepEqual(got, want) {
		t.Fatalf("StoredOrRun at the stored settings: stored %v, %v; laws equal to Run's: %v", stored, err, reflect.DeepEqual(got, want))
	}

	planted := LawNetRecord{Net: [][]float64{make([]float64, s.Nets), make([]float64, s.Nets)}} // all ρ_T = 0: not what Simulate gives
	fake := dir(planted, s.NetKey())
	if l, stored, err := s.StoredOrRun(fake, 1); err != nil || !stored || !reflect.DeepEqual(l.Net, planted.Net) || !reflect.DeepEqual(l.SDE, want.SDE) {
		t.Errorf("StoredOrRun did not take the stored networks and run the SDE (stored %v, %v)", stored, err)
	}
	for name, edit := range map[string]func(*LawSettings){
		"net seed": func(o *LawSettings) { o.NetSeed = 11 },
		"nets":     func(o *LawSettings) { o.Nets = 39 },
		"gammas":   func(o *LawSettings) { o.Gammas = []float64{0.5, 0.9} },
		"rho0":     func(o *LawSettings) { o.Rho0 = 0.3 },
		"width":    func(o *LawSettings) { o.Config.Width = 21 },
	} {
		o := s
		edit(&o)
		l, stored, err := o.StoredOrRun(fake, 1)
		r, errR := o.Run(1)
		if err != nil || errR != nil || stored || !reflect.DeepEqual(l, r) {
			t.Errorf("StoredOrRun with another %s: stored %v (%v, %v), equal to Run: %v", name, stored, err, errR, reflect.DeepEqual(l, r))
		}
	}

	short := LawNetRecord{Net: [][]float64{net[0], net[1][:s.Nets-1]}}
	if _, _, err := ReadLawNets(dir(short, s.NetKey())); err == nil {
		t.Error("a record with a γ short of a network was read")
	}
	if _, _, err := ReadLawNets(dir(LawNetRecord{Net: net[:1]}, s.NetKey())); err == nil {
		t.Error("a record short of a γ was read")
	}
}
