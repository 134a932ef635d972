package publish

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/render"
)

// Build renders results into the site directory out: one page per notebook
// (NAME.html), index.html, the assets and manifest.json. The site is built
// in a temporary sibling directory and swapped in with a rename; on error
// the previous site is left untouched.
func Build(out string, results []execute.Result, prov Provenance) (*Manifest, error) {
	out = filepath.Clean(out)
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(out)+".tmp-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp) // no-op after a successful swap

	m, err := write(tmp, results, prov)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return nil, err
	}
	if err := swap(tmp, out); err != nil {
		return nil, err
	}
	return m, nil
}

// swap replaces dir out by dir tmp. A directory cannot be renamed over a
// non-empty one, so the old site is first moved aside and removed after.
func swap(tmp, out string) error {
	old := ""
	if _, err := os.Stat(out); err == nil {
		old = tmp + ".old"
		if err := os.Rename(out, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, out); err != nil {
		if old != "" {
			os.Rename(old, out) // put the old site back
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

func write(dir string, results []execute.Result, prov Provenance) (*Manifest, error) {
	r := render.New()
	m := &Manifest{Schema: ManifestSchema, Provenance: prov, Notebooks: []NotebookEntry{}, Figures: []FigureEntry{}, Metrics: []MetricEntry{}}
	var index []render.IndexEntry
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
		cellStatus := make([]string, 0, len(res.Cells))
		for _, c := range res.Cells {
			cellStatus = append(cellStatus, c.Status)
			if c.Status == execute.CellFailed || c.Status == execute.CellTimeout {
				entry.FailedCell = append(entry.FailedCell, c.Index)
			}
		}
		if res.Notebook != nil {
			figs, mets, _, err := render.Collect(res.Notebook)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", res.Path, err)
			}
			for _, f := range figs {
				m.Figures = append(m.Figures, FigureEntry{ID: f.ID, Notebook: res.Name, PaperFigure: f.PaperFigure, DataHash: f.Hash(), Data: f})
			}
			for _, x := range mets {
				m.Metrics = append(m.Metrics, MetricEntry{Name: x.Name, Notebook: res.Name, Value: x.Value, Tolerance: x.Tolerance, Pass: x.Pass, Note: x.Note})
				if x.Pass {
					entry.MetricsOK++
				}
			}
			entry.Figures, entry.Metrics = len(figs), len(mets)
			page, err := r.RenderNotebook(render.Page{
				Name: res.Name, Notebook: res.Notebook, Status: res.Status, Err: res.Err,
				CellStatus: cellStatus, Duration: res.Duration,
			})
			if err != nil {
				return nil, fmt.Errorf("%s: rendering: %w", res.Path, err)
			}
			if err := os.WriteFile(filepath.Join(dir, res.Name+".html"), page, 0o644); err != nil {
				return nil, err
			}
		}
		m.Notebooks = append(m.Notebooks, entry)
		index = append(index, render.IndexEntry{
			Name: res.Name, Title: title(res), Href: res.Name + ".html", Status: res.Status, Err: res.Err,
			Duration: res.Duration, Figures: entry.Figures, Metrics: entry.Metrics, MetricsPassed: entry.MetricsOK,
		})
	}
	idx, err := r.RenderIndex(index)
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

func title(res execute.Result) string {
	if res.Notebook == nil {
		return res.Name
	}
	if t := render.FirstHeading(res.Notebook); t != "" {
		return t
	}
	return res.Name
}
