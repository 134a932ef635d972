package publish

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/conformance"
	"github.com/sigprop/sigprop/reports/eqindex"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render"
)

// Build renders results into the site directory out: one page per notebook
// (NAME.html), index.html, the assets and manifest.json. The site is built
// in a temporary sibling directory and swapped in by Replace, which also
// refuses an out that is not a sigprop site (CheckOut) and holds the
// site's lock meanwhile; on error the previous site is left untouched.
func Build(out string, results []execute.Result, prov Provenance, opts ...BuildOption) (*Manifest, error) {
	return publish(out, results, prov, false, opts)
}

// Update is Build for a report of some notebooks only: the site at out
// keeps every other notebook it lists, with its page, its manifest entries
// (figures, metrics, tables) and its place in the index and the
// conformance page, as its last report left them (NotebookEntry.Kept);
// the notebooks of results replace their own entries. An out that does
// not exist yet starts empty; one without a readable manifest is an error
// (Build replaces it whole).
//
// The site is read under its lock (see Replace), so two Updates of one
// out, in two processes, both land: the second waits for the first and
// keeps what it published.
func Update(out string, results []execute.Result, prov Provenance, opts ...BuildOption) (*Manifest, error) {
	return publish(out, results, prov, true, opts)
}

// publish is Build (update false) and Update (true).
func publish(out string, results []execute.Result, prov Provenance, update bool, opts []BuildOption) (*Manifest, error) {
	names := make([]string, len(results))
	for i, r := range results {
		names[i] = r.Path
		if r.Name != PageName(r.Path) {
			return nil, fmt.Errorf("publish: %s: result named %q, want its page name %q", r.Path, r.Name, PageName(r.Path))
		}
	}
	if err := CheckPageNames(names); err != nil {
		return nil, err
	}
	o := buildOptions(opts)
	ctx := o.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	var m *Manifest
	// A Build with the cache whose site is already in out skips (see
	// sitestamp.go); an Update always builds (its site also depends on
	// the one it replaces).
	var stamp *siteStamper
	if !update {
		stamp = newSiteStamper(o.cache, out, results, prov, o)
	}
	skip := func() bool {
		old, ok := stamp.unchanged()
		if ok {
			m = old
		}
		return ok
	}
	err := replace(ctx, o.wait, out, skip, stamp.record, func(dir string) error {
		var prev *previous
		if update {
			if _, err := os.Stat(filepath.Join(out, "manifest.json")); err == nil {
				old, err := ReadManifest(out)
				if err != nil {
					return fmt.Errorf("publish: updating %s: %w (report every notebook to rebuild it)", out, err)
				}
				prev = &previous{dir: out, m: old}
			}
		}
		var err error
		m, err = write(dir, results, prov, prev, o)
		return err
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// BuildOption configures Build and Update.
type BuildOption func(*options)

type options struct {
	equations *eqindex.Index
	params    map[string]string
	ctx       context.Context
	wait      io.Writer
	cache     string
}

// WithParams records the parameter values a run with parameters set
// (canonical NAME=VALUE, nbparams.Cell.Check) in the manifest entry of each
// notebook it ran (NotebookEntry.Params).
func WithParams(values map[string]string) BuildOption {
	return func(o *options) { o.params = maps.Clone(values) }
}

// WithLockWait makes Build and Update wait for the site's lock (held by
// another process publishing into the same out) only until ctx ends, and
// say on w that they wait.
func WithLockWait(ctx context.Context, w io.Writer) BuildOption {
	return func(o *options) { o.ctx, o.wait = ctx, w }
}

// WithEquationIndex adds the equation index page, equations.html, built
// from ix (eqindex.Scan of the checkout), linked from the index and every
// notebook page; the figures it lists are those of the notebooks this
// report ran.
func WithEquationIndex(ix *eqindex.Index) BuildOption {
	return func(o *options) { o.equations = ix }
}

func buildOptions(opts []BuildOption) options {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// previous is the site an Update keeps the other notebooks of.
type previous struct {
	dir string
	m   *Manifest
}

// keep adds to m, index, drawn, metrics, complete and pages what the
// previous site holds for its notebooks not in fresh, and copies their
// pages (and the cut outputs and figure files beside them) into dir.
func (p *previous) keep(dir string, fresh map[string]bool, m *Manifest, index *[]render.IndexEntry, drawn *[]conformance.Drawn, metrics *[]conformance.Metric, complete, pages map[string]bool) error {
	for _, e := range p.m.Notebooks {
		if fresh[e.Name] {
			continue
		}
		e.Kept = true
		m.Notebooks = append(m.Notebooks, e)
		for _, f := range p.m.Figures {
			if f.Notebook == e.Name {
				m.Figures = append(m.Figures, f)
				*drawn = append(*drawn, conformance.Drawn{Notebook: e.Name, ID: f.ID, Paper: f.Paper, Note: f.PaperNote})
			}
		}
		for _, t := range p.m.Tables {
			if t.Notebook == e.Name {
				m.Tables = append(m.Tables, t)
				if !strings.HasPrefix(t.ID, "#") {
					*drawn = append(*drawn, conformance.Drawn{Notebook: e.Name, ID: t.ID, Paper: t.Data.Paper})
				}
			}
		}
		for _, q := range p.m.Equations {
			if q.Notebook == e.Name {
				m.Equations = append(m.Equations, q)
			}
		}
		for _, v := range p.m.Values {
			if v.Notebook == e.Name {
				m.Values = append(m.Values, v)
			}
		}
		var mets []bundle.Metric
		for _, x := range p.m.Metrics {
			if x.Notebook == e.Name {
				m.Metrics = append(m.Metrics, x)
				bm := x.Bundle()
				mets = append(mets, bm)
				*metrics = append(*metrics, conformance.Metric{Notebook: e.Name, Metric: bm})
			}
		}
		if e.Status == render.StatusOK && len(e.Params) == 0 { // at its own settings: every row it draws is claimed
			complete[e.Name] = true
		}
		if err := copyIfExists(filepath.Join(p.dir, e.Name+".html"), filepath.Join(dir, e.Name+".html")); err != nil {
			return err
		}
		if _, err := os.Stat(filepath.Join(dir, e.Name+".html")); err == nil {
			pages[e.Name] = true
		}
		for _, beside := range []string{".outputs", ".figures"} {
			if err := copyTree(filepath.Join(p.dir, e.Name+beside), filepath.Join(dir, e.Name+beside)); err != nil {
				return err
			}
		}
		t := e.Title
		if t == "" {
			t = e.Name
		}
		*index = append(*index, render.IndexEntry{
			Name: e.Name, Title: t, Href: render.PageHref(e.Name + ".html"), Status: e.Status, Err: e.Error,
			Duration: time.Duration(e.DurationS * float64(time.Second)), Figures: e.Figures, Metrics: e.Metrics, MetricsPassed: e.MetricsOK,
			MetricCounts: render.CountMetrics(mets),
		})
	}
	return nil
}

// addRefs adds to refs the equations, figures and tables of the previous
// site's notebooks not in fresh, as its manifest lists them.
func (p *previous) addRefs(refs *render.Refs, fresh map[string]bool) {
	for _, e := range p.m.Notebooks {
		if fresh[e.Name] {
			continue
		}
		var eqs, figs, tabs []string
		for _, q := range p.m.Equations {
			if q.Notebook == e.Name {
				eqs = append(eqs, q.Label)
			}
		}
		for _, f := range p.m.Figures {
			if f.Notebook == e.Name {
				figs = append(figs, f.ID)
			}
		}
		for _, t := range p.m.Tables {
			if t.Notebook == e.Name {
				tabs = append(tabs, t.ID)
			}
		}
		refs.Add(e.Name, eqs, figs, tabs)
	}
}

// copyIfExists copies the regular file src to dst; a missing src is no error.
func copyIfExists(src, dst string) error {
	b, err := os.ReadFile(src)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}

// copyTree copies the regular files of the directory src (one level, as
// the cut outputs beside a page are) to dst; a missing src is no error.
func copyTree(src, dst string) error {
	ents, err := os.ReadDir(src)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		if err := copyIfExists(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

func write(dir string, results []execute.Result, prov Provenance, prev *previous, o options) (*Manifest, error) {
	// Number every page's equations, figures and tables before rendering
	// any, so that a page can refer to another's (render.Refs); a kept
	// page's come from the previous manifest.
	//
	// A defect of one notebook's outputs (a bundle that does not decode,
	// a figure that cannot be drawn, two figures sharing their files, a
	// page that cannot be rendered) fails that notebook, with the reason
	// on its page and the index; the others are published as they are.
	refs := render.NewRefs()
	decoded := make([]*render.Bundles, len(results))
	failure := make([][]string, len(results)) // why notebook i fails at publishing
	fresh := map[string]bool{}
	for i, res := range results {
		fresh[res.Name] = true
		if res.Notebook == nil {
			continue
		}
		decoded[i] = render.DecodeBundles(res.Notebook)
		if decoded[i].Err != nil {
			failure[i] = append(failure[i], fmt.Sprintf("%s: outputs: %v", res.Path, decoded[i].Err))
		}
		refs.AddNotebook(res.Name, res.Notebook, decoded[i])
	}
	// The figure files first, so that a figure that cannot be drawn fails
	// its notebook before its page is rendered.
	var figJobs []figureJob
	var figOwner []int
	for i, res := range results {
		if decoded[i] == nil {
			continue
		}
		for _, f := range decoded[i].Figures {
			figJobs = append(figJobs, figureJob{page: res.Name, fig: f})
			figOwner = append(figOwner, i)
		}
	}
	for k, err := range writeFigures(dir, figJobs, newFigureCache(o.cache)) {
		if err != nil {
			i := figOwner[k]
			failure[i] = append(failure[i], fmt.Sprintf("%s: %v", results[i].Path, err))
		}
	}
	if prev != nil {
		prev.addRefs(refs, fresh)
	}
	if err := addSiblingEquations(refs, results); err != nil {
		return nil, err
	}
	ropts := []render.Option{render.WithRefs(refs)}
	if o.equations != nil {
		ropts = append(ropts, render.WithEquationsHref("equations.html"))
	}
	r := render.New(ropts...)
	m := &Manifest{Schema: ManifestSchema, Provenance: prov, Notebooks: []NotebookEntry{}, Figures: []FigureEntry{}, Metrics: []MetricEntry{}, Tables: []TableEntry{}}
	var index []render.IndexEntry
	var drawn []conformance.Drawn
	var metrics []conformance.Metric
	complete, pages := map[string]bool{}, map[string]bool{}
	for i, res := range results {
		if len(failure[i]) > 0 {
			res.Status = render.StatusFailed
			res.Err = strings.Join(append(nonEmpty(res.Err), failure[i]...), "\n")
		}
		entry := NotebookEntry{
			Name:      res.Name,
			Path:      filepath.ToSlash(res.Path),
			Status:    res.Status,
			Error:     res.Err,
			DurationS: res.Duration.Round(time.Millisecond).Seconds(),
			Cached:    res.Cached,
			Executed:  res.Why,
			Verified:  res.Verified,
			Title:     title(res),
			Params:    o.params,
			Timing:    newTiming(res),
		}
		var counts render.MetricCounts
		cellStatus := make([]string, 0, len(res.Cells))
		for _, c := range res.Cells {
			cellStatus = append(cellStatus, c.Status)
			if c.Status == execute.CellFailed || c.Status == execute.CellTimeout {
				entry.FailedCell = append(entry.FailedCell, c.Index)
			}
		}
		if res.Notebook != nil {
			bs := decoded[i]
			figs, mets, tabs := bs.Figures, bs.Metrics, bs.Tables
			pages[res.Name] = true
			if res.Status == render.StatusOK && len(o.params) == 0 { // at its own settings: every row it draws is claimed
				complete[res.Name] = true
			}
			for _, f := range figs {
				m.Figures = append(m.Figures, FigureEntry{ID: f.ID, Notebook: res.Name, Paper: f.Paper, PaperNote: f.PaperNote, DataHash: f.Hash(), Data: f})
				drawn = append(drawn, conformance.Drawn{Notebook: res.Name, ID: f.ID, Paper: f.Paper, Note: f.PaperNote})
			}
			m.Tables = append(m.Tables, TableEntries(res.Name, tabs)...)
			for _, t := range tabs {
				if t.ID != "" {
					drawn = append(drawn, conformance.Drawn{Notebook: res.Name, ID: t.ID, Paper: t.Paper})
				}
			}
			for _, x := range mets {
				metrics = append(metrics, conformance.Metric{Notebook: res.Name, Metric: x})
				m.Metrics = append(m.Metrics, MetricEntry{Name: x.Name, Notebook: res.Name, Value: x.Value, Tolerance: x.Tolerance, Pass: x.Pass,
					Kind: string(x.Kind), Rule: string(x.Rule), Basis: x.Basis, Figure: x.Figure, Note: x.Note, Paper: x.Paper, Central: x.Central, Disagreement: x.Disagreement})
				switch x.Outcome() {
				case bundle.Passed:
					entry.MetricsOK++
				case bundle.Known:
					entry.MetricsKnown++
				}
			}
			entry.Figures, entry.Metrics = len(figs), len(mets)
			counts = render.CountMetrics(mets)
			page, err := r.RenderNotebook(render.Page{
				Name: res.Name, Notebook: res.Notebook, Bundles: bs, Status: res.Status, Err: res.Err,
				CellStatus: cellStatus, Duration: res.Duration, Timing: pageTiming(entry.Timing, len(res.Notebook.Cells)),
			})
			if err != nil {
				// No page: the index row says why.
				r.TakeUnresolved()
				r.TakeFiles()
				entry.Status = render.StatusFailed
				entry.Error = strings.Join(append(nonEmpty(entry.Error), fmt.Sprintf("%s: rendering: %v", res.Path, err)), "\n")
				delete(complete, res.Name)
				delete(pages, res.Name)
				m.Notebooks = append(m.Notebooks, entry)
				index = append(index, render.IndexEntry{
					Name: res.Name, Title: title(res), Href: render.PageHref(res.Name + ".html"), Status: entry.Status, Err: entry.Error,
					Duration: res.Duration, Figures: entry.Figures, Metrics: entry.Metrics, MetricsPassed: entry.MetricsOK,
					MetricCounts: counts,
				})
				continue
			}
			// A reference to an unknown label, key or value fails the
			// notebook (its page shows the list).
			if u := r.TakeUnresolved()[res.Name]; len(u) > 0 {
				entry.Status = render.StatusFailed
				msg := "unresolved references in " + res.Path + ":\n" + strings.Join(u, "\n")
				if entry.Error != "" {
					msg = entry.Error + "\n" + msg
				}
				entry.Error = msg
				delete(complete, res.Name)
			}
			for n, l := range refs.Equations(res.Name) {
				m.Equations = append(m.Equations, EquationEntry{Label: l, Notebook: res.Name, Number: n + 1})
			}
			for _, v := range bs.Values {
				m.Values = append(m.Values, ValueEntry{Name: v.Name, Notebook: res.Name, Value: v.Value, Text: v.Text})
			}
			if err := os.WriteFile(filepath.Join(dir, res.Name+".html"), page, 0o644); err != nil {
				return nil, err
			}
			for name, b := range r.TakeFiles() { // the whole text of outputs the page cut
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return nil, err
				}
				if err := os.WriteFile(p, b, 0o644); err != nil {
					return nil, err
				}
			}
		}
		m.Notebooks = append(m.Notebooks, entry)
		index = append(index, render.IndexEntry{
			Name: res.Name, Title: title(res), Href: render.PageHref(res.Name + ".html"), Status: entry.Status, Err: entry.Error,
			Duration: res.Duration, Figures: entry.Figures, Metrics: entry.Metrics, MetricsPassed: entry.MetricsOK,
			MetricCounts: counts,
		})
	}
	if prev != nil {
		if err := prev.keep(dir, fresh, m, &index, &drawn, &metrics, complete, pages); err != nil {
			return nil, err
		}
		sortByNotebook(m, index)
	}
	conf, err := conformancePage(r, dir, m, drawn, metrics, complete, pages)
	if err != nil {
		return nil, err
	}
	if o.equations != nil {
		figs := map[eqindex.Cell][]string{}
		for i, res := range results {
			if decoded[i] != nil {
				maps.Copy(figs, render.CellFigures(res.Name, decoded[i]))
			}
		}
		page, err := r.RenderEquations(render.EquationsPage{Index: o.equations, Figures: figs})
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "equations.html"), page, 0o644); err != nil {
			return nil, err
		}
	}
	idx, err := r.RenderIndex(index, conf)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), idx, 0o644); err != nil {
		return nil, err
	}
	if err := render.WriteAssets(dir); err != nil {
		return nil, err
	}
	b, err := EncodeManifest(m)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		return nil, err
	}
	return m, nil
}

