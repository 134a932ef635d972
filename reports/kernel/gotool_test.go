//go:build unix

package kernel

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoWrapper: the go of goWrapperDir runs the go found on PATH (here a
// stand-in that prints its GOGC, GOMEMLIMIT and arguments) with toolGC and
// the arguments unchanged, and comes first on the kernel's PATH; a caller
// that sets GOGC or GOMEMLIMIT, in its environment or in Options.Env, gets
// no wrapper.
func TestGoWrapper(t *testing.T) {
	fakeDir := filepath.Join(t.TempDir(), "it's go") // a quote and a space in the path
	if err := os.MkdirAll(fakeDir, 0o755); err != nil {
		t.Fatal(err)
	}
	fake := "#!/bin/sh\necho \"$GOGC|$GOMEMLIMIT|$*\"\n"
	if err := os.WriteFile(filepath.Join(fakeDir, "go"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", fakeDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	os.Unsetenv("GOGC")
	os.Unsetenv("GOMEMLIMIT")

	tmp := t.TempDir()
	bin, err := goWrapperDir(tmp, []string{"OTHER=1"}, nil, Tools{})
	if err != nil || bin != filepath.Join(tmp, "bin") {
		t.Fatalf("goWrapperDir = %q, %v; want %q", bin, err, filepath.Join(tmp, "bin"))
	}
	out, err := exec.Command(filepath.Join(bin, "go"), "build", "-o", "a b", "./x").Output()
	if want := "off|1GiB|build -o a b ./x\n"; err != nil || string(out) != want {
		t.Errorf("wrapper printed %q (%v), want %q", out, err, want)
	}
	var path string
	for _, kv := range kernelEnv(Options{Tools: Tools{Dir: "/tools"}}, tmp, bin, "m") {
		if strings.HasPrefix(kv, "PATH=") {
			path = kv[len("PATH="):]
		}
	}
	if want := bin + string(os.PathListSeparator) + "/tools" + string(os.PathListSeparator); !strings.HasPrefix(path, want) {
		t.Errorf("kernel PATH %q, want it to start with %q", path, want)
	}

	for _, v := range []string{"GOGC=200", "GOMEMLIMIT=2GiB"} {
		if bin, err := goWrapperDir(t.TempDir(), []string{v}, nil, Tools{}); bin != "" || err != nil {
			t.Errorf("with %s in Options.Env: goWrapperDir = %q, %v; want no wrapper", v, bin, err)
		}
		name, value, _ := strings.Cut(v, "=")
		t.Setenv(name, value)
		if bin, err := goWrapperDir(t.TempDir(), nil, nil, Tools{}); bin != "" || err != nil {
			t.Errorf("with %s in the environment: goWrapperDir = %q, %v; want no wrapper", v, bin, err)
		}
		os.Unsetenv(name)
	}
}

// TestDirectBuild: with DirectBuild, the wrapper builds a gonb-like
// directory (go.mod and main.go) with the compiler and linker itself
// (its state directory then holds the cell's compiled main.a), against
// the export data of the listed package and of main's own imports; a
// program importing a package outside that configuration, one that
// does not compile, and a build under other GOFLAGS go to go build,
// which builds the first and third and reports the second's error as
// go build does; the cell after the first finds the configuration again
// from its own imports and builds directly.
func TestDirectBuild(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go on PATH")
	}
	os.Unsetenv("GOGC")
	os.Unsetenv("GOMEMLIMIT")
	mod, write := cellModule(t)
	kdir := t.TempDir()
	bin, err := goWrapperDir(kdir, nil, []string{"example.com/m/p"}, Tools{})
	if err != nil || bin == "" {
		t.Fatalf("goWrapperDir: %q, %v", bin, err)
	}
	state := filepath.Join(kdir, "direct")
	build := func(goflags string) (direct bool, out string, err error) {
		t.Helper()
		os.Remove(filepath.Join(state, "main.a"))
		exe := filepath.Join(mod, "cell")
		os.Remove(exe)
		cmd := exec.Command(filepath.Join(bin, "go"), "build", "-o", exe)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS="+goflags, "GOWORK=off")
		b, err := cmd.CombinedOutput()
		if err != nil {
			return false, string(b), err
		}
		_, aerr := os.Stat(filepath.Join(state, "main.a"))
		run, err := exec.Command(exe).Output()
		return aerr == nil, string(run), err
	}
	main := func(imports, body string) {
		write("main.go", "package main\n\nimport (\n\t\"fmt\"\n\t\"example.com/m/p\"\n"+imports+")\n\nfunc main() {\n\t"+body+"\n}\n")
	}
	steps := []struct {
		what, imports, body, goflags string
		direct                       bool
		out                          string
	}{
		{"first cell", "", `fmt.Println(p.V())`, cellGoFlags, true, "42\n"},
		{"same imports", "", `fmt.Println(p.V() + 1)`, cellGoFlags, true, "43\n"},
		{"a package outside the configuration", "\t\"math/cmplx\"\n", `fmt.Println(p.V(), cmplx.Abs(3+4i))`, cellGoFlags, false, "42 5\n"},
		{"the next cell, configuration found again", "\t\"math/cmplx\"\n", `fmt.Println(p.V(), cmplx.Abs(6+8i))`, cellGoFlags, true, "42 10\n"},
		{"other GOFLAGS", "", `fmt.Println(p.V())`, cellGoFlags + " -trimpath", false, "42\n"},
	}
	for _, s := range steps {
		main(s.imports, s.body)
		direct, out, err := build(s.goflags)
		if err != nil || direct != s.direct || out != s.out {
			t.Errorf("%s: direct %v, output %q, %v; want direct %v, output %q", s.what, direct, out, err, s.direct, s.out)
		}
	}
	main("", "fmt.Println(p.V(), undefinedName)")
	if direct, out, err := build(cellGoFlags); err == nil || direct || !strings.Contains(out, "main.go:9:") || !strings.Contains(out, "undefined: undefinedName") {
		t.Errorf("a cell that does not compile: direct %v, %v, output %q; want go build's error at main.go:9", direct, err, out)
	}
	if _, err := os.Stat(filepath.Join(state, "importcfg")); err == nil {
		t.Errorf("after a failed direct build the configuration is kept; want it found again by the next cell")
	}
}

// cellModule writes, in a new directory, the module example.com/m with
// one package, p (p.V() is 42), as the workspace of gonb's cells, and
// returns the directory and a function that writes a file in it.
func cellModule(t *testing.T) (string, func(name, text string)) {
	mod := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(mod, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(mod, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n")
	write("p/p.go", "package p\n\nfunc V() int { return 42 }\n")
	return mod, write
}

// TestCellImports: with Tools.CellImports (built here by
// buildCellImports from this checkout), the kernel's bin holds a
// goimports that, once a direct build has written the package names,
// drops a cell's unused imports and adds flag itself, and leaves a cell
// that needs an import found to tools.Dir's goimports (a stand-in here
// that records its arguments).
func TestCellImports(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go on PATH")
	}
	os.Unsetenv("GOGC")
	os.Unsetenv("GOMEMLIMIT")
	ctx := context.Background()
	goV, err := goVersion(ctx, "../..")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := buildCellImports(ctx, "../..", t.TempDir(), goV)
	if err != nil || ci == "" {
		t.Fatalf("buildCellImports: %q, %v", ci, err)
	}
	toolsDir := t.TempDir()
	record := filepath.Join(t.TempDir(), "goimports-args")
	if err := os.WriteFile(filepath.Join(toolsDir, "goimports"), []byte("#!/bin/sh\necho \"$@\" >"+shellQuote(record)+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	mod, write := cellModule(t)
	write("main.go", "package main\n\nimport (\n\t\"fmt\"\n\t\"example.com/m/p\"\n\t\"strings\"\n)\n\nfunc main() { fmt.Println(p.V(), strings.ToUpper(\"a\")) }\n")
	kdir := t.TempDir()
	bin, err := goWrapperDir(kdir, nil, []string{"example.com/m/p"}, Tools{Dir: toolsDir, CellImports: ci})
	if err != nil || bin == "" {
		t.Fatalf("goWrapperDir: %q, %v", bin, err)
	}
	goimports := func() (string, string) {
		t.Helper()
		os.Remove(record)
		cmd := exec.Command(filepath.Join(bin, "goimports"), "-w", "main.go")
		cmd.Dir = mod
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("goimports: %v\n%s", err, out)
		}
		src, _ := os.ReadFile(filepath.Join(mod, "main.go"))
		args, _ := os.ReadFile(record)
		return string(src), string(args)
	}
	// Before a direct build there are no names: goimports does it.
	if _, args := goimports(); args != "-w main.go\n" {
		t.Errorf("before the first build: goimports ran with %q, want \"-w main.go\"", args)
	}
	cmd := exec.Command(filepath.Join(bin, "go"), "build", "-o", filepath.Join(mod, "cell"))
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS="+cellGoFlags, "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	names, _ := os.ReadFile(filepath.Join(kdir, "direct", "names"))
	if !strings.Contains(string(names), "example.com/m/p p\n") || !strings.Contains(string(names), "\nfmt fmt\n") {
		t.Fatalf("names after the first build:\n%s", names)
	}
	// The next cell: flag to add, strings no longer used.
	write("main.go", "package main\n\nimport (\n\t\"fmt\"\n\t\"example.com/m/p\"\n\t\"strings\"\n)\n\nfunc main() {\n\tflag.Parse()\n\tfmt.Println(p.V())\n}\n")
	src, args := goimports()
	if args != "" || strings.Contains(src, `"strings"`) || !strings.Contains(src, `"flag"`) || !strings.Contains(src, `"example.com/m/p"`) {
		t.Errorf("a cell cellimports can do: goimports ran with %q; main.go:\n%s", args, src)
	}
	// A cell that uses os without importing it: goimports finds it.
	write("main.go", "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(); os.Exit(0) }\n")
	if _, args := goimports(); args != "-w main.go\n" {
		t.Errorf("a cell with an import to find: goimports ran with %q, want \"-w main.go\"", args)
	}
}
