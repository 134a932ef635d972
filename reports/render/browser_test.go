package render

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// findChromium returns the path of a Chromium binary, or "" if none is
// installed.
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	return ""
}

// TestBrowserTypesetsMath renders the fixture page with its assets into a
// temporary site, opens it in headless Chromium with the network shut off,
// and checks the DOM after the scripts have run: every math element was
// typeset by KaTeX (no raw TeX or $ left, no .katex-error), the figure's SVG
// is in the page, KaTeX's fonts loaded from the site, and the browser logged
// nothing to the console (a missing script shows up as ERR_FILE_NOT_FOUND or
// as sigprop.js's "KaTeX did not load", a missing font as sigprop.js's "font
// failed to load"). The run takes about 1 s.
//
// Chromium is required when the environment variable CI is set (the CI
// script installs Debian's chromium package); elsewhere the test skips with
// a message if it is missing.
func TestBrowserTypesetsMath(t *testing.T) {
	bin := requireChromium(t)
	dir := t.TempDir()
	pagePath := writeSite(t, dir)
	start := time.Now()
	problems := browserCheck(t, bin, pagePath)
	t.Logf("chromium ran and was checked in %v", time.Since(start).Round(time.Millisecond))
	for _, p := range problems {
		t.Error(p)
	}
}

// TestBrowserCheckDetectsBrokenSite shows that browserCheck can fail: with
// KaTeX's script and one of its fonts deleted from the site, it must report
// untypeset math and the failed font.
func TestBrowserCheckDetectsBrokenSite(t *testing.T) {
	bin := requireChromium(t)
	dir := t.TempDir()
	pagePath := writeSite(t, dir)
	for _, f := range []string{"assets/katex/katex.min.js", "assets/katex/fonts/KaTeX_Main-Regular.woff2"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	problems := strings.Join(browserCheck(t, bin, pagePath), "\n")
	for _, want := range []string{"math element not typeset", "KaTeX did not load"} {
		if !strings.Contains(problems, want) {
			t.Errorf("broken site: problems do not mention %q:\n%s", want, problems)
		}
	}
	// Without KaTeX's script no KaTeX font is requested; check the font
	// report with the script present and only the font gone.
	pagePath = writeSite(t, dir)
	if err := os.Remove(filepath.Join(dir, "assets/katex/fonts/KaTeX_Main-Regular.woff2")); err != nil {
		t.Fatal(err)
	}
	problems = strings.Join(browserCheck(t, bin, pagePath), "\n")
	if !strings.Contains(problems, "font failed to load: KaTeX_Main") {
		t.Errorf("missing font not reported:\n%s", problems)
	}
}

// requireChromium returns Chromium's path, failing the test when it is
// missing and CI is set, skipping it otherwise.
func requireChromium(t *testing.T) string {
	t.Helper()
	bin := findChromium()
	if bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium not found but CI is set: install it (apt-get install -y chromium); the math typesetting check must run in CI")
		}
		t.Skip("chromium not installed; skipping the headless-browser check (apt-get install -y chromium to run it; it is mandatory when CI is set)")
	}
	return bin
}

// browserCheck opens pagePath in headless Chromium and returns every
// problem found in the DOM after the scripts ran and in the console log.
func browserCheck(t *testing.T, bin, pagePath string) []string {
	t.Helper()
	source, err := os.ReadFile(pagePath)
	if err != nil {
		t.Fatal(err)
	}
	mathRE := regexp.MustCompile(`<(?:span|div) class="math (?:inline|display)">`)
	wantMath := len(mathRE.FindAllIndex(source, -1))
	if wantMath < 7 {
		t.Fatalf("fixture page has %d math elements, want >= 7", wantMath)
	}

	dom, stderr := dumpDOM(t, bin, pagePath)
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	if !strings.Contains(dom, `data-math="done"`) {
		bad(`sigprop.js did not finish (no data-math="done" on <html>)`)
	}
	// Every math element now starts with KaTeX's output, not with its TeX.
	locs := mathRE.FindAllStringIndex(dom, -1)
	if len(locs) != wantMath {
		bad("DOM has %d math elements, page had %d", len(locs), wantMath)
	}
	for _, l := range locs {
		rest := dom[l[1]:]
		if !strings.HasPrefix(rest, `<span class="katex">`) && !strings.HasPrefix(rest, `<span class="katex-display">`) {
			bad("math element not typeset: %.120q", dom[l[0]:])
		}
	}
	if n := strings.Count(dom, `class="katex"`); n != wantMath {
		bad("found %d .katex elements, want %d", n, wantMath)
	}
	if i := strings.Index(dom, "katex-error"); i >= 0 {
		bad("KaTeX could not parse a formula: %.300q", dom[i:])
	}
	// KaTeX keeps the source in a MathML annotation: it must be the TeX
	// without delimiters, and the align environment must have arrived whole.
	ann := regexp.MustCompile(`<annotation encoding="application/x-tex">([^<]*)</annotation>`).FindAllStringSubmatch(dom, -1)
	if len(ann) != wantMath {
		bad("found %d TeX annotations, want %d", len(ann), wantMath)
	}
	sawAlign := false
	for _, a := range ann {
		if strings.Contains(a[1], "$") {
			bad("math source still holds a dollar delimiter: %q", a[1])
		}
		if strings.Contains(a[1], `\begin{align}`) {
			sawAlign = true
		}
	}
	if !sawAlign {
		bad(`the \begin{align} block was not typeset`)
	}
	// KaTeX's fonts came from the site (sigprop.js counts them once
	// document.fonts is ready; failures are logged to the console).
	if m := regexp.MustCompile(`data-katex-fonts="(\d+)"`).FindStringSubmatch(dom); m == nil || m[1] == "0" {
		bad("no KaTeX font loaded (data-katex-fonts = %v)", m)
	}
	// The figure's SVG is in the page.
	if !regexp.MustCompile(`<figure class="sigprop-figure" id="fig-fig1-qmap">\s*<svg`).MatchString(dom) {
		bad("figure fig1-qmap has no inline SVG in the DOM")
	}
	// Dollars in prose and in program output were never math.
	for _, want := range []string{"A price of $5 is not math.", "q* = 0.7 green &lt;tag&gt; &amp; $x$"} {
		if !strings.Contains(dom, want) {
			bad("DOM lacks %q", want)
		}
	}
	// Nothing in the console: no script error, no missing file.
	for _, line := range strings.Split(stderr, "\n") {
		if strings.Contains(line, ":CONSOLE") || strings.Contains(line, "ERR_FILE_NOT_FOUND") {
			bad("browser console: %s", line)
		}
	}
	return problems
}

// dumpDOM opens pagePath in headless Chromium with no network, lets its
// scripts run for five seconds of virtual time and returns the DOM and the
// browser's log.
func dumpDOM(t *testing.T, bin, pagePath string) (dom, log string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--mute-audio",
		"--user-data-dir="+t.TempDir(),
		// No host name resolves: the page must need nothing but local files.
		"--host-resolver-rules=MAP * ~NOTFOUND",
		"--enable-logging=stderr", "--v=0",
		"--virtual-time-budget=5000",
		"--dump-dom", "file://"+pagePath,
	)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\nstderr:\n%s", err, tail(stderr.String(), 40))
	}
	return stdout.String(), stderr.String()
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