// loadList returns the conformance list (a variable for tests).
var loadList = conformance.Load

// conformancePage checks the drawn figures against the conformance list,
// records each row and any disagreement in m and writes conformance.html.
func conformancePage(r *render.Renderer, dir string, m *Manifest, drawn []conformance.Drawn, metrics []conformance.Metric, complete, pages map[string]bool) (*conformance.Counts, error) {
	list, err := loadList()
	if err != nil {
		return nil, err
	}
	offList, err := list.Check(drawn, complete)
	var errs []string
	if err != nil {
		lines := strings.Split(err.Error(), "\n")
		errs = lines[1:] // the first line is the heading
	}
	m.ConformanceErrors = errs
	results := list.Results(drawn, metrics)
	for _, res := range results {
		e := ConformanceEntry{ID: res.Row.ID, Source: res.Row.Source.Cite, Label: res.Row.Label.String(), Type: string(res.Row.Type),
			Setting: string(res.Row.Setting), Section: string(res.Row.Section), Outcome: string(res.Outcome), OutcomeWhy: res.Why,
			Figures: []string{}, Metrics: len(res.Metrics), Claims: res.Claims, ClaimsPassed: res.ClaimsPassed, Known: res.Known}
		for _, f := range res.Figures {
			e.Figures = append(e.Figures, f.Ref)
		}
		if len(res.Metrics) > 0 && !math.IsNaN(res.Worst) {
			w := bundle.Float(res.Worst)
			e.WorstRatio = &w
		}
		m.Conformance = append(m.Conformance, e)
	}
	page, err := r.RenderConformance(render.ConformancePage{List: list, Results: results, OffList: offList, Errors: errs, Pages: pages})
	if err != nil {
		return nil, err
	}
	c := conformance.Count(results)
	return &c, os.WriteFile(filepath.Join(dir, "conformance.html"), page, 0o644)
}

