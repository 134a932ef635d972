package fig3data

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/nbdefaults"
	"github.com/sigprop/sigprop/lib/shapednet"
)

var (
	committed = filepath.Join("..", "..", "..", "notebooks", "data", "noci23-fig3")
	notebook  = filepath.Join("..", "..", "..", "notebooks", "05-shaped-transformer.ipynb")
)

// TestNotebookDefaults: the constants of this package are the defaults
// of the notebook's parameters cell and the seeds of its Fig. 3 cell, so
// that the cell reads the store at them (a changed default would simulate
// live, slowly but correctly; this test says so first).
func TestNotebookDefaults(t *testing.T) {
	nb := nbdefaults.Equal(t, notebook, map[string]float64{"Fig3Networks": Fig3Networks, "Fig3Paths": Fig3Paths})
	seeds := fmt.Sprintf("fig3.NetSeed, fig3.SDESeed, fig3.SDE.Workers = %d, %d, workers", NetSeed, SDESeed)
	found := false
	for _, c := range nb.Cells {
		found = found || strings.Contains(string(c.Source), seeds)
	}
	if !found {
		t.Errorf("no cell of the notebook sets %q", seeds)
	}
}

// TestCommittedNetworks: the committed networks have the current settings
// (their key) and a complete provenance, and the first 256 networks of
// the first and the last γ, simulated again here, give the stored
// terminal correlations to the last bit (JSON keeps every float64
// exactly; network j of γ index i draws from shapednet.NetRand(NetSeed+i,
// j) whatever the number of networks).
func TestCommittedNetworks(t *testing.T) {
	rec, prov, err := shapednet.ReadLawNets(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	s := Settings(2)
	if !reflect.DeepEqual(prov.Settings, s.NetKey()) {
		t.Fatalf("stored settings %+v, current %+v", prov.Settings, s.NetKey())
	}
	if inv := prov.Invocation; len(inv.Command) == 0 || len(inv.Revision) != 40 || inv.Modified != "false" || inv.Started.IsZero() {
		t.Errorf("provenance invocation incomplete or from a modified checkout: %+v", inv)
	}
	const first = 256
	for _, i := range []int{0, len(s.Gammas) - 1} {
		slice := s
		slice.Gammas, slice.NetSeed, slice.Nets = s.Gammas[i:i+1], s.NetSeed+uint64(i), first
		got, err := slice.NetCorr(2)
		if err != nil {
			t.Fatal(err)
		}
		for j, g := range got[0] {
			if w := rec.Net[i][j]; math.Float64bits(g) != math.Float64bits(w) {
				t.Errorf("γ = %v, network %d: ρ_T = %v, stored %v", s.Gammas[i], j, g, w)
			}
		}
	}
}
