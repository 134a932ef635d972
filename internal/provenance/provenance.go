package provenance

import (
	"context"
	"os/exec"
	"strings"
)

// Git returns the commit HEAD of the checkout at root and whether tracked
// files have uncommitted changes (`git status --porcelain
// --untracked-files=no` is not empty). Outside a git repository, or
// without git, commit is "" and dirty false.
func Git(ctx context.Context, root string) (commit string, dirty bool) {
	head := exec.CommandContext(ctx, "git", "rev-parse", "HEAD")
	head.Dir = root
	out, err := head.Output()
	if err != nil {
		return "", false
	}
	commit = strings.TrimSpace(string(out))
	st := exec.CommandContext(ctx, "git", "status", "--porcelain", "--untracked-files=no")
	st.Dir = root
	if out, err := st.Output(); err == nil {
		dirty = len(strings.TrimSpace(string(out))) > 0
	}
	return commit, dirty
}
