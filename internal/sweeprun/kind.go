package sweeprun

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/sigprop/sigprop/lib/quantity"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// kind computes the points of one kind of sweep.
type kind interface {
	// prepare does the once-per-process setup (loading data); Run calls
	// it only when its shard has work.
	prepare(progress io.Writer) error
	// compute returns the contents of the point's result file, or the
	// error to record as the point's failure.
	compute(p sweep.Point) ([]byte, error)
	// summary describes a result file in a few words for the progress line.
	summary(b []byte) string
}

func newKind(p sweep.Provenance) (kind, error) {
	switch p.KindName() {
	case sweep.KindEval:
		var s sweep.EvalSettings
		if err := json.Unmarshal(p.Settings, &s); err != nil {
			return nil, fmt.Errorf("eval settings: %w", err)
		}
		q, err := quantity.Lookup(s.Quantity)
		if err != nil {
			return nil, err
		}
		return &evalKind{s: s, q: q}, nil
	case sweep.KindTrainability:
		var s trainsweep.Settings
		if err := json.Unmarshal(p.Settings, &s); err != nil {
			return nil, fmt.Errorf("trainability settings: %w", err)
		}
		return &trainKind{s: s}, nil
	}
	return nil, fmt.Errorf("unknown sweep kind %q", p.Kind)
}

// evalKind evaluates a lib/quantity quantity, as `sigprop eval` does.
type evalKind struct {
	s sweep.EvalSettings
	q quantity.Quantity
}

func (k *evalKind) prepare(io.Writer) error { return nil }

func (k *evalKind) compute(p sweep.Point) ([]byte, error) {
	vals, err := k.q.Parse(k.s.Args(p))
	if err != nil {
		return nil, err
	}
	t0 := time.Now()
	v, err := k.q.Eval(vals)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		// json refuses NaN and Inf: the quantity let one escape.
		return nil, fmt.Errorf("value is not finite JSON: %w", err)
	}
	b, err := json.Marshal(sweep.Record{Key: p.Key, Index: p.Index, Name: k.q.Name, Params: vals.Map(),
		Value: raw, Seconds: time.Since(t0).Seconds()})
	return append(b, '\n'), err
}

func (k *evalKind) summary(b []byte) string {
	var r sweep.Record
	if json.Unmarshal(b, &r) != nil {
		return "?"
	}
	s := string(r.Value)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// trainKind trains lib/vit on Fashion-MNIST at each (α, σ_w), as the
// former cmd/trainsweep did.
type trainKind struct {
	s    trainsweep.Settings
	task trainsweep.Task
}

func (k *trainKind) prepare(progress io.Writer) error {
	t0 := time.Now()
	ds, err := trainsweep.LoadData(os.DirFS(k.s.DataDir), k.s.Train, k.s.Val, k.s.Test, k.s.SplitSeed)
	if err != nil {
		return fmt.Errorf("--data %s: %w", k.s.DataDir, err)
	}
	if progress != nil {
		fmt.Fprintf(progress, "sweep: data %d train / %d val / %d test, loaded in %.1fs\n",
			ds.Train.Len(), ds.Val.Len(), ds.Test.Len(), time.Since(t0).Seconds())
	}
	k.task = k.s.Spec(ds).Task()
	return nil
}

func (k *trainKind) compute(p sweep.Point) ([]byte, error) {
	a, err1 := strconv.ParseFloat(p.Params["alpha"], 64)
	s, err2 := strconv.ParseFloat(p.Params["sigma_w"], 64)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("point %s: α=%q, σ_w=%q are not numbers", p.Key, p.Params["alpha"], p.Params["sigma_w"])
	}
	r, err := k.task(trainsweep.Point{Index: p.Index, Alpha: a, SigmaW: s})
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(r, "", "  ")
	return append(b, '\n'), err
}

func (k *trainKind) summary(b []byte) string {
	var r trainsweep.Result
	if json.Unmarshal(b, &r) != nil {
		return "?"
	}
	if r.Diverged {
		return fmt.Sprintf("diverged at step %d", r.DivergedAt)
	}
	return fmt.Sprintf("test loss %.4f", r.TestLoss)
}
