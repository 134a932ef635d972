package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/sigprop/sigprop/reports/kernel"
	"github.com/sigprop/sigprop/reports/kernel/relay"
)

// kernelName is the kernelspec name of the sigprop kernel, the name the
// committed notebooks' metadata.kernelspec.name carries.
const kernelName = "sigprop"

// cmdKernel implements `sigprop kernel install` and `sigprop kernel run`.
func cmdKernel(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "install":
			return kernelInstall(args[1:], stdout, stderr)
		case "run":
			return kernelRun(args[1:], stderr)
		}
	}
	return fmt.Errorf("usage: sigprop kernel install | sigprop kernel run --module DIR --connection-file FILE")
}

// kernelInstall registers the sigprop kernel (package relay) with Jupyter,
// in $JUPYTER_DATA_DIR/kernels/sigprop or ~/.local/share/jupyter/kernels/
// sigprop: kernel.json, and a sigprop binary built from this checkout
// that the kernelspec runs as `sigprop kernel run`. It also builds the
// pinned gonb, goimports and gopls, so that the first kernel starts at once.
// Re-run it after changing the relay's code (`just lab` does).
func kernelInstall(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("kernel install", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("kernel install takes no arguments, got %q", fs.Args())
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	ctx := context.Background()
	tools, err := kernel.BuildTools(ctx, root, "")
	if err != nil {
		return err
	}
	if _, err := kernel.BuildGopls(ctx, root, ""); err != nil {
		fmt.Fprintf(stderr, "sigprop: gopls not built, so notebooks will have no completion or hover docs: %v\n", err)
	}
	dataDir := os.Getenv("JUPYTER_DATA_DIR")
	if dataDir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return err
		}
		dataDir = filepath.Join(home, ".local", "share", "jupyter")
	}
	dir := filepath.Join(dataDir, "kernels", kernelName)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// The binary is built from the checkout, not copied from this process:
	// under `go run` or `go test` the running executable is temporary or
	// not the command at all. A running kernel keeps its old file (rename).
	bin := filepath.Join(dir, "sigprop")
	tmp := fmt.Sprintf("%s.tmp%d", bin, os.Getpid())
	build := exec.CommandContext(ctx, "go", "build", "-o", tmp, "github.com/sigprop/sigprop/cmd/sigprop")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("go build ./cmd/sigprop: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		os.Remove(tmp)
		return err
	}
	spec := map[string]any{
		"argv":           []string{bin, "kernel", "run", "--module", root, "--connection-file", "{connection_file}"},
		"display_name":   "Go (sigprop)",
		"language":       "go",
		"interrupt_mode": "message",
		// PATH as at install time, so that the kernel finds go even when
		// Jupyter is started from an environment without it.
		"env":      map[string]string{"PATH": os.Getenv("PATH")},
		"metadata": map[string]any{"sigprop_module": root, "gonb_version": tools.GonbVersion},
	}
	b, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(dir, "kernel.json")
	if err := os.WriteFile(path+".tmp", b, 0o644); err != nil {
		return err
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "installed kernel %q (gonb %s wired to %s) in %s\n", "Go (sigprop)", tools.GonbVersion, root, dir)
	return nil
}

// kernelRun is the kernel process Jupyter starts: the relay in front of a
// wired gonb (package relay). SIGINT interrupts the running cell; SIGTERM
// and SIGHUP, and the loss of the parent process (Jupyter gone), shut gonb
// down and remove its temporary directory, also while the kernel is still
// starting. It returns nil after a shutdown request from Jupyter.
func kernelRun(args []string, stderr io.Writer) error {
	ppid := os.Getppid() // first, before the parent can have gone
	fs := flag.NewFlagSet("kernel run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	module := fs.String("module", "", "root of the sigprop checkout the cells import (required)")
	connFile := fs.String("connection-file", "", "Jupyter connection file (required)")
	gopls := fs.Bool("gopls", true, "start gopls with the kernel, for completion and hover docs (false: the kernel runs cells only, as the report's kernels do)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *module == "" || *connFile == "" || fs.NArg() > 0 {
		return fmt.Errorf("usage: sigprop kernel run --module DIR --connection-file FILE [--gopls=false]")
	}
	// When Jupyter dies, stderr is a broken pipe: a log line must not kill
	// the process (Go's default for SIGPIPE on fd 2) before it cleans up.
	signal.Ignore(syscall.SIGPIPE)
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)

	// stop is closed on SIGTERM, SIGHUP or the parent's exit; interrupts
	// carries SIGINT.
	stop, interrupts := make(chan struct{}), make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case s := <-sigs:
				if s == syscall.SIGINT {
					select {
					case interrupts <- struct{}{}:
					default:
					}
					continue
				}
				fmt.Fprintf(stderr, "sigprop kernel: %v, shutting down\n", s)
			case <-tick.C:
				if os.Getppid() == ppid {
					continue
				}
				fmt.Fprintln(stderr, "sigprop kernel: parent process gone, shutting down")
			case <-ctx.Done():
				return
			}
			close(stop)
			cancel() // a relay still starting gives up and cleans up
			return
		}
	}()

	t0 := time.Now()
	// A kernel process that was SIGKILLed (Jupyter's last resort) could not
	// remove gonb's TMPDIR; the next one does.
	removed, killed := kernel.RemoveStale()
	for _, d := range removed {
		fmt.Fprintf(stderr, "sigprop kernel: removed %s, left by a kernel that was killed\n", d)
	}
	for _, pid := range killed {
		fmt.Fprintf(stderr, "sigprop kernel: ended process %d, left running by a kernel that was killed\n", pid)
	}
	tools, err := kernel.BuildTools(ctx, *module, "")
	if err != nil {
		return err
	}
	// gopls gives the notebook completion and hover docs; a kernel without
	// it still runs cells.
	if !*gopls {
		tools.GoplsDir = ""
	} else if tools.GoplsDir, err = kernel.BuildGopls(ctx, *module, ""); err != nil {
		tools.GoplsDir = ""
		fmt.Fprintf(stderr, "sigprop kernel: no completion or hover docs: %v\n", err)
	}
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	r, err := relay.Start(ctx, *connFile, relay.Options{Tools: tools, Module: *module, Dir: wd, Log: stderr})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "sigprop kernel: gonb %s wired to %s, relaying (ready in %v)\n", tools.GonbVersion, *module, time.Since(t0).Round(time.Millisecond))
	for {
		select {
		case <-r.Done():
			return r.Wait()
		case <-interrupts:
			ictx, icancel := context.WithTimeout(context.Background(), 10*time.Second)
			if err := r.Interrupt(ictx); err != nil {
				fmt.Fprintf(stderr, "sigprop kernel: interrupt: %v\n", err)
			}
			icancel()
		case <-stop:
			r.Close()
			return r.Wait()
		}
	}
}

// modulePathIs reports whether go.mod content b declares module path.
func modulePathIs(b []byte, path string) bool {
	return bytes.Contains(b, []byte("module")) && modfile.ModulePath(b) == path
}
