package publish

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/reports/conformance"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/render"
)

// Build renders results into the site directory out: one page per notebook
// (NAME.html), index.html, the assets and manifest.json. The site is built
// in a temporary sibling directory and swapped in by Replace, which also
// refuses an out that is not a sigprop site (CheckOut); on error the
// previous site is left untouched.
func Build(out string, results []execute.Result, prov Provenance) (*Manifest, error) {
	var m *Manifest
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
	err := Replace(out, func(dir string) error {
		var err error
		m, err = write(dir, results, prov)
		return err
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

func write(dir string, results []execute.Result, prov Provenance) (*Manifest, error) {
	r := render.New()
	m := &Manifest{Schema: ManifestSchema, Provenance: prov, Notebooks: []NotebookEntry{}, Figures: []FigureEntry{}, Metrics: []MetricEntry{}, Tables: []TableEntry{}}
	var index []render.IndexEntry
	var drawn []conformance.Drawn
	var metrics []conformance.Metric
	complete, pages := map[string]bool{}, map[string]bool{}
	for _, res := range results {
		entry := NotebookEntry{
			Name:      res.Name,
			Path:      filepath.ToSlash(res.Path),
			Status:    res.Status,
			Error:     res.Err,
			DurationS: res.Duration.Round(time.Millisecond).Seconds(),
			Cached:    res.Cached,
			Executed:  res.Why,
			Verified:  res.Verified,
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
			bs := render.DecodeBundles(res.Notebook)
			if bs.Err != nil {
				return nil, fmt.Errorf("%s: %w", res.Path, bs.Err)
			}
			figs, mets, tabs := bs.Figures, bs.Metrics, bs.Tables
			pages[res.Name] = true
			if res.Status == render.StatusOK {
				complete[res.Name] = true
			}
			for _, f := range figs {
				m.Figures = append(m.Figures, FigureEntry{ID: f.ID, Notebook: res.Name, PaperFigure: f.PaperFigure, DataHash: f.Hash(), Data: f})
				drawn = append(drawn, conformance.Drawn{Notebook: res.Name, ID: f.ID, PaperFigure: f.PaperFigure})
			}
			m.Tables = append(m.Tables, TableEntries(res.Name, tabs)...)
			for _, t := range tabs {
				if t.ID != "" {
					drawn = append(drawn, conformance.Drawn{Notebook: res.Name, ID: t.ID})
				}
			}
			for _, x := range mets {
				metrics = append(metrics, conformance.Metric{Notebook: res.Name, Metric: x})
				m.Metrics = append(m.Metrics, MetricEntry{Name: x.Name, Notebook: res.Name, Value: x.Value, Tolerance: x.Tolerance, Pass: x.Pass,
					Kind: string(x.Kind), Rule: string(x.Rule), Basis: x.Basis, Figure: x.Figure, Note: x.Note, Disagreement: x.Disagreement})
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
				CellStatus: cellStatus, Duration: res.Duration,
			})
			if err != nil {
				return nil, fmt.Errorf("%s: rendering: %w", res.Path, err)
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
			Name: res.Name, Title: title(res), Href: render.PageHref(res.Name + ".html"), Status: res.Status, Err: res.Err,
			Duration: res.Duration, Figures: entry.Figures, Metrics: entry.Metrics, MetricsPassed: entry.MetricsOK,
			MetricCounts: counts,
		})
	}
	conf, err := conformancePage(r, dir, m, drawn, metrics, complete, pages)
	if err != nil {
		return nil, err
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
		e := ConformanceEntry{ID: res.Row.ID, Source: res.Row.Source, Label: res.Row.Label, Type: string(res.Row.Type), Status: string(res.Row.Status),
			Figures: []string{}, Metrics: len(res.Metrics), Known: res.Known}
		for _, f := range res.Figures {
			if f.Drawn {
				e.Figures = append(e.Figures, f.Ref)
			}
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
	c := list.Count()
	return &c, os.WriteFile(filepath.Join(dir, "conformance.html"), page, 0o644)
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