// nonEmpty returns [s], or nothing when s is "".
func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

func title(res execute.Result) string {
	if res.Notebook == nil {
		return res.Name
	}
	if t := render.FirstHeading(res.Notebook); t != "" {
		return t
	}
	return res.Name
}

// sortByNotebook orders the notebooks of an updated site, and their
// figures, metrics and tables, by page name, as a whole report lists them
// (each notebook's own items keep their order).
func sortByNotebook(m *Manifest, index []render.IndexEntry) {
	slices.SortStableFunc(m.Notebooks, func(a, b NotebookEntry) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortStableFunc(index, func(a, b render.IndexEntry) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortStableFunc(m.Figures, func(a, b FigureEntry) int { return cmp.Compare(a.Notebook, b.Notebook) })
	slices.SortStableFunc(m.Metrics, func(a, b MetricEntry) int { return cmp.Compare(a.Notebook, b.Notebook) })
	slices.SortStableFunc(m.Tables, func(a, b TableEntry) int { return cmp.Compare(a.Notebook, b.Notebook) })
	slices.SortStableFunc(m.Equations, func(a, b EquationEntry) int { return cmp.Compare(a.Notebook, b.Notebook) })
	slices.SortStableFunc(m.Values, func(a, b ValueEntry) int { return cmp.Compare(a.Notebook, b.Notebook) })
}

// addSiblingEquations records, for a site that does not hold every
// notebook beside the ones it ran (a parameterised run, or a named
// notebook with no previous site), the equation labels of those other
// notebooks, read from their markdown (render.Refs.AddOutside): a
// reference such as 06's to 02's block equation then renders with its
// number and notebook instead of failing the page. Pages already in refs
// are left alone.
func addSiblingEquations(refs *render.Refs, results []execute.Result) error {
	dirs := map[string]bool{}
	for _, res := range results {
		dirs[filepath.Dir(res.Path)] = true
	}
	for dir := range dirs {
		paths, err := filepath.Glob(filepath.Join(dir, "*.ipynb"))
		if err != nil {
			return err
		}
		for _, p := range paths {
			nb, err := ipynb.Load(p)
			if err != nil {
				continue // not a notebook sigprop runs; nothing refers to it
			}
			refs.AddOutside(strings.TrimSuffix(filepath.Base(p), ".ipynb"), render.EquationLabels(nb))
		}
	}
	return nil
}
