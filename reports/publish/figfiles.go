package publish

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/reports/render"
)

// Every figure of a page is written beside it, in NAME.figures/, as the
// files its caption links to (render.FigureFormats): ID.svg, ID.pdf and
// ID.png, drawn by kernel-ext/contract/picture from the figure's bundle (its data
// and bundle.Draw), and ID.csv, its data (FigureCSV). They are written into
// the site's temporary directory with the pages, so they appear with the
// site, atomically (Replace). Drawing a PDF and a PNG takes a few tens of
// milliseconds a figure; the figures are drawn on FigureWorkers goroutines.

// FigureWorkers is how many figures are drawn at once; 0 means
// runtime.GOMAXPROCS.
var FigureWorkers = 0

// figureJob is one figure of a page to write.
type figureJob struct {
	page string
	fig  bundle.Figure
}

// writeFigures writes the files of every figure of jobs into the site
// dir and returns, per job, why its figure could not be written (nil when
// it was): two figures of one page whose files would share a name, a
// figure picture cannot draw (ErrNoData, an extent that overflows, ...).
// One figure's failure is its notebook's (the caller marks it failed),
// never the site's.
func writeFigures(dir string, jobs []figureJob, cache *figureCache) []error {
	errs := make([]error, len(jobs))
	seen := map[string]string{}
	var todo []int
	for i, j := range jobs {
		p := render.FigureFile(j.page, j.fig.ID, "csv")
		if other, ok := seen[p]; ok {
			errs[i] = fmt.Errorf("publish: %s: figures %q and %q would share the files %s.*", j.page, other, j.fig.ID, p[:len(p)-len(".csv")])
			continue
		}
		seen[p] = j.fig.ID
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, filepath.FromSlash(p))), 0o755); err != nil {
			errs[i] = err
			continue
		}
		todo = append(todo, i)
	}
	workers := FigureWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = writeFigure(dir, jobs[i], cache)
			}
		}()
	}
	for _, i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	return errs
}

