package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/sigprop/sigprop/internal/atomicfile"
)

func main() {
	args := os.Args[1:]
	var real, names string
	for len(args) >= 2 && (args[0] == "-real" || args[0] == "-names") {
		if args[0] == "-real" {
			real = args[1]
		} else {
			names = args[1]
		}
		args = args[2:]
	}
	if real == "" {
		fmt.Fprintln(os.Stderr, "cellimports: -real GOIMPORTS is required")
		os.Exit(2)
	}
	if len(args) == 2 && args[0] == "-w" && names != "" {
		if done, err := prune(args[1], names); err != nil {
			fmt.Fprintln(os.Stderr, "cellimports:", err)
			os.Exit(1)
		} else if done {
			return
		}
	}
	argv := append([]string{real}, args...)
	if err := syscall.Exec(real, argv, os.Environ()); err != nil {
		// No exec (not Unix): run it as a child.
		cmd := exec.Command(real, args...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				os.Exit(ee.ExitCode())
			}
			fmt.Fprintln(os.Stderr, "cellimports:", err)
			os.Exit(2)
		}
	}
}

// prune removes from the Go file at path the imports it does not use and
// reports true, or reports false, changing nothing, when that is not all
// goimports would do (see the package doc). An error is one writing the
// file.
func prune(path, namesFile string) (bool, error) {
	pkgNames, err := readNames(namesFile)
	if err != nil {
		return false, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return false, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return false, nil
	}
	unused, add, ok := unusedImports(f, pkgNames)
	if !ok {
		return false, nil
	}
	if len(unused) == 0 && len(add) == 0 {
		return true, nil
	}
	removeImports(f, unused)
	for _, path := range add {
		addImport(f, path)
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return false, nil
	}
	return true, atomicfile.Write(path, buf.Bytes())
}

// readNames reads the "IMPORTPATH NAME" lines of path.
func readNames(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if p, n, ok := strings.Cut(sc.Text(), " "); ok && p != "" && n != "" {
			out[p] = n
		}
	}
	return out, sc.Err()
}

// added are the imports cellimports adds where a file uses their name
// without importing it, and only for these selectors: gonb's generated
// main calls flag.Parse(). A cell that uses flag otherwise without
// importing it is left to goimports, which may find another package.
var added = map[string]struct {
	path string
	sels []string
}{"flag": {"flag", []string{"Parse"}}}

// unusedImports returns the import specs of f that nothing in f uses and
// the import paths of added to add, and false when goimports would do
// more: f qualifies with a name it neither declares nor imports, other
// than those of added (an import to find, or an undefined name goimports
// would look for), imports a package that pkgNames (import path →
// package name) does not name, has a dot or cgo import, or imports two
// packages under one name.
func unusedImports(f *ast.File, pkgNames map[string]string) (unused []*ast.ImportSpec, add []string, ok bool) {
	byName := map[string]*ast.ImportSpec{} // the imports a use can keep, by the name they bind
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil || path == "C" {
			return nil, nil, false
		}
		name := pkgNames[path]
		if spec.Name != nil {
			name = spec.Name.Name
		}
		switch {
		case name == "_":
			continue // imported for its effects: goimports keeps it
		case name == "" || name == ".", byName[name] != nil:
			return nil, nil, false
		}
		byName[name] = spec
	}
	used := map[string]bool{}
	ok = true
	ast.Inspect(f, func(n ast.Node) bool {
		sel, isSel := n.(*ast.SelectorExpr)
		if !isSel {
			return ok
		}
		// As goimports: an identifier the file does not declare, before
		// an exported name. The parser leaves an identifier unresolved
		// when the file does not declare it: a package name, a
		// predeclared one, or one undefined.
		if id, isID := sel.X.(*ast.Ident); isID && id.Obj == nil && ast.IsExported(sel.Sel.Name) {
			if byName[id.Name] == nil {
				a, known := added[id.Name]
				switch {
				case !known || !slices.Contains(a.sels, sel.Sel.Name):
					ok = false
				case !slices.Contains(add, a.path):
					add = append(add, a.path)
				}
			}
			used[id.Name] = true
		}
		return ok
	})
	if !ok {
		return nil, nil, false
	}
	for name, spec := range byName { // a set: removeImports keeps the file's order
		if !used[name] {
			unused = append(unused, spec)
		}
	}
	return unused, add, true
}

// removeImports deletes specs from f's import declarations, and a
// declaration left without specs.
func removeImports(f *ast.File, specs []*ast.ImportSpec) {
	drop := map[*ast.ImportSpec]bool{}
	for _, s := range specs {
		drop[s] = true
	}
	decls := f.Decls[:0]
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			decls = append(decls, d)
			continue
		}
		kept := gd.Specs[:0]
		for _, s := range gd.Specs {
			if !drop[s.(*ast.ImportSpec)] {
				kept = append(kept, s)
			}
		}
		gd.Specs = kept
		if len(kept) > 0 {
			decls = append(decls, gd)
		}
	}
	f.Decls = decls
	imports := f.Imports[:0]
	for _, s := range f.Imports {
		if !drop[s] {
			imports = append(imports, s)
		}
	}
	f.Imports = imports
}

// addImport imports path in f: in its first import declaration with
// parentheses, or in a new one before its declarations.
func addImport(f *ast.File, path string) {
	spec := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(path)}}
	f.Imports = append(f.Imports, spec)
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && gd.Lparen.IsValid() {
			gd.Specs = append(gd.Specs, spec)
			return
		}
	}
	f.Decls = append([]ast.Decl{&ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{spec}}}, f.Decls...)
}
