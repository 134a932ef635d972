package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"

	"github.com/sigprop/sigprop/reports/kernel"
)

// cmdKernel implements `sigprop kernel install`: registers the gonb kernel,
// built from the version go.mod pins, with Jupyter (in $JUPYTER_DATA_DIR or
// ~/.local/share/jupyter), with goimports on its PATH and SIGPROP_ROOT
// pointing at this checkout.
func cmdKernel(args []string, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "install" {
		return fmt.Errorf("usage: sigprop kernel install")
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	tools, err := kernel.BuildTools(context.Background(), root, "")
	if err != nil {
		return err
	}
	dataDir := os.Getenv("JUPYTER_DATA_DIR")
	if dataDir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return err
		}
		dataDir = filepath.Join(home, ".local", "share", "jupyter")
	}
	dir := filepath.Join(dataDir, "kernels", "gonb")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	spec := map[string]any{
		"argv":           []string{tools.Gonb, "--kernel", "{connection_file}"},
		"display_name":   "Go (gonb)",
		"language":       "go",
		"interrupt_mode": "message",
		"env": map[string]string{
			"PATH":         tools.Dir + string(os.PathListSeparator) + os.Getenv("PATH"),
			"SIGPROP_ROOT": root,
		},
	}
	b, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(dir, "kernel.json")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "installed gonb %s kernel spec in %s\n", tools.GonbVersion, path)
	return nil
}

// modulePathIs reports whether go.mod content b declares module path.
func modulePathIs(b []byte, path string) bool {
	return bytes.Contains(b, []byte("module")) && modfile.ModulePath(b) == path
}