// writeFigure writes one figure's files. A panic of the drawing (a
// gonum/plot check picture did not foresee) is the figure's error, not
// the report's crash. With a cache (not nil), a drawing is copied from
// it when it has one, and stored in it when drawn.
func writeFigure(dir string, j figureJob, cache *figureCache) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("publish: %s: drawing figure %q: panic: %v", j.page, j.fig.ID, r)
		}
	}()
	f, err := picture.FromBundle(j.fig)
	if err != nil {
		return fmt.Errorf("publish: %s: %w", j.page, err)
	}
	key, cached := "", false
	if cache != nil {
		key, cached = cache.key(j.fig)
	}
	for _, ext := range render.FigureFormats {
		var b []byte
		if ext == "csv" {
			b = FigureCSV(j.fig)
		} else if cached {
			if b = cache.load(key, picture.Format(ext)); b == nil {
				if b, err = picture.Draw(f, picture.Format(ext)); err != nil {
					return fmt.Errorf("publish: %s: drawing figure %q as %s: %w", j.page, j.fig.ID, ext, err)
				}
				cache.store(key, picture.Format(ext), b)
			}
		} else if b, err = picture.Draw(f, picture.Format(ext)); err != nil {
			return fmt.Errorf("publish: %s: drawing figure %q as %s: %w", j.page, j.fig.ID, ext, err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(render.FigureFile(j.page, j.fig.ID, ext))), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// FigureCSV is the data of figure f as CSV (RFC 4180), one row per point
// and per heatmap cell, under the header
//
//	kind,name,x,y,y_err,z
//
// A series point is a row of kind "series" with its series' name, x, y and
// y_err (empty when the series has no error bars); a heatmap cell is a row
// of kind "heat" with the heatmap's name, the cell centre's x and y and its
// value z. Numbers are written in the shortest form that reads back as the
// same float64 (strconv 'g', -1); a missing value (NaN or ±Inf, null in the
// manifest) is written NaN, as numpy, pandas and R read it.
//
// A name a spreadsheet would take for a formula (starting with =, +, -,
// @, a tab or a carriage return: "=HYPERLINK(…)") is written behind a
// single quote, as spreadsheets expect text that must stay text; a name
// that reads as a number ("-1.5") is left as it is.
func FigureCSV(f bundle.Figure) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	num := func(v bundle.Float) string {
		x := float64(v)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "NaN"
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	w.Write([]string{"kind", "name", "x", "y", "y_err", "z"})
	for _, s := range f.Series {
		for i := range s.Y {
			e := ""
			if s.YErr != nil {
				e = num(s.YErr[i])
			}
			w.Write([]string{"series", csvText(s.Name), num(s.X[i]), num(s.Y[i]), e, ""})
		}
	}
	if h := f.Heat; h != nil {
		nx, ny, ok := h.Shape()
		if ok {
			for jy := range ny {
				for ix := range nx {
					w.Write([]string{"heat", csvText(h.Name), num(h.X[ix]), num(h.Y[jy]), "", num(h.Z[jy*nx+ix])})
				}
			}
		}
	}
	w.Flush()
	return buf.Bytes()
}

// csvText neutralises a text cell against formula injection (see
// FigureCSV).
func csvText(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return s
	}
	return "'" + s
}

// CheckFigureFiles checks the figure files of the site out against its
// manifest m: every figure has its four files, each starts as its format
// does, and its CSV reads back as exactly the manifest's data (every
// number equal as a float64, a missing value where the manifest has null).
func CheckFigureFiles(out string, m *Manifest) error {
	magic := map[string]string{"svg": "<?xml", "pdf": "%PDF-", "png": "\x89PNG", "csv": "kind,name,x,y,y_err,z\n"}
	for _, fe := range m.Figures {
		for _, ext := range render.FigureFormats {
			p := filepath.Join(out, filepath.FromSlash(render.FigureFile(fe.Notebook, fe.ID, ext)))
			b, err := os.ReadFile(p)
			if err != nil {
				return fmt.Errorf("figure %s/%s: %w", fe.Notebook, fe.ID, err)
			}
			if !bytes.HasPrefix(b, []byte(magic[ext])) {
				return fmt.Errorf("figure %s/%s: %s does not start as a %s file", fe.Notebook, fe.ID, p, ext)
			}
			if ext == "csv" {
				if err := csvMatches(b, fe.Data); err != nil {
					return fmt.Errorf("figure %s/%s: %s: %w", fe.Notebook, fe.ID, p, err)
				}
			}
		}
	}
	return nil
}

// csvMatches reads a FigureCSV back (with encoding/csv and strconv, not
// FigureCSV's code) and compares it with f's data.
func csvMatches(b []byte, f bundle.Figure) error {
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		return err
	}
	rows = rows[1:]
	// A text cell is the name, or the name behind a quote when it starts
	// as a formula would.
	text := func(field, want string) bool {
		return field == want || want != "" && strings.ContainsRune("=+-@\t\r", rune(want[0])) && field == "'"+want
	}
	same := func(field string, want bundle.Float) bool {
		v, err := strconv.ParseFloat(field, 64)
		if err != nil {
			return false
		}
		w := float64(want)
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return math.IsNaN(v)
		}
		return v == w
	}
	k := 0
	row := func() ([]string, error) {
		if k >= len(rows) {
			return nil, fmt.Errorf("%d rows, the manifest has more points", len(rows))
		}
		k++
		if len(rows[k-1]) != 6 {
			return nil, fmt.Errorf("row %d has %d fields, want 6", k, len(rows[k-1]))
		}
		return rows[k-1], nil
	}
	for _, s := range f.Series {
		for i := range s.Y {
			r, err := row()
			if err != nil {
				return err
			}
			okErr := r[4] == "" && s.YErr == nil || s.YErr != nil && same(r[4], s.YErr[i])
			if r[0] != "series" || !text(r[1], s.Name) || !same(r[2], s.X[i]) || !same(r[3], s.Y[i]) || !okErr || r[5] != "" {
				return fmt.Errorf("row %d %q differs from series %q point %d", k, r, s.Name, i)
			}
		}
	}
	if h := f.Heat; h != nil {
		nx := len(h.X)
		for c, z := range h.Z {
			r, err := row()
			if err != nil {
				return err
			}
			if r[0] != "heat" || !text(r[1], h.Name) || !same(r[2], h.X[c%nx]) || !same(r[3], h.Y[c/nx]) || r[4] != "" || !same(r[5], z) {
				return fmt.Errorf("row %d %q differs from heat cell %d", k, r, c)
			}
		}
	}
	if k != len(rows) {
		return fmt.Errorf("%d rows, the manifest has %d points", len(rows), k)
	}
	return nil
}
