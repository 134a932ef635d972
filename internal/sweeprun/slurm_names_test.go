package sweeprun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSubmitHostileNames: a sweep directory (and binary) whose name holds
// blanks, quotes, $, backticks or a glob is submitted, and the script,
// run by bash as an array task, calls the binary with exactly the
// directory as one argument and nothing else runs; sbatch gets the
// output path as one argument. Names holding a newline, a '%' or a
// backslash are refused with an error naming the path.
func TestSubmitHostileNames(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("needs bash")
	}
	for _, name := range []string{"with space", `it's`, `say "hi"`, "$HOME", "$(touch pwned)", "`touch pwned`", "a;b", "*", "-x"} {
		t.Run(name, func(t *testing.T) {
			src := withKind(t, &fakeKind{})
			dir := filepath.Join(t.TempDir(), name)
			if err := os.Rename(src, dir); err != nil {
				t.Fatal(err)
			}
			// The binary prints its arguments, one per line, into args.txt
			// beside itself; it lives in a directory with the same name.
			bdir := filepath.Join(t.TempDir(), name)
			os.MkdirAll(bdir, 0o755)
			bin := filepath.Join(bdir, "sigprop")
			os.WriteFile(bin, []byte("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$(dirname \"$0\")/args.txt\"\n"), 0o755)
			f := &fakeSlurm{nextID: 1}
			sub, err := Submit(context.Background(), dir, SubmitOptions{ArraySize: 2, Binary: bin, Exec: f.run})
			if err != nil {
				t.Fatal(err)
			}
			call := f.calls[len(f.calls)-1]
			if call[2] != "--output="+filepath.Join(dir, "slurm", "%A_%a.out") {
				t.Errorf("sbatch --output argument %q", call[2])
			}
			work := t.TempDir()
			cmd := exec.Command("bash", sub.Script)
			cmd.Dir = work
			cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=1", "SLURM_CPUS_PER_TASK=3", "HOME="+work)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("the script failed: %v\n%s", err, out)
			}
			got, err := os.ReadFile(filepath.Join(bdir, "args.txt"))
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Join([]string{"sweep", "run", dir, "--shard", "1/2", "--workers", "3"}, "\n") + "\n"
			if string(got) != want {
				t.Errorf("the binary got\n%s\nwant\n%s", got, want)
			}
			if _, err := os.Stat(filepath.Join(work, "pwned")); err == nil {
				t.Error("a command in the directory name ran")
			}
		})
	}
	for _, name := range []string{"line\nbreak", "100%", `back\slash`} {
		src := withKind(t, &fakeKind{})
		dir := filepath.Join(t.TempDir(), name)
		if err := os.Rename(src, dir); err != nil {
			t.Fatal(err)
		}
		f := &fakeSlurm{nextID: 1}
		_, err := Submit(context.Background(), dir, SubmitOptions{ArraySize: 2, Binary: fakeBinary(t), Exec: f.run})
		if err == nil || !strings.Contains(err.Error(), "sweep directory") || !strings.Contains(err.Error(), "rename it") {
			t.Errorf("%q: err %v, want a refusal naming the directory", name, err)
		}
		for _, c := range f.calls {
			if c[0] == "sbatch" {
				t.Errorf("%q: sbatch was called", name)
			}
		}
	}
}
