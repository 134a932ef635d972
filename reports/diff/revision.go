package diff

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/sigprop/sigprop/internal/tempdir"
	"github.com/sigprop/sigprop/reports/publish"
)

// ErrNotReport is returned by Load for a directory without manifest.json.
var ErrNotReport = errors.New("not a sigprop report")

// Load returns the manifest for spec, which is either a report directory
// (written by `sigprop report --out DIR`) or a git revision of the
// repository at repo. For a revision the reports are built in a temporary
// git worktree with that revision's own sigprop (so the result cache is
// reused: an unchanged notebook is not re-executed), and the worktree is
// removed afterwards. Progress of the build goes to log.
func Load(ctx context.Context, repo, spec string, log io.Writer) (*publish.Manifest, error) {
	if st, err := os.Stat(spec); err == nil && st.IsDir() {
		if _, err := os.Stat(filepath.Join(spec, "manifest.json")); err != nil {
			return nil, fmt.Errorf("%s: %w (no manifest.json; make one with `sigprop report --out %s`)", spec, ErrNotReport, spec)
		}
		return publish.ReadManifest(spec)
	}
	commit, err := git(ctx, repo, "rev-parse", "--verify", "--quiet", spec+"^{commit}")
	if err != nil {
		return nil, fmt.Errorf("%q is neither a report directory nor a git revision of %s", spec, repo)
	}
	return buildRevision(ctx, repo, commit, log)
}

// tempPrefix names the temporary directories of the revisions' worktrees.
const tempPrefix = "sigprop-diff-"

func buildRevision(ctx context.Context, repo, commit string, log io.Writer) (*publish.Manifest, error) {
	// Worktrees of a diff that was killed: remove them and let git forget
	// them.
	if stale := tempdir.RemoveStale(tempPrefix); len(stale) > 0 {
		git(ctx, repo, "worktree", "prune")
	}
	tmp, err := tempdir.New(tempPrefix)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wt := filepath.Join(tmp, "worktree")
	if _, err := git(ctx, repo, "worktree", "add", "--detach", "--quiet", wt, commit); err != nil {
		return nil, err
	}
	defer func() {
		// Remove the worktree and its administrative entry in the repository.
		git(context.Background(), repo, "worktree", "remove", "--force", wt)
		git(context.Background(), repo, "worktree", "prune")
	}()
	out := filepath.Join(tmp, "site")
	err = runReport(ctx, wt, tmp, out, log)
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		// A failed cell or metric is part of what the diff shows.
	default:
		return nil, fmt.Errorf("building the reports of %.12s: %w", commit, err)
	}
	return publish.ReadManifest(out)
}

func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
