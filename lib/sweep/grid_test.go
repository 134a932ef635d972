package sweep

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestProductGridOrderAndKeys(t *testing.T) {
	g := Grid{Axes: []Axis{
		{Names: []string{"alpha_a", "alpha_m"}, Values: []string{"0.1", "0.2", "0.3"}},
		{Names: []string{"sigma_w"}, Values: []string{"1", "2", "3", "4"}},
	}}
	ps, err := g.Points()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 12 {
		t.Fatalf("%d points, want 12", len(ps))
	}
	// Row-major: the first axis outer, the last fastest; both names of the
	// first axis take the same value.
	p := ps[6] // (1, 2)
	want := map[string]string{"alpha_a": "0.2", "alpha_m": "0.2", "sigma_w": "3"}
	if p.Index != 6 || p.Key != "i06" || !reflect.DeepEqual(p.Params, want) {
		t.Errorf("point 6 = %+v, want key i06 and %v", p, want)
	}
	if ps[0].Key != "i00" || ps[11].Key != "i11" {
		t.Errorf("keys %s … %s, want i00 … i11 (zero-padded so that names sort in grid order)", ps[0].Key, ps[11].Key)
	}
	if got := g.Label(p); got != "alpha_a=0.2 alpha_m=0.2 sigma_w=3" {
		t.Errorf("Label = %q", got)
	}
}

func TestGridErrors(t *testing.T) {
	for _, tc := range []struct {
		g    Grid
		want string
	}{
		{Grid{}, "no axis"},
		{Grid{Axes: []Axis{{Names: []string{"x"}}}}, "has no value"},
		{Grid{Axes: []Axis{{Names: []string{"x"}, Values: []string{"1"}}, {Names: []string{"x"}, Values: []string{"2"}}}}, "x is bound twice"},
		{Grid{List: &List{Names: []string{"x", "y"}, Rows: [][]string{{"1"}}}}, "point 0 has 1 values for 2"},
		{Grid{List: &List{Names: []string{"x"}}}, "list is empty"},
		{Grid{Axes: []Axis{{Names: []string{"x"}, Values: make([]string, 5000)}, {Names: []string{"y"}, Values: make([]string, 5000)}}}, "more than"},
		{Grid{Axes: []Axis{{Names: []string{"alpha"}, Values: []string{"0.1"}}, {Names: []string{"sigma_w"}, Values: []string{"1", "1.00001"}}}, Keys: TrainabilityKeys}, "share the key"},
		{Grid{Axes: []Axis{{Names: []string{"alpha"}, Values: []string{"x"}}, {Names: []string{"sigma_w"}, Values: []string{"1"}}}, Keys: TrainabilityKeys}, "not numeric"},
	} {
		if _, err := tc.g.Points(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one containing %q", tc.g, err, tc.want)
		}
	}
}

func TestListGrid(t *testing.T) {
	l, err := ParseList("# two points\nq, p\n64, 0\n\n64,63.5\n")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Grid{List: l}.Points()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[1].Params["p"] != "63.5" || ps[1].Params["q"] != "64" || ps[1].Key != "i1" {
		t.Errorf("points %+v", ps)
	}
	for _, bad := range []string{"q,p\n", "q,p\n1,2,3\n", "q\n\"unterminated\n"} {
		if _, err := ParseList(bad); err == nil {
			t.Errorf("ParseList(%q) accepted", bad)
		}
	}
}

// The committed sweep notebooks/data/trainability/adam-s1-900 was planned
// with -alphas 0.05:0.95:6 by cmd/trainsweep (Linspace); its
// provenance.json records these floats, and ParseValues must reproduce
// them bit for bit or a replanned sweep would not match its directory.
func TestParseValuesRangeMatchesTrainsweepLinspace(t *testing.T) {
	vals, err := ParseValues("0.05:0.95:6")
	if err != nil {
		t.Fatal(err)
	}
	recorded := []float64{0.05, 0.22999999999999998, 0.41, 0.59, 0.77, 0.9500000000000001}
	lin := Linspace(0.05, 0.95, 6)
	for i, s := range vals {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || x != recorded[i] || x != lin[i] {
			t.Errorf("value %d = %q, want %v (recorded) = %v (Linspace), bit for bit", i, s, recorded[i], lin[i])
		}
	}
}

func TestParseValuesAndAxis(t *testing.T) {
	for _, tc := range []struct {
		spec string
		want []string
	}{
		{"1:2:3", []string{"1", "1.5", "2"}},
		{"7:9:1", []string{"7"}},
		{"0.5", []string{"0.5"}},
		{"corrected,paper", []string{"corrected", "paper"}},
		{"# file\n1\n2 3\n4,5\n", []string{"1", "2", "3", "4", "5"}},
	} {
		got, err := ParseValues(tc.spec)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseValues(%q) = %q, %v; want %q", tc.spec, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "1:2:0", "1:x:3", "nan:1:3", "# only a comment\n"} {
		if _, err := ParseValues(bad); err == nil {
			t.Errorf("ParseValues(%q) accepted", bad)
		}
	}
	a, err := ParseAxis("alpha_a,alpha_m=0.1,0.2")
	if err != nil || !reflect.DeepEqual(a, Axis{Names: []string{"alpha_a", "alpha_m"}, Values: []string{"0.1", "0.2"}}) {
		t.Errorf("ParseAxis = %+v, %v", a, err)
	}
	for _, bad := range []string{"alpha", "=1", "a,,b=1", "x=1:2:-1"} {
		if _, err := ParseAxis(bad); err == nil {
			t.Errorf("ParseAxis(%q) accepted", bad)
		}
	}
}

func TestShardsPartitionTheGrid(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7} {
		count := make([]int, 50)
		for i := range n {
			s, err := ParseShard(strconv.Itoa(i) + "/" + strconv.Itoa(n))
			if err != nil {
				t.Fatal(err)
			}
			for k := range count {
				if s.Has(k) {
					count[k]++
				}
			}
		}
		for k, c := range count {
			if c != 1 {
				t.Errorf("n=%d: point %d in %d shards, want exactly 1", n, k, c)
			}
		}
	}
	if !(Shard{}).Has(17) || (Shard{}).String() != "0/1" {
		t.Error("the zero Shard is not the whole grid")
	}
	for _, bad := range []string{"", "1", "2/2", "-1/2", "0/0", "a/b"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func TestPointSeed(t *testing.T) {
	a := map[string]string{"gamma": "0.5", "rho": "0.2"}
	b := map[string]string{"rho": "0.2", "gamma": "0.5"}
	if PointSeed(1, a) != PointSeed(1, b) {
		t.Error("seed depends on map order")
	}
	seen := map[uint64]bool{}
	for _, s := range []uint64{1, 2} {
		for _, rho := range []string{"0.1", "0.2", "0.3"} {
			x := PointSeed(s, map[string]string{"gamma": "0.5", "rho": rho})
			if seen[x] {
				t.Errorf("seed collision at plan seed %d, rho %s", s, rho)
			}
			seen[x] = true
			if x >= 1<<53 {
				t.Errorf("seed %d not below 2^53", x)
			}
		}
	}
	// Pinned: every eval sweep's Monte Carlo streams hang on this function;
	// a change here changes their results.
	const pinned = 8774919676535463
	if got := PointSeed(1, a); got != pinned {
		t.Errorf("PointSeed(1, %v) = %d, pinned %d", a, got, pinned)
	}
}
