package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"golang.org/x/tools/imports"
)

// importSet returns the import lines of Go source src ("name path", name
// "" when the import has none), sorted.
func importSet(t *testing.T, src []byte) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.ImportsOnly)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	var out []string
	for _, s := range f.Imports {
		name := ""
		if s.Name != nil {
			name = s.Name.Name
		}
		p, _ := strconv.Unquote(s.Path.Value)
		out = append(out, name+" "+p)
	}
	slices.Sort(out)
	return out
}

// TestPruneAgreesWithGoimports: on programs of the shapes gonb writes
// (every cell's declarations and imports, and a main that calls
// flag.Parse), prune either leaves the file to goimports, unchanged, or
// leaves it with the imports goimports' own code (x/tools/imports, the
// version go.mod pins) gives it.
func TestPruneAgreesWithGoimports(t *testing.T) {
	names := map[string]string{"fmt": "fmt", "strings": "strings", "math": "math", "flag": "flag", "os": "os",
		"math/rand/v2": "rand", "embed": "embed", "sort": "sort"}
	namesFile := filepath.Join(t.TempDir(), "names")
	var lines []byte
	for p, n := range names {
		lines = append(lines, p+" "+n+"\n"...)
	}
	if err := os.WriteFile(namesFile, lines, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		what, src string
		done      bool // prune does it all, without goimports
	}{
		{"gonb's main: flag to add, an earlier cell's import to drop", "package main\n\nimport (\n\t\"fmt\"\n\t\"math\"\n\t\"strings\"\n)\n\nfunc f() string { return strings.Repeat(\"a\", 2) }\n\nfunc main() {\n\tflag.Parse()\n\tfmt.Println(f())\n}\n", true},
		{"flag imported already", "package main\n\nimport (\n\t\"flag\"\n\t\"fmt\"\n)\n\nfunc main() {\n\tflag.Parse()\n\tfmt.Println(1)\n}\n", true},
		{"no import declaration", "package main\n\nfunc main() {\n\tflag.Parse()\n}\n", true},
		{"nothing to change", "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println() }\n", true},
		{"aliases: one used, one not; a blank import kept", "package main\n\nimport (\n\t_ \"embed\"\n\tm \"math\"\n\ts \"strings\"\n)\n\nfunc main() { _ = m.Sqrt(2) }\n", true},
		{"a package used in a type only", "package main\n\nimport (\n\t\"os\"\n\t\"strings\"\n)\n\nvar b strings.Builder\n\nfunc main() {}\n", true},
		{"a local that shadows a package", "package main\n\nimport (\n\t\"fmt\"\n\t\"sort\"\n)\n\nfunc main() {\n\tfmt := struct{ Println func() }{}\n\tfmt.Println()\n\t_ = sort.Ints\n}\n", true},
		{"a name from a path's version suffix", "package main\n\nimport \"math/rand/v2\"\n\nfunc main() { _ = rand.N(3) }\n", true},
		{"an unexported selector is no package's", "package main\n\nimport \"fmt\"\n\nfunc main() { _ = fmt.sprint }\n", true},
		{"flag used beyond gonb's flag.Parse, not imported", "package main\n\nfunc main() {\n\tflag.Parse()\n\t_ = flag.Int(\"n\", 1, \"\")\n}\n", false},
		{"a package to find (fmt)", "package main\n\nfunc main() { fmt.Println() }\n", false},
		{"an undefined name", "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(nosuch.X) }\n", false},
		{"a path the names do not list", "package main\n\nimport \"example.com/other\"\n\nfunc main() { other.F() }\n", false},
		{"a dot import", "package main\n\nimport . \"math\"\n\nfunc main() { _ = Sqrt(2) }\n", false},
		{"two packages under one name", "package main\n\nimport (\n\t\"math/rand/v2\"\n\trand \"sort\"\n)\n\nfunc main() {}\n", false},
		{"cgo", "package main\n\nimport \"C\"\n\nfunc main() {}\n", false},
		{"a file that does not parse", "package main\n\nfunc main() { (\n", false},
	} {
		path := filepath.Join(t.TempDir(), "main.go")
		if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		done, err := prune(path, namesFile)
		if err != nil {
			t.Fatalf("%s: %v", tc.what, err)
		}
		got, _ := os.ReadFile(path)
		if done != tc.done {
			t.Errorf("%s: done %v, want %v", tc.what, done, tc.done)
			continue
		}
		if !done {
			if string(got) != tc.src {
				t.Errorf("%s: left to goimports, but the file changed:\n%s", tc.what, got)
			}
			continue
		}
		want, err := imports.Process(path, []byte(tc.src), nil)
		if err != nil {
			t.Fatalf("%s: goimports: %v", tc.what, err)
		}
		if g, w := importSet(t, got), importSet(t, want); !slices.Equal(g, w) {
			t.Errorf("%s: imports %q, goimports gives %q\n%s", tc.what, g, w, got)
		}
	}
	// Without the names file, everything is goimports'.
	path := filepath.Join(t.TempDir(), "main.go")
	os.WriteFile(path, []byte("package main\n\nfunc main() {}\n"), 0o644)
	if done, err := prune(path, filepath.Join(t.TempDir(), "none")); done || err != nil {
		t.Errorf("no names file: done %v, %v; want it left to goimports", done, err)
	}
}
